import { VoteHeaders } from './vote.ts';

/**
 * Optional `Idempotency-Key` of a creation (POST /polls, …/questions, …/options), issue 24: the
 * web app sends one per user action, so a double click on 'Crear encuesta' or 'Agregar
 * pregunta' makes one. The same key with the same request within CREATION_KEY_TTL_MS answers
 * the first result (same status and body, header `idempotent-replayed: true`), with another
 * request 409 IDEMPOTENCY_MISMATCH. The header is the one ballots take (VoteHeaders).
 */
export const CreationHeaders = VoteHeaders;

/** How long a creation's key answers its first result: a double click, a retry after a blip. */
export const CREATION_KEY_TTL_MS = 60_000;

export const CREATION_KEY_NOTE =
  ' Optional `Idempotency-Key` header: the same key with the same request within a minute ' +
  'answers the first result (no second copy; header `idempotent-replayed: true`), with another ' +
  'request 409 IDEMPOTENCY_MISMATCH.';
