import { expect } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../src/server/limits.ts';
import {
  addQuestion,
  createPoll,
  type HostedPoll,
  type SharedTestApp,
  setStatus,
  setUpTestApp,
} from '../api/api-client.ts';

/**
 * An app listening with rate limits on, each address's rebuild budget plenty (so only the
 * server-wide budget, set by `server`, can refuse), and polls made as fast as a test needs.
 */
export function setUpReadCostApp(server: { burstMs: number; perSecondMs: number }): SharedTestApp {
  const limits: Limits = {
    ...DEFAULT_LIMITS,
    POLL_CREATE_BURST: 1_000,
    POLL_EDIT_BURST: 1_000,
    READ_REBUILD_BURST_MS: 100_000,
    READ_REBUILD_MS_PER_S: 100_000,
    READ_REBUILD_SERVER_BURST_MS: server.burstMs,
    READ_REBUILD_SERVER_MS_PER_S: server.perSecondMs,
  };
  return setUpTestApp({
    config: { port: 0, rateLimits: { enabled: true, limits } },
    listen: true,
  });
}

/** An open poll with public results and one question. */
export async function openPublicPoll(app: SharedTestApp): Promise<HostedPoll> {
  const poll = await createPoll(app.host, {
    title: 'Resultados',
    settings: { resultsPublic: true },
  });
  await addQuestion(app.host, poll, {
    text: '¿Cuál?',
    type: 'single',
    options: [{ text: 'A' }, { text: 'B' }],
  });
  expect((await setStatus(app.host, poll, 'open')).status).toBe(200);
  return poll;
}
