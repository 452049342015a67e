import { z } from 'zod';
import { COHOST_LABEL_MAX, COHOST_SCOPES } from './cohost-secret.ts';
import { endpoints } from './endpoints.ts';
import { SlugParams } from './poll.ts';

/**
 * Issue 28: co-host links. The host shares one part of the work — moderating, presenting,
 * watching the results — through a link with its own secret, never the presenter code.
 */
export { COHOST_LABEL_MAX, COHOST_SCOPES, scopeOfSecret } from './cohost-secret.ts';
export const CohostScope = z.enum(COHOST_SCOPES);
export type CohostScope = z.infer<typeof CohostScope>;

export const CreateCohostBody = z.object({
  scope: CohostScope,
  label: z
    .string()
    .trim()
    .min(1, 'Escribe un nombre para el enlace')
    .max(COHOST_LABEL_MAX, `El nombre no puede exceder ${COHOST_LABEL_MAX} caracteres`),
});
export type CreateCohostBody = z.input<typeof CreateCohostBody>;

export const CreateCohostResponse = z.object({
  id: z.number().int(),
  /** The page the link opens, with the link's own secret after `#` (never sent to a server). */
  url: z.string(),
});
export type CreateCohostResponse = z.infer<typeof CreateCohostResponse>;

export const Cohost = z.object({
  id: z.number().int(),
  scope: CohostScope,
  label: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, to the minute at best (written at most once a minute per link); null: unused. */
  lastUsedAt: z.string().nullable(),
});
export type Cohost = z.infer<typeof Cohost>;

export const CohostList = z.object({ cohosts: z.array(Cohost) });
export type CohostList = z.infer<typeof CohostList>;

export const CohostParams = SlugParams.extend({ id: z.coerce.number().int().positive() });

/** What a co-host link did (the integrity view names who moderated what). */
export const CohostAction = z.object({
  cohostId: z.number().int(),
  label: z.string(),
  scope: CohostScope,
  /** The API call, by its operation name (`moderateQa`, `closeQuestion`…). */
  action: z.string(),
  /** What it acted on: the path's ids (`qa 12`, `question 3`), or '' for the poll. */
  target: z.string(),
  at: z.string(),
});
export type CohostAction = z.infer<typeof CohostAction>;

export const CohostActivity = z.object({ actions: z.array(CohostAction) });
export type CohostActivity = z.infer<typeof CohostActivity>;

/** The co-host calls with their schemas; routes.ts spreads them into its table. */
export const cohostRoutes = {
  createCohost: {
    ...endpoints.createCohost,
    description:
      "'Compartir la gestión': a link for one part of the work, with its own secret (stored " +
      'hashed). `moderate`: approve, hide, highlight and mark answered audience questions, hide ' +
      'open answers and cloud words. `present`: the presenter view and its controls (advance, ' +
      'reveal, start and close a quiz question). `results`: results and exports, read only. ' +
      'The link sends its secret as X-Host-Secret; anything outside its scope is 403 ' +
      'SCOPE_FORBIDDEN. Only the presenter code may create links; at most COHOSTS_PER_POLL ' +
      '(409 LIMIT_REACHED).',
    params: SlugParams,
    body: CreateCohostBody,
    response: CreateCohostResponse,
  },
  listCohosts: {
    ...endpoints.listCohosts,
    description: "The poll's links, oldest first, with their last use (to the minute).",
    params: SlugParams,
    response: CohostList,
  },
  deleteCohost: {
    ...endpoints.deleteCohost,
    description:
      "Revokes a link: its holder's next call is 403 LINK_REVOKED. 404 NOT_FOUND for a link " +
      'not of this poll.',
    params: CohostParams,
  },
  cohostActivity: {
    ...endpoints.cohostActivity,
    description:
      'What the co-host links did, newest first (the last COHOST_ACTIONS_KEPT of the poll): ' +
      'each change a link made, with its label as it was then.',
    params: SlugParams,
    response: CohostActivity,
  },
} as const;
