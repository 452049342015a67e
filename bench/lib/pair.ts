import { randomBytes } from 'node:crypto';
import { type Server, startServer } from './processes.ts';

/**
 * Two instances of a server script on one database and one Redis (issue 25: the figures on
 * PostgreSQL + Redis with two instances), behind a round-robin TCP balancer in its own processes
 * (lib/balancer.ts): each new connection goes to the next instance, so a phone's stream and its
 * ballots (fresh connections) land on either. The answer looks like one Server: its memory and
 * CPU are the two instances' sum (the balancer's are not the server's).
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
  const balancer = await startServer({
    script: 'bench/lib/balancer.ts',
    env: { UPSTREAM_PORTS: [a, b].map((s) => new URL(s.url).port).join(',') },
    healthPath: options.healthPath,
  });
  return {
    url: balancer.url,
    instanceUrls: [a.url, b.url],
    pid: a.pid,
    output: () => a.output() + b.output(),
    rssMb: () => a.rssMb() + b.rssMb(),
    cpuSeconds: () => a.cpuSeconds() + b.cpuSeconds(),
    stop: async () => {
      await balancer.stop();
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}
