import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contract/index.ts';
import { DomainError, defaultMessages } from '../domain/errors.ts';
import { dataErrorCode, isStoreUnavailable } from '../store/unavailable.ts';
import type { RouteConfig } from './route.ts';

/** The one table from error code to HTTP status. */
export const statusOf: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  INVALID_BALLOT: 400,
  INVALID_ORDER: 400,
  NO_SECRET: 401,
  FORBIDDEN: 403,
  SCOPE_FORBIDDEN: 403,
  LINK_REVOKED: 403,
  RESULTS_PRIVATE: 403,
  NOT_FOUND: 404,
  POLL_NOT_FOUND: 404,
  QUESTION_NOT_FOUND: 404,
  OPTION_NOT_FOUND: 404,
  ANSWER_NOT_FOUND: 404,
  JOIN_CODE_NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
  POLL_NOT_OPEN: 409,
  POLL_NOT_OPEN_YET: 409,
  QUESTION_NOT_CURRENT: 409,
  ALREADY_VOTED: 409,
  IDEMPOTENCY_MISMATCH: 409,
  YESNO_OPTIONS_FIXED: 409,
  LAST_OPTION: 409,
  LIMIT_REACHED: 409,
  QA_CLOSED: 409,
  QA_NOT_FOUND: 404,
  QUESTION_CLOSED: 409,
  QUESTION_NOT_STARTED: 409,
  NICKNAME_TAKEN: 409,
  NICKNAME_REQUIRED: 409,
  NICKNAME_INVALID: 400,
  PLAYER_NOT_FOUND: 404,
  ROUND_NOT_FOUND: 404,
  ROUND_BUSY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string = defaultMessages[code],
  details?: unknown,
): FastifyReply {
  const body: ErrorBody = details === undefined ? { message, code } : { message, code, details };
  return reply.code(statusOf[code]).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own refusals of a request, by status, in our vocabulary. */
const codeOfStatus: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    return sendError(reply, error.code, error.message, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (error.validationContext === 'params' && error.validation.some(isSlugIssue)) {
      // A slug the generator cannot have made names no poll: same answer as an unknown one.
      return sendError(reply, 'POLL_NOT_FOUND');
    }
    // Messages come from the contract's schemas (Spanish, with zod's Spanish locale as fallback).
    const details = error.validation.map((issue) => ({
      location: error.validationContext ?? 'body',
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? defaultMessages.VALIDATION_ERROR,
    }));
    const config = request.routeOptions.config as RouteConfig;
    const code =
      (error.validationContext === 'body' && config.validationCode) || 'VALIDATION_ERROR';
    const first = details[0];
    const message = first ? firstMessage(first.path, first.message) : defaultMessages[code];
    return sendError(reply, code, message, details);
  }
  if (isClientAbort(error, request)) {
    // The client went away mid-body: nothing to tell it and nothing wrong with us. Its socket's
    // ECONNRESET once read as "database unavailable", a 503 and a stack trace for every cut-off
    // body (55,148 lines in 22 s from one address). A 400 closes the request's books quietly.
    return sendError(reply, 'VALIDATION_ERROR', 'Petición incompleta');
  }
  if (isStoreUnavailable(error)) {
    // The database is down or overloaded, not our bug: say so, and let clients retry (a ballot
    // retries under its Idempotency-Key).
    request.log.warn({ err: error }, 'database unavailable');
    return sendError(reply.header('retry-after', '2'), 'SERVICE_UNAVAILABLE');
  }
  const dataError = dataErrorCode(error);
  if (dataError) {
    // The database refused a value (PostgreSQL class 22: a byte sequence, a number out of
    // range…) that validation let through: the client's input, so a 400, logged briefly.
    dataErrorLog.note(request, dataError);
    return sendError(reply, 'VALIDATION_ERROR', 'Petición no válida');
  }
  if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
    // Our bug or the database's: log everything, tell the client nothing specific.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 'INTERNAL_ERROR');
  }
  const code = codeOfStatus[error.statusCode] ?? 'VALIDATION_ERROR';
  return sendError(reply, code, code === 'VALIDATION_ERROR' ? 'Petición no válida' : undefined);
}

/** Node's and Fastify's ways of saying the request's body stopped because its client left. */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * A request whose client closed the connection before its body was in. Told by the request
 * stream (aborted, or destroyed before it ended) rather than the code alone: a database on the
 * network fails with ECONNRESET too, and that one stays a 503.
 */
function isClientAbort(error: FastifyError, request: FastifyRequest): boolean {
  const raw = request.raw;
  const cutOff = raw.aborted || raw.readableAborted || (raw.destroyed && !raw.complete);
  return cutOff && (ABORT_CODES.has(error.code) || error.message === 'aborted');
}

function isSlugIssue(issue: { instancePath: string }): boolean {
  return issue.instancePath === '/slug';
}

/** How often a kind of refused data is logged: one short line per SQLSTATE per minute. */
const DATA_ERROR_LOG_EVERY_MS = 60_000;

/**
 * A flood of bad values (1,759 requests a second once made 18 MB of stack traces in 5 s) is one
 * short line per SQLSTATE a minute, with the count of those not logged since.
 */
const dataErrorLog = {
  last: new Map<string, { at: number; skipped: number }>(),
  note(request: FastifyRequest, sqlState: string): void {
    const now = Date.now();
    const seen = this.last.get(sqlState);
    if (seen && now - seen.at < DATA_ERROR_LOG_EVERY_MS) {
      seen.skipped++;
      return;
    }
    request.log.warn(
      { sqlState, route: request.routeOptions.url, skipped: seen?.skipped ?? 0 },
      'database refused a value (400)',
    );
    this.last.set(sqlState, { at: now, skipped: 0 });
  },
};

function firstMessage(path: string, message: string): string {
  // A field-specific message reads on its own; a generic one needs the field's name.
  return path && message.startsWith('Entrada inválida') ? `${path}: ${message}` : message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
