import { parseDatabaseUrl } from '../src/server/config.ts';
import { openStore } from '../src/server/store/open-store.ts';
import { type BenchPoll, ballotLoad, call } from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';
import { VOCABULARY_ES } from './lib/vocabulary-es.ts';
import type { Measured, Pair } from './throughput.ts';

/**
 * Issue 13: ballots of a poll with one open-text question against ballots of a poll with one
 * single-choice question, on the same server, in back-to-back pairs (the machine is shared).
 * Both polls have one vote per question on (the default); every ballot is a new participant.
 * Answers are drawn from VOCABULARY_ES with a fixed seed: mostly one to three words (a word
 * cloud's usual answer, counted as one word or phrase), some longer sentences (each word
 * counted), some spelled without accents or capitalised, so the cloud groups spellings.
 */

export interface TextFigures {
  connections: number;
  /** Text ballots (ours) against single-choice ballots (reference), median pair. */
  pair: Pair;
  ratios: number[];
  /** Per pair: single-choice CPU per ballot / open-text CPU per ballot. On a shared machine
   *  this moves far less than throughput does. */
  cpuRatios: number[];
  /** Per text run: acknowledged (201), stored (GROUP BY), visible answers in the summary. */
  checks: { acknowledged: number; stored: number; summarised: number; failed: number }[];
  /** Distinct words shown in the last run's cloud (at most 60). */
  cloudWords: number;
}

const WARM_SECONDS = 5;

/** A small deterministic generator (mulberry32): the same answers on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An answer as people type them. A few words are far more frequent (Zipf-like). */
export function answers(seed = 13): () => string {
  const next = random(seed);
  const word = () => {
    const w = VOCABULARY_ES[Math.floor(VOCABULARY_ES.length * next() ** 2)]!;
    const r = next();
    if (r < 0.1) return w.normalize('NFD').replace(/\p{M}/gu, '');
    if (r < 0.2) return w[0]!.toUpperCase() + w.slice(1);
    return w;
  };
  const answer = (): string => {
    const r = next();
    const n = r < 0.4 ? 1 : r < 0.65 ? 2 : r < 0.85 ? 3 : 4 + Math.floor(next() * 8);
    const text = Array.from({ length: n }, word).join(' ');
    // 'y' or 'o' alone is refused (2 visible characters at least): people type more.
    if (text.length < 2) return answer();
    return (next() < 0.2 ? `${text}!` : text).slice(0, 140);
  };
  return answer;
}

/** An open poll with one question: single choice (4 options) or open text. */
async function onePoll(base: string, type: 'single' | 'text'): Promise<BenchPoll> {
  const poll = await call(base, 'POST', '/polls', { title: `Banco ${type}` });
  const question = await call(
    base,
    'POST',
    `/polls/${poll.slug}/questions`,
    type === 'single'
      ? { text: '¿Cuál?', type, options: ['A', 'B', 'C', 'D'].map((text) => ({ text })) }
      : { text: '¿Qué te llevas de hoy?', type },
    poll.host_secret,
  );
  await call(base, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
  const next = answers();
  const options: { id: number }[] = question.options;
  return {
    slug: poll.slug,
    secret: poll.host_secret,
    ballot: (i) =>
      JSON.stringify({
        answers: [
          type === 'single'
            ? { questionId: question.id, optionIds: [options[i % 4]!.id] }
            : { questionId: question.id, text: next() },
        ],
      }),
  };
}

export async function measureTextBallots(o: {
  server: Server;
  databaseUrl: string;
  connections: number;
  seconds: number;
  repeat: number;
  log: (line: string) => void;
}): Promise<TextFigures> {
  const url = o.server.url;
  const measure = async (poll: BenchPoll, amount: number): Promise<Measured> => {
    const before = o.server.cpuSeconds();
    const result = await runLoad({ ...ballotLoad([url], poll, o.connections), amount });
    return { ...result, cpuUs: ((o.server.cpuSeconds() - before) * 1e6) / Math.max(result.ok, 1) };
  };
  // Warm-up (JIT, caches, WAL), which also says how many ballots fill the measured time.
  const singleRate = (
    await runLoad({
      ...ballotLoad([url], await onePoll(url, 'single'), 100),
      seconds: WARM_SECONDS,
    })
  ).rps;
  const textRate = (
    await runLoad({ ...ballotLoad([url], await onePoll(url, 'text'), 100), seconds: WARM_SECONDS })
  ).rps;
  o.log(`warm-up: single choice ${singleRate.toFixed(0)}/s, open text ${textRate.toFixed(0)}/s`);

  const store = await openStore({ database: parseDatabaseUrl(o.databaseUrl) });
  const pairs: Pair[] = [];
  const checks: TextFigures['checks'] = [];
  let cloudWords = 0;
  try {
    for (let run = 1; run <= o.repeat; run++) {
      // A fresh poll per run, so its counts are this run's alone.
      const reference = await measure(
        await onePoll(url, 'single'),
        Math.round(singleRate * o.seconds),
      );
      const poll = await onePoll(url, 'text');
      const ours = await measure(poll, Math.round(textRate * o.seconds));
      const record = await store.getPollBySlug(poll.slug);
      const stored = (await store.getVoteCounts(record!.id)).ballots;
      const summary = await call(url, 'GET', `/polls/${poll.slug}/summary`, undefined, poll.secret);
      const question = summary.questions[0];
      cloudWords = question.words.length;
      const failed = ours.non2xx + ours.errors;
      checks.push({ acknowledged: ours.ok, stored, summarised: question.totalAnswers, failed });
      pairs.push({ ours, reference, ratio: ours.rps / reference.rps });
      o.log(
        `run ${run}: single choice ${reference.rps.toFixed(0)}/s (${reference.cpuUs.toFixed(0)} µs ` +
          `CPU each), open text ${ours.rps.toFixed(0)}/s (${ours.cpuUs.toFixed(0)} µs); ` +
          `${ours.ok} acknowledged, ${stored} stored, ${question.totalAnswers} in the summary, ` +
          `${cloudWords} words in the cloud (top: ${question.words
            .slice(0, 3)
            .map((w: { text: string; count: number }) => `${w.text} ${w.count}`)
            .join(', ')}), ${failed} failed`,
      );
    }
  } finally {
    await store.close();
  }
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  return {
    connections: o.connections,
    pair: sorted[Math.floor((sorted.length - 1) / 2)]!,
    ratios: pairs.map((p) => p.ratio),
    cpuRatios: pairs.map((p) => p.reference.cpuUs / p.ours.cpuUs),
    checks,
    cloudWords,
  };
}

/** The rows of the results table (bench/run.ts). */
export function textRows(f: TextFigures): Row[] {
  const c = f.connections;
  const { ours, reference, ratio } = f.pair;
  return [
    {
      measure: `13. Ballots, one single-choice question, ${c} conn.`,
      result: `${fmt(reference.rps)} ballots/s · p50 ${reference.p50} ms · p99 ${reference.p99} ms · ${fmt(reference.cpuUs)} µs server CPU each`,
    },
    {
      measure: `13. Ballots, one open-text question (answers from ~300 Spanish words), ${c} conn.`,
      result:
        `${fmt(ours.rps)} ballots/s · p50 ${ours.p50} ms · p99 ${ours.p99} ms · ` +
        `${fmt(ours.cpuUs)} µs server CPU each · **${ratio.toFixed(2)}× single choice** ` +
        `(pairs: ${ratios(f.ratios)}; CPU per ballot, single/text: ${ratios(f.cpuRatios)}) · ` +
        `${f.cloudWords} words in the cloud`,
      target: '≥ 0.7× single choice',
      met: ratio >= 0.7,
    },
    {
      measure: `13. Open answers stored = acknowledged = in the summary, ${c} conn.`,
      result: f.checks
        .map(
          (k) =>
            `${fmt(k.acknowledged)} acknowledged · ${fmt(k.stored)} stored · ` +
            `${fmt(k.summarised)} in summary · ${k.failed} failed`,
        )
        .join('<br>'),
      target: 'equal, none failed',
      met: f.checks.every(
        (k) => k.acknowledged === k.stored && k.stored === k.summarised && k.failed === 0,
      ),
    },
  ];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratios = (list: number[]) => list.map((r) => r.toFixed(2)).join(', ');
