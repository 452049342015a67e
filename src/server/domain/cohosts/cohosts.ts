import { randomBytes } from 'node:crypto';
import type {
  Cohost,
  CohostActivity,
  CohostScope,
  CreateCohostResponse,
} from '../../../contract/cohosts.ts';
import type { CohostRecord } from '../../store/kysely-cohosts.ts';
import type { PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { hashHostSecret, isOwnerSecret } from '../host-auth.ts';
import { findPoll } from '../poll-view.ts';

/** Issue 28: the host shares parts of the work through links, each with its own secret. */

/** `{scope}.{32 random bytes}`: see scopeOfSecret in the contract for why the prefix. */
export function generateCohostSecret(scope: CohostScope): string {
  return `${scope}.${randomBytes(32).toString('base64url')}`;
}

/** Where each link leads: the panel's moderation, the presenter view, the results page. */
const LINK_PATHS: Record<CohostScope, string> = {
  moderate: '/host/',
  present: '/present/',
  results: '/r/',
};

export function cohostUrl(origin: string, slug: string, scope: CohostScope, secret: string) {
  // The secret after '#': a fragment never reaches a server, a log or a Referer.
  return `${origin.replace(/\/$/, '')}${LINK_PATHS[scope]}${encodeURIComponent(slug)}#${secret}`;
}

/** Only the presenter code manages links; a link that tries is SCOPE_FORBIDDEN earlier. */
async function findPollAsOwner(store: PollStore, slug: string, secret: string | undefined) {
  const poll = await findPoll(store, slug);
  if (!secret) throw new DomainError('NO_SECRET');
  if (!isOwnerSecret(poll, secret)) throw new DomainError('FORBIDDEN');
  return poll;
}

export async function createCohost(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  input: { scope: CohostScope; label: string; origin: string; max: number },
): Promise<CreateCohostResponse> {
  const poll = await findPollAsOwner(store, slug, secret);
  const linkSecret = generateCohostSecret(input.scope);
  const made = await store.addCohost(
    {
      pollId: poll.id,
      scope: input.scope,
      label: input.label,
      secretHash: hashHostSecret(linkSecret),
      now: new Date(),
    },
    input.max,
  );
  if (made === undefined) throw new DomainError('POLL_NOT_FOUND');
  if (made === 'full') {
    throw new DomainError(
      'LIMIT_REACHED',
      `Esta encuesta ya tiene ${input.max} enlaces de gestión; revoca alguno para crear otro`,
    );
  }
  return { id: made.id, url: cohostUrl(input.origin, slug, input.scope, linkSecret) };
}

function toCohost(record: CohostRecord): Cohost {
  return {
    id: record.id,
    scope: record.scope,
    label: record.label,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listCohosts(store: PollStore, slug: string, secret: string | undefined) {
  const poll = await findPollAsOwner(store, slug, secret);
  return { cohosts: (await store.listCohosts(poll.id)).map(toCohost) };
}

export async function revokeCohost(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  id: number,
  events: PollEvents,
): Promise<void> {
  const poll = await findPollAsOwner(store, slug, secret);
  if (!(await store.deleteCohost(poll.id, id))) {
    throw new DomainError('NOT_FOUND', 'Este enlace de gestión no existe o ya se revocó');
  }
  // Its open streams (a moderator's panel, a presenter's projector) end now, on every instance:
  // a stream is authorised once, when it opens, and would otherwise keep the host's frames.
  events.cohostsChanged(poll.slug);
}

export async function cohostActivity(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  limit: number,
): Promise<CohostActivity> {
  const poll = await findPollAsOwner(store, slug, secret);
  const actions = await store.listCohostActions(poll.id, limit);
  return {
    actions: actions.map(({ pollId: _poll, at, ...rest }) => ({ ...rest, at: at.toISOString() })),
  };
}
