import { Cloud, List, MessageSquareDashed } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { SummaryQuestion, SummaryTextAnswer } from '../../../../contract/summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { WordCloud } from '../../../components/word-cloud.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { getHostSecret } from '../../../lib/storage.ts';
import { useTextAnswers } from '../../../lib/text-answers.ts';

const t = es.results;

type TextResultsProps = {
  slug: string;
  question: SummaryQuestion;
  large: boolean;
  /** The host's moderation of this question, below the results (never on the projector). */
  moderation?: ReactNode;
};

/** The public side of an answer: the host's summary also carries held, flagged and hidden ones. */
const isPublic = (answer: SummaryTextAnswer) =>
  answer.state === undefined || answer.state === 'visible';

/**
 * An open-text question: the word cloud of the visible answers, or (toggle) the answers as a
 * list, newest first. Both stay mounted, so the cloud keeps its layout while the list shows.
 */
export function TextResults({ slug, question, large, moderation }: TextResultsProps) {
  const [view, setView] = useState<'cloud' | 'list'>('cloud');
  const words = (question.words ?? []).filter((w) => !w.hidden);
  const count = question.totalAnswers ?? 0;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          className={cn(
            'text-muted-foreground tabular-nums',
            large ? 'text-3xl' : 'text-base lg:text-xl',
          )}
          data-testid="text-answers-count"
        >
          {t.answers(count)}
        </p>
        {/* Two views of the same answers; the pressed one is on show. */}
        <fieldset className="inline-flex rounded-lg border p-0.5">
          <legend className="sr-only">{t.viewLabel}</legend>
          {(['cloud', 'list'] as const).map((option) => {
            const Icon = option === 'cloud' ? Cloud : List;
            return (
              <Button
                key={option}
                variant={view === option ? 'secondary' : 'ghost'}
                size="sm"
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                <Icon aria-hidden="true" />
                {option === 'cloud' ? t.cloudView : t.listView}
              </Button>
            );
          })}
        </fieldset>
      </div>
      <div hidden={view !== 'cloud'}>
        {words.length === 0 ? (
          <NoAnswers large={large} />
        ) : (
          <WordCloud
            words={words}
            variant="page"
            listLabel={t.topWords}
            countLabel={t.answers}
            className={cn(
              'rounded-xl bg-background/60',
              large && 'mx-auto max-w-[min(100%,150vh)]',
            )}
          />
        )}
      </div>
      {view === 'list' ? <AnswerList slug={slug} question={question} large={large} /> : null}
      {moderation}
    </div>
  );
}

function NoAnswers({ large }: { large: boolean }) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl border border-dashed p-6 text-muted-foreground',
        large ? 'text-3xl' : 'text-base lg:text-xl',
      )}
      data-testid="text-no-answers"
    >
      <MessageSquareDashed className="size-[1.25em] shrink-0" aria-hidden="true" />
      {t.noTextAnswers}
    </div>
  );
}

function AnswerList({
  slug,
  question,
  large,
}: {
  slug: string;
  question: SummaryQuestion;
  large: boolean;
}) {
  const list = useTextAnswers({
    slug,
    questionId: question.id,
    recent: question.answers ?? [],
    hostSecret: getHostSecret(slug),
  });
  const answers = list.answers.filter(isPublic);
  if (answers.length === 0) return <NoAnswers large={large} />;
  return (
    <div className="grid gap-3">
      <ol
        className={cn('grid gap-2', large ? 'text-[1.75rem]' : 'text-base lg:text-xl')}
        aria-label={t.answersNewestFirst}
        data-testid="text-answer-list"
      >
        {answers.map((answer) => (
          <li key={answer.id} className="rounded-lg border bg-background px-4 py-2.5">
            {answer.text}
          </li>
        ))}
      </ol>
      {list.hasMore ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={list.loading}
          onClick={list.more}
        >
          {list.loading ? es.common.loading : t.moreAnswers}
        </Button>
      ) : null}
    </div>
  );
}
