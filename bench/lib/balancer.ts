import { connect, createServer, type Socket } from 'node:net';

/**
 * A round-robin TCP balancer in its own process (bench/lib/pair.ts): each new connection goes
 * to the next of UPSTREAM_PORTS, connecting from the client's own loopback address so each
 * instance sees the address the bench chose (127.0.0.x), as behind a transparent balancer.
 * Its own process, not the bench's: piping every byte of thousands of connections on the event
 * loop that also drives the attack and times the victim would measure the bench, not the server.
 */
const ports = (process.env.UPSTREAM_PORTS ?? '').split(',').map(Number).filter(Boolean);
if (ports.length === 0) throw new Error('UPSTREAM_PORTS: the instances’ ports, comma-separated');
let next = 0;
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
