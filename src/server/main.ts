import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLive } from './live/live.ts';
import { openBus } from './live/open-bus.ts';
import { lanAddresses } from './net.ts';
import { openStore } from './store/open-store.ts';
import type { PollStore } from './store/store.ts';

/** Past this, a shutdown that hangs (a stuck connection) gives up rather than never exiting. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function printUrls(config: Config, port: number): void {
  const lines = [`  Local:   http://localhost:${port}/`];
  const listensEverywhere = config.host === '0.0.0.0' || config.host === '::';
  if (listensEverywhere) {
    for (const ip of lanAddresses()) lines.push(`  Red:     http://${ip}:${port}/`);
  } else if (config.host !== '127.0.0.1' && config.host !== 'localhost') {
    lines.push(`  Red:     http://${config.host}:${port}/`);
  }
  if (config.publicUrl) lines.push(`  Público: ${config.publicUrl}/`);
  console.log(`Sondeo está listo. Abre:\n${lines.join('\n')}`);
  if (listensEverywhere)
    console.log('Los teléfonos en la misma red Wi-Fi entran por la dirección «Red».');
}

async function main(): Promise<void> {
  let config: Config;
  let store: PollStore;
  try {
    config = loadConfig();
    store = await openStore(config);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }

  // In-process for one instance; Redis pub/sub between several (REDIS_URL).
  const { bus, description, guard } = await openBus(config);
  console.log(description);
  const live = createLive(store, bus);
  const stopGuard = guard(live);
  const app = await buildApp({
    store,
    live,
    config: { port: config.port, publicUrl: config.publicUrl, logger: { level: 'warn' } },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`Cannot listen on ${config.host}:${config.port}:`, (error as Error).message);
    await store.close();
    process.exit(1);
  }
  const address = app.server.address();
  printUrls(config, typeof address === 'object' && address ? address.port : config.port);

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
    live.close();
    await bus.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
