import { z } from 'zod';

export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'POLL_NOT_FOUND',
  'QUESTION_NOT_FOUND',
  'OPTION_NOT_FOUND',
  'ANSWER_NOT_FOUND',
  'JOIN_CODE_NOT_FOUND',
  'NO_SECRET',
  'FORBIDDEN',
  'SCOPE_FORBIDDEN',
  'LINK_REVOKED',
  'INVALID_TRANSITION',
  'POLL_NOT_OPEN',
  'POLL_NOT_OPEN_YET',
  'QUESTION_NOT_CURRENT',
  'INVALID_BALLOT',
  'ALREADY_VOTED',
  'IDEMPOTENCY_MISMATCH',
  'RESULTS_PRIVATE',
  'INVALID_ORDER',
  'YESNO_OPTIONS_FIXED',
  'LAST_OPTION',
  'LIMIT_REACHED',
  'QA_CLOSED',
  'QA_NOT_FOUND',
  'RATE_LIMITED',
  'QUESTION_CLOSED',
  'QUESTION_NOT_STARTED',
  'NICKNAME_INVALID',
  'NICKNAME_TAKEN',
  'NICKNAME_REQUIRED',
  'PLAYER_NOT_FOUND',
  'ROUND_NOT_FOUND',
  'ROUND_BUSY',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error the API returns has this shape; `details` only for validation errors. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
