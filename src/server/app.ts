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
import { noopEvents, type PollEvents } from './domain/events.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerMetaRoutes } from './http/meta.ts';
import { registerOptionRoutes } from './http/options.ts';
import { registerParticipantCookie } from './http/participant.ts';
import { registerPollRoutes } from './http/polls.ts';
import { registerQuestionRoutes } from './http/questions.ts';
import { registerVoteRoutes } from './http/votes.ts';
import { hasWebBuild, registerNotFound, registerWebApp } from './http/web.ts';
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
  events?: PollEvents;
}

const DEFAULT_WEB_DIR = join(import.meta.dirname, '../../dist/web');
/** Expired Idempotency-Keys are only dead weight (lookups ignore them), so hourly is plenty. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Builds the HTTP app around its dependencies; never listens (main.ts does, tests inject). */
export async function buildApp({
  store,
  config,
  events = noopEvents,
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

  registerMetaRoutes(app, config);
  registerPollRoutes(app, store, events);
  registerQuestionRoutes(app, store, events);
  registerOptionRoutes(app, store, events);
  registerVoteRoutes(app, store, events);

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
