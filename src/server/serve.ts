import { dirname, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { rekeyOldNicknames } from './domain/quiz/nickname.ts';
import { resolveLimits } from './limits.ts';
import { DEFAULT_WINDOW_POLICY } from './live/coalescing-window.ts';
import { createLive } from './live/live.ts';
import { openBus } from './live/open-bus.ts';
import { LogThrottle, throttledLogMethod, throttledWarn } from './log-throttle.ts';
import { openFileLimit } from './open-files.ts';
import { openLimiter } from './rate/open-limiter.ts';
import { openSharedRoom } from './rate/shared-room.ts';
import { openStore } from './store/open-store.ts';
import type { PollStore } from './store/store.ts';
import { youngGenerationStartDone } from './young-generation.ts';

/** Past this, a shutdown that hangs (a stuck connection) gives up rather than never exiting. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  let store: PollStore;
  try {
    config = loadConfig();
    store = await openStore(config);
    // Players who took a name under an older uniqueness rule (migration 023).
    const rekeyed = await rekeyOldNicknames(store);
    if (rekeyed > 0) console.log(`Apodos con la clave nueva: ${rekeyed}.`);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }

  // In-process for one instance; Redis pub/sub between several (REDIS_URL).
  const { bus, description, guard } = await openBus(config);
  console.log(description);
  const openFiles = openFileLimit();
  const limits = resolveLimits(config.rateLimits.limits, openFiles);
  console.log(
    `Límite de archivos abiertos: ${openFiles}; flujos en vivo: ${limits.streamsMax} en total, ` +
      `${limits.streamsPerAddress} por dirección; conexiones: ${limits.connectionsMax} en total, ` +
      `${limits.connectionsPerAddress} por dirección.`,
  );
  const live = createLive(store, bus, {
    maxBytes: limits.liveCacheBytes,
    windowPolicy: {
      ...DEFAULT_WINDOW_POLICY,
      minMs: config.rateLimits.limits.LIVE_WINDOW_MIN_MS,
    },
  });
  const stopGuard = guard(live);
  // Every warning and error at most once a minute per kind, with a count of the rest.
  const logThrottle = new LogThrottle(config.rateLimits.limits.LOG_THROTTLE_MS);
  const limiter = openLimiter(config, throttledWarn(logThrottle));
  // Seats and creation keys of every instance (REDIS_URL); none with one instance.
  const shared = openSharedRoom(config, throttledWarn(logThrottle));
  const app = await buildApp({
    store,
    live,
    limiter,
    shared,
    config: {
      port: config.port,
      host: config.host,
      publicUrl: config.publicUrl,
      embedOrigins: config.embedOrigins,
      rateLimits: config.rateLimits,
      trustProxy: config.trustProxy,
      limits,
      // PostgreSQL's disk is on its own server, out of our sight: no guard there.
      dataDir:
        config.database.kind === 'sqlite' && config.database.file !== ':memory:'
          ? dirname(resolve(config.database.file))
          : undefined,
      logger: {
        level: 'warn',
        hooks: { logMethod: throttledLogMethod(logThrottle) },
      },
      secretKey: config.secretKey,
    },
  });
  if (!config.rateLimits.enabled) {
    console.warn('RATE_LIMITS=off: ningún límite de peticiones está activo.');
  }
  try {
    await app.listen({
      port: config.port,
      host: config.host,
      backlog: config.rateLimits.limits.LISTEN_BACKLOG,
    });
  } catch (error) {
    console.error(`Cannot listen on ${config.host}:${config.port}:`, (error as Error).message);
    await store.close();
    process.exit(1);
  }
  const address = app.server.address();
  console.log(
    await startBanner(config, typeof address === 'object' && address ? address.port : config.port),
  );
  youngGenerationStartDone();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: cerrando…`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // app.close() ends the live streams, stops accepting connections and waits for in-flight
    // requests to finish; only then is the database closed, so every acknowledged vote is on
    // disk.
    await app.close();
    stopGuard();
    await limiter.close();
    await shared?.close();
    live.close();
    await bus.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
