import type { SummaryQuestion, SummaryTextAnswer } from '../../../../contract/summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { getHostSecret } from '../../../lib/storage.ts';
import { useTextAnswers } from '../../../lib/text-answers.ts';
import { NoAnswers } from './no-answers.tsx';

const t = es.results;

/** The public side of an answer: the host's summary also carries held, flagged and hidden ones. */
const isPublic = (answer: SummaryTextAnswer) =>
  answer.state === undefined || answer.state === 'visible';

/**
 * The answers as a list, newest first, older ones page by page. Its own chunk (with the paged
 * query): it only ever shows after the toggle, so the results page loads it on demand.
 */
export function AnswerList({
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
