import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { type Server, startServer } from './processes.ts';

/**
 * Two instances of a server script on one database and one Redis (issue 25: the figures on
 * PostgreSQL + Redis with two instances), behind a round-robin TCP balancer in this process:
 * each new connection goes to the next instance, so a phone's stream and its ballots (fresh
 * connections) land on either. The balancer connects from the client's own loopback address,
 * so each instance sees the address the bench chose (127.0.0.x), as behind a transparent
 * balancer. The answer looks like one Server: its memory and CPU are the two instances' sum.
 */
export async function startPair(options: {
  script: string;
  env: Record<string, string>;
  healthPath: string;
  redisUrl: string;
}): Promise<Server> {
  const env = {
    ...options.env,
    REDIS_URL: options.redisUrl,
    // This run's own channel (and key prefix): concurrent runs never hear each other.
    REDIS_CHANNEL: `sondeo:bench:${randomBytes(5).toString('hex')}`,
  };
  // One at a time: both would run the database's migrations at once.
  const a = await startServer({ script: options.script, env, healthPath: options.healthPath });
  const b = await startServer({ script: options.script, env, healthPath: options.healthPath });
  const ports = [a, b].map((s) => Number(new URL(s.url).port));
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
  const port = await new Promise<number>((resolve) =>
    balancer.listen(0, '127.0.0.1', 65_535, () => {
      const address = balancer.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    pid: a.pid,
    output: () => a.output() + b.output(),
    rssMb: () => a.rssMb() + b.rssMb(),
    cpuSeconds: () => a.cpuSeconds() + b.cpuSeconds(),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => balancer.close(resolve));
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}
