import { endpoints } from './endpoints.ts';
import { SlugParams } from './poll.ts';
import {
  AskQaBody,
  ClearQaResponse,
  ListQaQuery,
  QaList,
  QaParams,
  QaQuestion,
  QaVoteBody,
  QaVoteResponse,
  UpdateQaBody,
} from './qa.ts';
import {
  QaDiscardBody,
  QaDiscardResponse,
  QaIntegrity,
  QaRestoreBody,
  QaRestoreResponse,
} from './qa-integrity.ts';

/** Issue 20's calls with their schemas; routes.ts spreads them into its table. */
export const qaRoutes = {
  askQa: {
    ...endpoints.askQa,
    description:
      'Asks a question with the participant cookie (issued if missing). `state` is `visible`, ' +
      "`held` when the poll's `qaModerated` is on, or `flagged` when the text or name matches " +
      'the profanity list (then only the host sees it). 409 QA_CLOSED with Q&A off or the ' +
      'poll closed; 409 LIMIT_REACHED past QA_QUESTIONS_PER_POLL; 429 with Retry-After past ' +
      'QA_ASK_BURST / QA_ASK_PER_MIN per participant or QA_ASK_ADDRESS_* per address.',
    params: SlugParams,
    body: AskQaBody,
    response: QaQuestion,
  },
  listQa: {
    ...endpoints.listQa,
    description:
      '`sort=top` (highlighted first, then most votes, then oldest) or `recent` (newest ' +
      'first), `limit`/`offset` pages. Without X-Host-Secret: visible questions and the ' +
      "caller's own held ones (409 QA_CLOSED while Q&A is off); with it, every state. " +
      "`votedByMe` is for the caller's participant cookie. `total` counts what the caller may see.",
    params: SlugParams,
    query: ListQaQuery,
    response: QaList,
  },
  voteQa: {
    ...endpoints.voteQa,
    description:
      'Votes a visible question up (`up: true`) or takes the vote back (`false`): idempotent, ' +
      'one vote per participant id per question (a primary key on both engines). 409 ' +
      'QA_CLOSED with Q&A off or the poll closed; 404 QA_NOT_FOUND for a question not visible ' +
      'or not of this poll; 429 past QA_VOTE_BURST / QA_VOTE_RATE_PER_S per address.',
    params: QaParams,
    body: QaVoteBody,
    response: QaVoteResponse,
  },
  moderateQa: {
    ...endpoints.moderateQa,
    description:
      "The host's actions: `state` visible ('Aprobar') or hidden ('Ocultar'); `pinned` " +
      "('Destacar': pinning one unpins the others); `answered` ('Marcar como respondida', " +
      'which also ends its highlight).',
    params: QaParams,
    body: UpdateQaBody,
    response: QaQuestion,
  },
  deleteQa: {
    ...endpoints.deleteQa,
    description: 'Deletes one audience question with its votes.',
    params: QaParams,
  },
  clearQa: {
    ...endpoints.clearQa,
    description:
      "'Borrar todas': deletes every audience question of the poll with its votes. 'Resetear " +
      "votos' leaves them alone.",
    params: SlugParams,
    response: ClearQaResponse,
  },
  qaIntegrity: {
    ...endpoints.qaIntegrity,
    description:
      "The host's view of where the poll's audience upvotes came from: by source (a keyed hash " +
      'of address and poll, never the address), counted and set-aside votes, votes from ids ' +
      'younger than 10 s and from ids issued in bulk (25+ in one second), and `unusual`.',
    params: SlugParams,
    response: QaIntegrity,
  },
  discardQaVotes: {
    ...endpoints.discardQaVotes,
    description:
      "`{source}`: that source's counted upvotes are set aside (kept, not counted; the " +
      "questions' counts follow); `{unusual: true}`: every flagged source at once. Also while " +
      'the poll is open. Undone by …/qa/discard/restore.',
    params: SlugParams,
    body: QaDiscardBody,
    response: QaDiscardResponse,
  },
  restoreQaVotes: {
    ...endpoints.restoreQaVotes,
    description:
      "'Restaurar': the set-aside upvotes of `source` (every source without it) are counted " +
      'again → `{restoredVotes}`.',
    params: SlugParams,
    body: QaRestoreBody,
    response: QaRestoreResponse,
  },
} as const;
