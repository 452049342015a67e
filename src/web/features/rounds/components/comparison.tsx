import type {
  OptionChange,
  QuestionChange,
  RoundComparison,
  ValueChange,
} from '../../../../contract/rounds.ts';
import { WordCloud } from '../../../components/word-cloud.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { cn } from '../../../lib/cn.ts';
import { traitsOf } from '../../../question-types/registry.ts';

type Variant = 'page' | 'projector';

/** The earlier round's bars: hatched, so the two rounds differ by pattern and label, never by
 *  colour alone (design.md 'Compare rounds'). */
const HATCHED =
  'bg-[repeating-linear-gradient(135deg,var(--color-primary)_0_6px,transparent_6px_11px)] border border-primary';

/** Both rounds of every question, with the change, as the type's `rounds` trait compares it. */
export function ComparisonView({
  comparison,
  variant,
}: {
  comparison: RoundComparison;
  variant: Variant;
}) {
  const [a, b] = comparison.rounds;
  return (
    <div
      className={cn('grid gap-6', variant === 'projector' && 'text-xl')}
      data-testid="round-comparison"
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" aria-hidden="true">
        <Legend round={a} votes={comparison.totalVotes[0]} hatched />
        <Legend round={b} votes={comparison.totalVotes[1]} />
      </div>
      {comparison.questions.map((q) => (
        <QuestionComparison key={q.id} change={q} rounds={[a, b]} variant={variant} />
      ))}
    </div>
  );
}

function Legend({ round, votes, hatched }: { round: number; votes: number; hatched?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className={cn('inline-block h-4 w-8 rounded-sm', hatched ? HATCHED : 'bg-primary')} />
      {t.roundName(round)} · {t.votes(votes)}
    </span>
  );
}

function QuestionComparison({
  change,
  rounds,
  variant,
}: {
  change: QuestionChange;
  rounds: readonly [number, number];
  variant: Variant;
}) {
  const kind = traitsOf(change.type).rounds;
  return (
    <section
      className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground"
      aria-labelledby={`cmp-${change.id}`}
    >
      <h3
        id={`cmp-${change.id}`}
        className={cn(
          'font-semibold break-words',
          variant === 'projector' ? 'text-2xl' : 'text-lg',
        )}
      >
        {change.text}
      </h3>
      {kind === 'words' ? (
        <TwoClouds change={change} rounds={rounds} variant={variant} />
      ) : kind === 'average' ? (
        <ValuePair label={t.averageLabel} value={change.average} rounds={rounds} />
      ) : (
        <PairedBars options={change.options ?? []} rounds={rounds} variant={variant} />
      )}
      {change.correctPercent ? (
        <ValuePair label={t.correctLabel} value={change.correctPercent} rounds={rounds} percent />
      ) : null}
    </section>
  );
}

/** Paired bars per option: the earlier round hatched above the later one, solid; the change in
 *  points beside the option's text. */
function PairedBars({
  options,
  rounds,
  variant,
}: {
  options: OptionChange[];
  rounds: readonly [number, number];
  variant: Variant;
}) {
  if (options.length === 0) return <p className="text-muted-foreground">{t.noAnswers}</p>;
  return (
    <ul className="grid gap-4">
      {options.map((o) => {
        const change = o.points === null ? '—' : t.points(o.points);
        return (
          <li
            key={o.id}
            className="grid gap-1"
            aria-label={t.optionChange(
              o.text,
              rounds[0],
              t.percent(o.before),
              rounds[1],
              t.percent(o.after),
              change,
            )}
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 break-words">{o.text}</span>
              <span
                className="shrink-0 font-semibold tabular-nums"
                data-testid="option-change"
                aria-hidden="true"
              >
                {change}
              </span>
            </div>
            <Bar share={o.before} label={t.roundName(rounds[0])} variant={variant} hatched />
            <Bar share={o.after} label={t.roundName(rounds[1])} variant={variant} />
          </li>
        );
      })}
    </ul>
  );
}

function Bar({
  share,
  label,
  variant,
  hatched,
}: {
  share: number | null;
  label: string;
  variant: Variant;
  hatched?: boolean;
}) {
  const width = Math.min(100, Math.max(0, share ?? 0));
  return (
    <div
      className={cn(
        'grid items-center gap-2',
        variant === 'projector'
          ? 'grid-cols-[8rem_1fr_4.5rem] text-lg'
          : 'grid-cols-[5.5rem_1fr_3.5rem] text-sm',
      )}
      aria-hidden="true"
    >
      <span className="text-muted-foreground">{label}</span>
      <span
        className={cn(
          'overflow-hidden rounded-sm bg-muted',
          variant === 'projector' ? 'h-6' : 'h-4',
        )}
      >
        {/* No sliver for 0 %: an empty track reads as none. */}
        {width > 0 ? (
          <span
            className={cn('block h-full rounded-sm', hatched ? HATCHED : 'bg-primary')}
            style={{ width: `${width}%` }}
          />
        ) : null}
      </span>
      <span className="text-right tabular-nums">{t.percent(share)}</span>
    </div>
  );
}

function ValuePair({
  label,
  value,
  rounds,
  percent,
}: {
  label: string;
  value: ValueChange | undefined;
  rounds: readonly [number, number];
  percent?: boolean;
}) {
  const show = (n: number | null | undefined) =>
    percent ? t.percent(n ?? null) : t.average(n ?? null);
  const change =
    value?.change === null || value?.change === undefined
      ? '—'
      : percent
        ? t.points(value.change)
        : t.change(value.change);
  return (
    <dl className="grid grid-cols-3 gap-3 text-center" data-testid="value-pair">
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">
          {label} · {t.roundName(rounds[0])}
        </dt>
        <dd className="text-2xl font-semibold tabular-nums">{show(value?.before)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">
          {label} · {t.roundName(rounds[1])}
        </dt>
        <dd className="text-2xl font-semibold tabular-nums">{show(value?.after)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">{t.changeLabel}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{change}</dd>
      </div>
    </dl>
  );
}

/** Two clouds side by side (stacked on a phone), each named by its round. */
function TwoClouds({
  change,
  rounds,
  variant,
}: {
  change: QuestionChange;
  rounds: readonly [number, number];
  variant: Variant;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {[change.before, change.after].map((q, i) => (
        <figure key={rounds[i]} className="grid min-w-0 gap-2 rounded-md border p-2">
          <figcaption className="font-medium">{t.roundName(rounds[i]!)}</figcaption>
          {q?.words && q.words.length > 0 ? (
            <WordCloud
              words={q.words.filter((w) => !w.hidden)}
              variant="projector"
              listLabel={t.wordsLabel(rounds[i]!)}
              countLabel={t.answersCount}
              className={variant === 'projector' ? 'h-[36vh]' : 'h-48 md:h-56'}
            />
          ) : (
            <p className="text-muted-foreground">{q ? t.noAnswers : t.notInRound}</p>
          )}
        </figure>
      ))}
    </div>
  );
}
