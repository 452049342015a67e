import cluster from 'node:cluster';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A round-robin TCP balancer in its own processes (bench/lib/pair.ts): each new connection goes
 * to the next of UPSTREAM_PORTS, connecting from the client's own loopback address so each
 * instance sees the address the bench chose (127.0.0.x), as behind a transparent balancer.
 * Its own processes, not the bench's: piping every byte of thousands of connections on the event
 * loop that also drives the attack and times the victim would measure the bench, not the server.
 * BALANCER_WORKERS processes share the port (node:cluster): each connection costs the balancer
 * two descriptors, and one process's open-file limit (20,000 here) held fewer than 10,000, so
 * the idle and mixed floods (21,000 sockets) measured the balancer's EMFILE, not the servers.
 */
const ports = (process.env.UPSTREAM_PORTS ?? '').split(',').map(Number).filter(Boolean);
if (ports.length === 0) throw new Error('UPSTREAM_PORTS: the instances’ ports, comma-separated');
const workers = Math.max(1, Number(process.env.BALANCER_WORKERS ?? 4));

if (cluster.isPrimary && workers > 1) {
  // The primary accepts and hands each connection to a worker in turn (cluster's round robin).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  for (let i = 0; i < workers; i++) cluster.fork({ BALANCER_WORKER: String(i) });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  // Each worker starts at a different instance, so the instances' shares stay even.
  let next = Number(process.env.BALANCER_WORKER ?? 0);
  const sockets = new Set<Socket>();
  const balancer = createServer((client) => {
    const port = ports[next++ % ports.length]!;
    const upstream = connect({ host: '127.0.0.1', port, localAddress: client.remoteAddress });
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  balancer.maxConnections = 100_000;
  balancer.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', 65_535);
  process.once('SIGTERM', () => {
    for (const socket of sockets) socket.destroy();
    balancer.close(() => process.exit(0));
  });
}
