import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_TTL_MS, MAX_BODY_BYTES } from '../contract/index.ts';
import { DomainError } from './domain/errors.ts';
import type { PollEvents } from './domain/events.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerLiveRoutes } from './http/live.ts';
import { registerMetaRoutes } from './http/meta.ts';
import { registerOptionRoutes } from './http/options.ts';
import { registerParticipantCookie } from './http/participant.ts';
import { registerPollRoutes } from './http/polls.ts';
import { registerQuestionRoutes } from './http/questions.ts';
import { registerVoteRoutes } from './http/votes.ts';
import { hasWebBuild, registerNotFound, registerWebApp } from './http/web.ts';
import { type ChangeBus, teeEvents } from './live/change-bus.ts';
import { createLive, type Live, type LiveOptions } from './live/live.ts';
import type { PollStore } from './store/store.ts';

// Zod's generic messages (a wrong type, a missing field) in Spanish, like the contract's own.
z.config(z.locales.es());

export interface AppConfig {
  /** The port the server listens on, for the LAN URLs of GET /info. */
  port: number;
  publicUrl?: string;
  /** The built web app; default dist/web. null: API only. Served only if index.html exists. */
  webDir?: string | null;
  logger?: FastifyServerOptions['logger'];
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
}

const DEFAULT_WEB_DIR = join(import.meta.dirname, '../../dist/web');
/** Expired Idempotency-Keys are only dead weight (lookups ignore them), so hourly is plenty. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Builds the HTTP app around its dependencies; never listens (main.ts does, tests inject). */
export async function buildApp({
  store,
  config,
  events: extraEvents,
  live: givenLive,
  bus,
  liveOptions,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonParser(app);

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
  registerParticipantCookie(app);

  const live =
    givenLive ??
    createLive(store, bus, {
      log: (message, error) => app.log.warn({ err: error }, message),
      ...liveOptions,
    });
  const events = extraEvents ? teeEvents(live.events, extraEvents) : live.events;
  // Open streams never finish by themselves; ending them first lets close() wait for the rest.
  app.addHook('preClose', async () => live.hub.close());
  if (!givenLive) app.addHook('onClose', async () => live.close());
  reapConnectionsWhileClosing(app);

  registerMetaRoutes(app, config);
  registerPollRoutes(app, store, events);
  registerQuestionRoutes(app, store, events);
  registerOptionRoutes(app, store, events);
  registerVoteRoutes(app, { store, events, cache: live.cache });
  registerLiveRoutes(app, live);

  const webDir = config.webDir === undefined ? DEFAULT_WEB_DIR : config.webDir;
  const serveWeb = hasWebBuild(webDir);
  if (serveWeb) await registerWebApp(app, webDir);
  registerNotFound(app, serveWeb ? webDir : null);

  scheduleIdempotencySweep(app, store);
  return app;
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
