import { randomBytes } from 'node:crypto';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';

/** The bench's poll: three questions, as in the issue. */
export interface BenchPoll {
  slug: string;
  secret: string;
  /** The i-th ballot's body: every question answered (4 choices in all). */
  ballot(i: number): string;
}

async function call(base: string, method: string, path: string, body?: unknown, secret?: string) {
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

type Question = { id: number; options: { id: number }[] };

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
  const o = (q: Question, i: number) => q.options[i % q.options.length]!.id;
  return {
    slug: poll.slug,
    secret: poll.host_secret,
    ballot: (i) =>
      JSON.stringify({
        answers: [
          { questionId: single.id, optionIds: [o(single, i)] },
          { questionId: multiple.id, optionIds: [o(multiple, i), o(multiple, i + 1)] },
          { questionId: yesno.id, optionIds: [o(yesno, i)] },
        ],
      }),
  };
}

/** A new participant per call: a cookie the server accepts as its own kind of id. */
export function participants(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let n = 0;
  return () => `${PARTICIPANT_COOKIE}=${prefix}${(n++).toString(36).padStart(10, '0')}`;
}

export async function getSummary(base: string, slug: string, secret?: string) {
  return call(base, 'GET', `/polls/${slug}/summary`, undefined, secret) as Promise<{
    totalVotes: number;
  }>;
}
