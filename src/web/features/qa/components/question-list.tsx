import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { QaQuestion, QaSort } from '../../../../contract/qa.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { qaListQueryOptions, useQaFrame, useVoteQa } from '../api/qa.ts';
import { mergeFrame, splitAnswered } from '../lib/live-merge.ts';
import { QuestionCard } from './question-card.tsx';

const PAGE = 50;

/** The audience's questions on a phone: 'Populares' or 'Recientes', answered ones apart. */
export function QuestionList({ slug, canVote }: { slug: string; canVote: boolean }) {
  const [sort, setSort] = useState<QaSort>('top');
  const [limit, setLimit] = useState(PAGE);
  const queryClient = useQueryClient();
  const list = useQuery(qaListQueryOptions(slug, sort, null, limit));
  const frame = useQaFrame(slug);
  const vote = useVoteQa(slug);
  const { questions, newCount } = mergeFrame(list.data?.questions ?? [], frame);
  const { open, answered } = splitAnswered(questions);
  // Issue 24: an empty list showed '1 pregunta nueva' above 'Aún no hay preguntas'. With
  // nothing to keep in place, the new questions are simply shown.
  const emptyList = !!list.data && open.length === 0 && answered.length === 0;
  useEffect(() => {
    if (emptyList && newCount > 0) void queryClient.invalidateQueries({ queryKey: [`qa-${slug}`] });
  }, [emptyList, newCount, queryClient, slug]);

  const onVote = (question: QaQuestion) =>
    vote.mutate(
      { id: question.id, up: !question.votedByMe, votes: question.votes },
      {
        onError: (error) =>
          notify.error(t.errorTitle, {
            description:
              isApiError(error) && error.status === 429
                ? t.rateLimited(error.retryAfterS ?? 5)
                : error.message,
          }),
      },
    );

  return (
    <section className="grid gap-3" aria-labelledby="qa-list-heading">
      <div className="flex items-center justify-between gap-2">
        <h2 id="qa-list-heading" className="sr-only">
          {t.tabQuestions}
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t.sortLabel}</legend>
          {(['top', 'recent'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
              className={cn(
                'min-h-11 rounded-md px-3 text-sm font-medium',
                sort === value ? 'bg-background shadow-sm' : 'text-muted-foreground',
              )}
            >
              {value === 'top' ? t.sortTop : t.sortRecent}
            </button>
          ))}
        </fieldset>
      </div>
      <div aria-live="polite">
        {newCount > 0 && !emptyList ? (
          <Button
            variant="outline"
            className="w-full"
            onClick={() => queryClient.invalidateQueries({ queryKey: [`qa-${slug}`] })}
          >
            {t.newQuestions(newCount)}
          </Button>
        ) : null}
      </div>
      {!list.data ? (
        <Loading />
      ) : open.length === 0 && answered.length === 0 ? (
        <EmptyState icon={MessageCircleQuestion} title={t.empty} description={t.emptyHelp} />
      ) : (
        <>
          <ul className="grid gap-3">
            {open.map((q) => (
              <QuestionCard key={q.id} question={q} canVote={canVote} onVote={onVote} />
            ))}
          </ul>
          {answered.length > 0 ? (
            <>
              <h3 className="mt-4 text-lg font-semibold">{t.answeredHeading}</h3>
              <ul className="grid gap-3 opacity-80">
                {answered.map((q) => (
                  <QuestionCard key={q.id} question={q} canVote={canVote} onVote={onVote} />
                ))}
              </ul>
            </>
          ) : null}
          {list.data.total > questions.length ? (
            <Button variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
              {t.more}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
