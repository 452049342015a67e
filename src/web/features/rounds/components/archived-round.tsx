import type { Summary, SummaryQuestion } from '../../../../contract/summary.ts';
import { WordCloud } from '../../../components/word-cloud.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { cn } from '../../../lib/cn.ts';
import { traitsOf } from '../../../question-types/registry.ts';

/** One archived round as it closed: each question drawn as its type's `rounds` trait reads it
 *  (the comparison's single-round counterpart). */
export function ArchivedRound({
  summary,
  round,
  variant,
}: {
  summary: Summary;
  round: number;
  variant: 'page' | 'projector';
}) {
  return (
    <div
      className={cn('grid gap-6', variant === 'projector' && 'text-xl')}
      data-testid="archived-round"
    >
      <p className="text-sm text-muted-foreground">
        {t.roundName(round)} · {t.votes(summary.totalVotes)}
      </p>
      {summary.questions.map((q) => (
        <section
          key={q.id}
          className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground"
          aria-labelledby={`round-${round}-${q.id}`}
        >
          <h3
            id={`round-${round}-${q.id}`}
            className={cn(
              'font-semibold break-words',
              variant === 'projector' ? 'text-2xl' : 'text-lg',
            )}
          >
            {q.text}
          </h3>
          <QuestionOfRound question={q} round={round} />
        </section>
      ))}
    </div>
  );
}

function QuestionOfRound({ question, round }: { question: SummaryQuestion; round: number }) {
  if (question.totalAnswers === undefined)
    return <p className="text-muted-foreground">{t.hidden}</p>;
  const kind = traitsOf(question.type).rounds;
  if (kind === 'words') {
    const words = (question.words ?? []).filter((w) => !w.hidden);
    return words.length ? (
      <WordCloud
        words={words}
        variant="projector"
        listLabel={t.wordsLabel(round)}
        countLabel={t.answersCount}
        className="h-56 md:h-72"
      />
    ) : (
      <p className="text-muted-foreground">{t.noAnswers}</p>
    );
  }
  if (kind === 'average') {
    return (
      <p className="text-2xl font-semibold tabular-nums">
        {t.averageLabel}: {t.average(question.average ?? question.mean ?? null)}
      </p>
    );
  }
  const points = question.options.reduce((sum, o) => sum + (o.points ?? 0), 0);
  const base = kind === 'points' ? points : traitsOf(question.type).percentBase(question);
  return (
    <ul className="grid gap-2">
      {question.options.map((o) => {
        const part = kind === 'points' ? (o.points ?? 0) : (o.count ?? 0);
        const share = base > 0 ? Math.round((100 * part) / base) : 0;
        return (
          <li key={o.id} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 break-words">{o.text}</span>
              <span className="shrink-0 tabular-nums">{t.percent(share)}</span>
            </div>
            <span className="h-3 overflow-hidden rounded-sm bg-muted" aria-hidden="true">
              {share > 0 ? (
                <span
                  className="block h-full rounded-sm bg-primary"
                  style={{ width: `${share}%` }}
                />
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
