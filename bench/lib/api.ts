import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';

/** A bench's open poll (createBenchPoll's: three questions, as in the issue). */
export interface BenchPoll {
  slug: string;
  secret: string;
  /** The i-th ballot's body. */
  ballot(i: number): string;
}

/** One API call of the benches' setup: JSON in and out, the host secret when given; throws on a non-2xx. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  secret?: string,
) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(secret && { 'x-host-secret': secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export type Question = { id: number; options: { id: number }[] };

/** Creates and opens a three-question poll (one vote per question on, the default). */
export async function createBenchPoll(
  base: string,
  settings: { resultsPublic?: boolean } = {},
): Promise<BenchPoll> {
  const poll = await call(base, 'POST', '/polls', { title: 'Banco de pruebas', settings });
  const add = (text: string, type: string, options: string[]): Promise<Question> =>
    call(
      base,
      'POST',
      `/polls/${poll.slug}/questions`,
      { text, type, options: options.map((t) => ({ text: t })) },
      poll.host_secret,
    );
  const single = await add('¿Lenguaje favorito?', 'single', ['TypeScript', 'Rust', 'Go', 'Python']);
  const multiple = await add('¿Qué usas?', 'multiple', ['Linux', 'macOS', 'Windows', 'BSD']);
  const yesno = await add('¿Repetirías?', 'yesno', []);
  await call(base, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
  return {
    slug: poll.slug,
    secret: poll.host_secret,
    ballot: threeQuestionBallot([single, multiple, yesno]),
  };
}

/** The i-th ballot of the benches' three-question poll (single, multiple with two, yes/no). */
export function threeQuestionBallot([single, multiple, yesno]: Question[]): (i: number) => string {
  const o = (q: Question, i: number) => q.options[i % q.options.length]!.id;
  return (i) =>
    JSON.stringify({
      answers: [
        { questionId: single!.id, optionIds: [o(single!, i)] },
        { questionId: multiple!.id, optionIds: [o(multiple!, i), o(multiple!, i + 1)] },
        { questionId: yesno!.id, optionIds: [o(yesno!, i)] },
      ],
    });
}

/** The servers a bench starts sign participant ids with this key (bench/lib/processes.ts), so
 *  the bench can mint ids they accept: a ballot with a signed id is a phone that loaded the
 *  poll, the common case; an unsigned one would be a new id issued per ballot. */
export const BENCH_SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

/** A new participant per call: a cookie signed as the server would have issued it. */
export function participants(): () => string {
  const ids = new ParticipantIds(BENCH_SECRET_KEY);
  const issuedAt = Date.now() - 60_000;
  return () => `${PARTICIPANT_COOKIE}=${ids.issue(issuedAt)}`;
}

export async function getSummary(base: string, slug: string, secret?: string) {
  return call(base, 'GET', `/polls/${slug}/summary`, undefined, secret) as Promise<{
    totalVotes: number;
  }>;
}

/** A ballot per request, each from its own participant cookie. */
export function ballotLoad(urls: string[], poll: BenchPoll, connections: number) {
  const next = participants();
  let i = 0;
  return {
    urls,
    connections,
    method: 'POST' as const,
    path: `/api/v1/polls/${poll.slug}/votes`,
    headers: { 'content-type': 'application/json' },
    body: poll.ballot(0),
    vary: () => ({ headers: { cookie: next() }, body: poll.ballot(i++) }),
  };
}
