import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX } from './limits.ts';

/**
 * Optional `Idempotency-Key` of a creation (POST /polls, …/questions, …/options), issue 24: the
 * web app sends one per user action, so a double click on 'Crear encuesta' or 'Agregar
 * pregunta' makes one. The same key with the same request within CREATION_KEY_TTL_MS answers
 * the first result (same status and body, header `idempotent-replayed: true`), with another
 * request 409 IDEMPOTENCY_MISMATCH. Ballots take the same header (VoteHeaders). Other headers pass.
 */
export const CreationHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .regex(/^[\x21-\x7e]+$/, 'La clave de idempotencia solo admite caracteres ASCII visibles')
    .optional(),
});

/** How long a creation's key answers its first result: a double click, a retry after a blip. */
export const CREATION_KEY_TTL_MS = 60_000;

export const CREATION_KEY_NOTE =
  ' Optional `Idempotency-Key` header: the same key with the same request within a minute ' +
  'answers the first result (no second copy; header `idempotent-replayed: true`), with another ' +
  'request 409 IDEMPOTENCY_MISMATCH.';
