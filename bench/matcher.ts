import { CLEAN_ANSWERS } from '../src/server/domain/moderation/clean-answers-fixture.ts';
import { isProfane, rateText } from '../src/server/domain/moderation/profanity.ts';
import { trickedAnswers } from '../src/server/domain/moderation/profanity-fixtures.ts';
import { trickedSample } from '../src/server/domain/moderation/trick-generator.ts';
import { computeSummaries } from '../src/server/domain/tally.ts';
import type {
  PollRecord,
  QuestionWithOptions,
  TextTally,
  VoteCounts,
} from '../src/server/store/store.ts';

/**
 * The word matcher's figures (issues 17 and 19), in CPU time (the machine is shared, wall time
 * is not a measure): what it lets through and what it flags, its cost per open answer (it runs
 * on every ballot with one), and the cost of a summary rebuild of a poll with 100 full clouds,
 * with and without hidden words (it runs on every rebuild). `node --import tsx bench/matcher.ts`
 */

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const tricked = trickedAnswers();
const published = tricked.filter((a) => !isProfane(a.text));
const flagged = CLEAN_ANSWERS.filter((a) => rateText(a) !== 'clean');
console.log(
  `Tricked insults published: ${published.length} of ${tricked.length} ` +
    `(${((100 * published.length) / tricked.length).toFixed(1)} %)`,
);
for (const a of published) console.log(`  ${a.kind}: ${a.text}`);
console.log(`Clean answers flagged or held: ${flagged.length} of ${CLEAN_ANSWERS.length}`);
// Issue 24: tricks applied at random (fixed seed) to every inflected insult, per class.
const generated = trickedSample(24, 100);
const kinds = [...new Set(generated.map((g) => g.kind))];
const slipped = (kind: string) =>
  generated.filter((g) => g.kind === kind && rateText(g.text) === 'clean').length;
console.log(
  `Generated tricked insults published: ${generated.filter((g) => rateText(g.text) === 'clean').length} of ${generated.length} (` +
    kinds.map((k) => `${k} ${slipped(k)}`).join(', ') +
    ')',
);

const long =
  'Me gustaría aprender más sobre la fotosíntesis y la respiración celular de las plantas, ' +
  'con ejemplos prácticos y experimentos en el laboratorio';
const sets: [string, readonly string[]][] = [
  ['clean classroom answer', CLEAN_ANSWERS],
  ['tricked insult', tricked.map((a) => a.text)],
  ['140-character answer', [long.slice(0, 140)]],
];
// What the vote path runs on an open answer: both lists, strong and held on doubt (issue 24).
for (const [name, texts] of sets) {
  for (const t of texts) rateText(t);
  const rounds = Math.ceil(40_000 / texts.length);
  const ms = cpuMs(() => {
    for (let r = 0; r < rounds; r++) for (const t of texts) rateText(t);
  });
  console.log(`Per ${name}: ${((1000 * ms) / (rounds * texts.length)).toFixed(1)} µs CPU`);
}

// 100 open-text questions, each with TEXT_WORDS_MAX (2,000) spellings, a third of them phrases.
const questions = Array.from({ length: 100 }, (_, i) => ({
  id: i + 1,
  pollId: 1,
  text: `Pregunta ${i + 1}`,
  type: 'text',
  ordinal: i + 1,
  resultsHidden: false,
  options: [],
  scale: null,
})) as unknown as QuestionWithOptions[];
const stems = ['fotosintesis', 'clorofila', 'energia', 'agua', 'luz', 'celula', 'planta', 'raiz'];
const counts = {
  ballots: 1000,
  optionCounts: [],
  respondents: [],
  texts: questions.map((q) => ({
    questionId: q.id,
    visible: 1000,
    pending: 0,
    words: Array.from({ length: 2000 }, (_, k) => {
      const word = `${stems[k % stems.length]}${Math.floor(k / stems.length)}`;
      const key = k % 3 === 0 ? `me gusta ${word}` : word;
      return { key, spelling: key, count: 1 + ((k * 7919 + q.id) % 50) };
    }),
  })),
} as unknown as VoteCounts;
const poll = {
  id: 1,
  slug: 'benchmrk',
  title: 'Bench',
  status: 'open',
  resultsPublic: true,
  createdAt: new Date(),
  updatedAt: new Date(),
} as unknown as PollRecord;
for (const hidden of [[], ['energia3', 'luz7', 'palabrasecreta', 'feisimo', 'celula12']]) {
  const texts = questions.map((q) => ({
    questionId: q.id,
    hiddenKeys: hidden,
    recent: [],
    recentVisible: [],
  })) as TextTally[];
  const rebuild = () => computeSummaries(poll, questions, counts, texts);
  const first = cpuMs(rebuild);
  const next = Array.from({ length: 9 }, () => cpuMs(rebuild)).sort((a, b) => a - b);
  console.log(
    `Summary of 100 full clouds, ${hidden.length} hidden words each: first rebuild ` +
      `${first.toFixed(0)} ms CPU, then median ${next[4]!.toFixed(0)} ms CPU`,
  );
}
