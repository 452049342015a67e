import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_TTL_MS, MAX_BODY_BYTES } from '../contract/index.ts';
import type { TrustProxy } from './config.ts';
import { ConnectionGate } from './connection-gate.ts';
import { DiskSpace } from './disk-space.ts';
import { DomainError } from './domain/errors.ts';
import type { PollEvents } from './domain/events.ts';
import { Deadlines } from './domain/homework/deadlines.ts';
import { qaShares } from './domain/qa/qa-shares.ts';
import { HealthProbes, rawResponse } from './health-probe.ts';
import { ballotAwareValidatorCompiler } from './http/ballot-fast-path.ts';
import { registerCohostAccess, registerCohostRoutes } from './http/cohosts.ts';
import { CreationKeys } from './http/creation-keys.ts';
import { registerDiskGuard } from './http/disk-guard.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerExportRoutes } from './http/exports.ts';
import { registerHomeworkRoutes } from './http/homework.ts';
import { registerIntegrityRoutes } from './http/integrity.ts';
import { createJoinGuard } from './http/join-guard.ts';
import { registerLiveRoutes } from './http/live.ts';
import { registerMetaRoutes } from './http/meta.ts';
import { registerModerationRoutes } from './http/moderation.ts';
import { registerMyPollsRoutes } from './http/my-polls.ts';
import { registerOptionRoutes } from './http/options.ts';
import { ParticipantIds, registerParticipantCookie } from './http/participant.ts';
import { watchPeople } from './http/people.ts';
import { registerPollFileRoutes } from './http/poll-files.ts';
import { registerPollRoutes } from './http/polls.ts';
import { registerQaIntegrityRoutes, registerQaRoutes } from './http/qa.ts';
import { registerQuestionRoutes } from './http/questions.ts';
import { createQuiz, registerQuizRoutes } from './http/quiz.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { ReadCost } from './http/read-cost.ts';
import { registerRateLimiting, registerRoomRoutes } from './http/room.ts';
import { RoomSeats } from './http/room-seats.ts';
import { registerRoundRoutes } from './http/rounds.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { SourceHasher } from './http/source.ts';
import { registerVoteRoutes } from './http/votes.ts';
import { hasWebBuild, registerJoinRedirect, registerNotFound, registerWebApp } from './http/web.ts';
import {
  DEFAULT_LIMITS,
  DEFAULT_RATE_LIMITS,
  DRAFT_SWEEP_EVERY_MS,
  type RateLimitSettings,
  resolveLimits,
  type ServerLimits,
} from './limits.ts';
import { type ChangeBus, teeEvents } from './live/change-bus.ts';
import { KnownRooms } from './live/known-rooms.ts';
import { createLive, type Live, type LiveOptions } from './live/live.ts';
import { openFileLimit } from './open-files.ts';
import { createLimiter, type Limiter } from './rate/limiter.ts';
import { Seats } from './rate/seats.ts';
import type { SharedRoom } from './rate/shared-room.ts';
import type { PollStore } from './store/store.ts';

// Zod's generic messages (a wrong type, a missing field) in Spanish, like the contract's own.
z.config(z.locales.es());

export interface AppConfig {
  /** The port the server listens on, for the LAN URLs of GET /info. */
  port: number;
  publicUrl?: string;
  /** The interface it listens on: GET /info names no LAN address when that is loopback. */
  host?: string;
  /** Whom to believe about the client's address and https (TRUST_PROXY); default nobody. */
  trustProxy?: TrustProxy;
  /** Folder of the SQLite file, whose free space the disk guard watches (none: no guard). */
  dataDir?: string;
  /** Limits of limits.ts; what is missing takes its default. */
  limits?: Partial<ServerLimits>;
  /** The built web app; default dist/web. null: API only. Served only if index.html exists. */
  webDir?: string | null;
  /** Rate buckets and caps; default limits.ts's, buckets on. */
  rateLimits?: RateLimitSettings;
  logger?: FastifyServerOptions['logger'];
  /** SECRET_KEY; without it, the key stored in the database (generated on first start). */
  secretKey?: string;
  /** EMBED_ORIGINS: who may frame /embed/{slug} besides this origin. */
  embedOrigins?: readonly string[];
}

export interface AppDeps {
  store: PollStore;
  config: AppConfig;
  /** Also told of every change, besides the bus (tests listen here). */
  events?: PollEvents;
  /** Caches and streams, made by the caller (main.ts, to reach the hub). Ended, not closed,
   *  with the app: the caller closes it and its bus. */
  live?: Live;
  /** Without `live`, the bus for the one the app makes (default: in-process); the app closes
   *  what it made, not the bus. */
  bus?: ChangeBus;
  liveOptions?: LiveOptions;
  /** Buckets shared through Redis (main.ts); default: in memory, from `config.rateLimits`. The
   *  app closes only a limiter it made. */
  limiter?: Limiter;
  /** Seats and creation keys shared through Redis (main.ts, rate/shared-room.ts); default:
   *  this instance's only. The caller closes it. */
  shared?: SharedRoom;
}

const DEFAULT_WEB_DIR = join(import.meta.dirname, '../../dist/web');
/** The database's signing key (server_keys): participant ids and ballot sources. */
const SIGNING_KEY = 'signing';
const newKey = () => randomBytes(32).toString('base64url');
/** Expired Idempotency-Keys are only dead weight (lookups ignore them), so hourly is plenty. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Builds the HTTP app around its dependencies; never listens (main.ts does, tests inject). */
export async function buildApp({
  store: givenStore,
  config,
  events: extraEvents,
  live: givenLive,
  bus,
  liveOptions,
  limiter: givenLimiter,
  shared,
}: AppDeps): Promise<FastifyInstance> {
  const limits = appLimits(config.limits);
  const app = Fastify({
    logger: config.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow senders cannot hold sockets: headers and whole requests have a deadline, idle
    // keep-alive connections are closed. Streams are bodiless GETs, complete at once, so the
    // request deadline never ends them.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node checks the deadlines above only this often (default 30 s).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
      ),
    },
  });
  // Issue 27: every read of a poll passes its deadline first (domain/homework/deadlines.ts).
  const deadlines = new Deadlines(givenStore, undefined, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const store = deadlines.wrap(givenStore);
  app.addHook('onReady', async () => {
    await deadlines.armAll().catch((error) => app.log.warn({ err: error }, 'homework: timers'));
  });
  app.addHook('onClose', async () => deadlines.stop());
  const healthProbes = new HealthProbes();
  const gate = new ConnectionGate(
    {
      // Behind a reverse proxy every socket comes from the proxy: only the global cap applies.
      perAddress: config.trustProxy ? 0 : limits.connectionsPerAddress,
      max: limits.connectionsMax,
      writeStallMs: limits.writeStallMs,
      pipelinedMax: limits.pipelinedMax,
    },
    Date.now,
    healthProbes,
  );
  gate.attach(app.server);
  // The answer a /health probe gets when the gate is full: the app's own, made once listening.
  app.server.once('listening', () => {
    app
      .inject({ method: 'GET', url: '/api/v1/health' })
      .then((res) => healthProbes.setResponse(rawResponse(res.statusCode, res.headers, res.body)))
      .catch((error) => app.log.warn({ err: error }, 'health answer not prepared'));
  });
  // Who behaves as people behind each address (live/known-rooms.ts): streams follow them.
  const rooms = new KnownRooms({
    unknownStreams: limits.streamsPerUnknownAddress,
    perPerson: limits.streamsPerPerson,
    maxStreams: limits.streamsPerAddress,
  });
  watchPeople(app, rooms);
  app.setValidatorCompiler(ballotAwareValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl, embedOrigins: config.embedOrigins });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sondeo API',
        description: 'Encuestas en vivo: crear, compartir, votar y ver resultados.',
        version: '1',
      },
      components: {
        securitySchemes: {
          hostSecret: { type: 'apiKey', in: 'header', name: 'X-Host-Secret' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyCookie);
  const limiter = givenLimiter ?? createLimiter(config.rateLimits ?? DEFAULT_RATE_LIMITS);
  if (!givenLimiter) app.addHook('onClose', async () => limiter.close());
  const secret = config.secretKey ?? (await store.serverKey(SIGNING_KEY, newKey));
  const participantIds = new ParticipantIds(secret, limits.hmacMemoEntries);
  // Who holds a participation stream, for the ballot buckets and the integrity view.
  const seats = new Seats(limiter.settings.limits.SEATS_MAX, Date.now, shared?.seats);
  app.addHook('onClose', async () => seats.close());
  const room = new RoomSeats(seats, participantIds, limiter);
  // Buckets first: a refused ballot costs no participant id.
  registerRateLimits(app, limiter, room);
  registerParticipantCookie(app, participantIds, limiter);
  await registerRateLimiting(app);
  const joinGuard = createJoinGuard(config.rateLimits ?? DEFAULT_RATE_LIMITS);

  const live =
    givenLive ??
    createLive(store, bus, {
      maxBytes: limits.liveCacheBytes,
      log: (message, error) => app.log.warn({ err: error }, message),
      ...liveOptions,
    });
  const events = extraEvents ? teeEvents(live.events, extraEvents) : live.events;
  deadlines.onClosed = (slug) => {
    events.pollChanged(slug);
    events.votesChanged(slug);
  };
  // Open streams never finish by themselves; ending them first lets close() wait for the rest.
  app.addHook('preClose', async () => live.hub.close());
  if (!givenLive) app.addHook('onClose', async () => live.close());
  reapConnectionsWhileClosing(app);

  if (config.dataDir)
    registerDiskGuard(app, new DiskSpace(config.dataDir, limits.diskMinFreeBytes));
  registerMetaRoutes(app, config);
  // Issue 28: co-host links are checked against the scope table before any route runs.
  const cohostLimits = {
    max: limiter.settings.limits.COHOSTS_PER_POLL,
    actionsKept: limiter.settings.limits.COHOST_ACTIONS_KEPT,
  };
  registerCohostAccess(app, store, cohostLimits);
  registerCohostRoutes(app, store, events, { ...cohostLimits, publicUrl: config.publicUrl });
  const quiz = createQuiz(app, store, events, live.standings);
  // One budget per address for what anonymous reads make the server rebuild: polls, summaries
  // and server-rendered pages alike (http/read-cost.ts).
  const readCost = new ReadCost({
    enabled: limiter.settings.enabled,
    perSecondMs: limiter.settings.limits.READ_REBUILD_MS_PER_S,
    burstMs: limiter.settings.limits.READ_REBUILD_BURST_MS,
    serverPerSecondMs: limiter.settings.limits.READ_REBUILD_SERVER_MS_PER_S,
    serverBurstMs: limiter.settings.limits.READ_REBUILD_SERVER_BURST_MS,
  });
  // Issue 24: one memory of creation Idempotency-Keys for polls, questions and options.
  const creationKeys = new CreationKeys(
    limiter.settings.limits.CREATION_KEYS_MAX,
    undefined,
    Date.now,
    shared?.creationKeys,
  );
  registerPollRoutes(app, store, events, live.cache, quiz.closer, readCost, creationKeys);
  registerQuestionRoutes(app, store, events, creationKeys);
  registerPollFileRoutes(app, {
    store,
    events,
    creationKeys,
    limits: {
      fileMaxBytes: limiter.settings.limits.IMPORT_FILE_MAX_BYTES,
      unzippedMaxBytes: limiter.settings.limits.IMPORT_UNZIPPED_MAX_BYTES,
      questionsMax: limiter.settings.limits.IMPORT_QUESTIONS_MAX,
    },
  });
  registerOptionRoutes(app, store, events, creationKeys);
  registerModerationRoutes(app, store, events, {
    max: limiter.settings.limits.BLOCKED_WORDS_MAX,
    length: limiter.settings.limits.BLOCKED_WORD_LENGTH_MAX,
  });
  const sources = new SourceHasher(secret, limits.hmacMemoEntries);
  registerQaRoutes(app, {
    store,
    events,
    limiter,
    maxPerPoll: limiter.settings.limits.QA_QUESTIONS_PER_POLL,
    sources,
    shares: (placesLeft) => qaShares(limiter.settings.limits, placesLeft),
  });
  registerQaIntegrityRoutes(app, { store, events });
  registerVoteRoutes(app, {
    store,
    events,
    cache: live.cache,
    sources,
    maxSelections: limiter.settings.limits.MAX_BALLOT_SELECTIONS,
    closer: quiz.closer,
    readCost,
    room,
    standings: quiz.standings,
  });
  registerRoundRoutes(app, { store, events, standings: quiz.standings });
  registerQuizRoutes(app, store, quiz, limiter);
  registerHomeworkRoutes(app, store, events, (slug) => live.cache.poll(slug));
  registerLiveRoutes(app, live, {
    caps: { perAddress: limits.streamsPerAddress, max: limits.streamsMax },
    rooms,
    gate,
    seats: room.seats,
    readCost,
  });
  registerExportRoutes(app, store);
  registerRoomRoutes(app, store, joinGuard, quiz.standings);
  registerMyPollsRoutes(app, store, config.rateLimits ?? DEFAULT_RATE_LIMITS);
  registerIntegrityRoutes(app, {
    store,
    events,
    limiter,
    refusedScope: limiter.shared ? 'shared' : 'instance',
  });

  const webDir = config.webDir === undefined ? DEFAULT_WEB_DIR : config.webDir;
  const web = hasWebBuild(webDir)
    ? await registerWebApp(app, webDir, live.cache, readCost, limits.liveCacheBytes)
    : null;
  registerJoinRedirect(app, store, joinGuard);
  registerNotFound(app, web);

  scheduleIdempotencySweep(app, store);
  if (limits.draftTtlDays > 0) scheduleDraftSweep(app, store, live, limits.draftTtlDays);
  return app;
}

/** A hop count as the function Fastify makes of one (its types only take the function). */
function fastifyTrustProxy(
  trust: TrustProxy = false,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The limits the app runs with: the given ones, the rest at their defaults. */
function appLimits(given: Partial<ServerLimits> = {}): ServerLimits {
  const sized = given.streamsMax !== undefined && given.connectionsMax !== undefined;
  const defaults = resolveLimits(DEFAULT_LIMITS, sized ? 0 : openFileLimit());
  return { ...defaults, ...given };
}

/**
 * JSON bodies through Fastify's safe parser (prototype poisoning refused), except that an empty
 * body is "no body": clients send Content-Type: application/json on bodiless POSTs (duplicate,
 * reset). Malformed JSON is INVALID_JSON; any other content type is 415.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON only: a text/plain body is refused with 415 instead of reaching the schemas as a string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, (error, value) => {
      if (error) done(new DomainError('INVALID_JSON'), undefined);
      else done(null, value);
    });
  });
}

/**
 * close() closes the keep-alive connections idle at that moment, then waits for the others; one
 * whose request was still running goes back to idle afterwards and would hold the close for the
 * keep-alive timeout (72 s). Requests span event-loop turns (ballots wait for their batch, the
 * PostgreSQL store awaits the network), so while closing, idle connections are closed as they
 * appear.
 */
function reapConnectionsWhileClosing(app: FastifyInstance): void {
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    reaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(reaper));
}

function scheduleIdempotencySweep(app: FastifyInstance, store: PollStore): void {
  const sweep = () =>
    store
      .sweepIdempotencyKeys(new Date(Date.now() - IDEMPOTENCY_TTL_MS))
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Deletes drafts never opened and untouched for `ttlDays` (DRAFT_TTL_DAYS), at start and then
 * hourly; caches and streams hear of each as a changed poll, find it gone and drop it.
 */
function scheduleDraftSweep(app: FastifyInstance, store: PollStore, live: Live, ttlDays: number) {
  const sweep = async () => {
    try {
      const cutoff = new Date(Date.now() - ttlDays * 24 * 60 * 60 * 1000);
      const slugs = await store.deleteStaleDrafts(cutoff);
      for (const slug of slugs) live.bus.publish({ slug, kind: 'poll' });
      if (slugs.length > 0) app.log.info({ deleted: slugs.length }, 'stale drafts deleted');
    } catch (error) {
      app.log.warn({ err: error }, 'draft sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, DRAFT_SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
