import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { WordCloud } from '../../../components/word-cloud.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { Cloud, List } from './icons.ts';
import { NoAnswers } from './no-answers.tsx';

const AnswerList = lazy(async () => ({
  default: (await import('./text-answer-list.tsx')).AnswerList,
}));

const t = es.results;

type TextResultsProps = {
  slug: string;
  question: SummaryQuestion;
  large: boolean;
  /** The host's moderation of this question, below the results (never on the projector). */
  moderation?: ReactNode;
};

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
      {view === 'list' ? (
        <Suspense fallback={<Loading />}>
          <AnswerList slug={slug} question={question} large={large} />
        </Suspense>
      ) : null}
      {moderation}
    </div>
  );
}
