import { useQuery } from '@tanstack/react-query';
import { RESULTS_POLL_INTERVAL_MS } from '../../../../contract/limits.ts';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { Explanation } from '../../../components/explanation.tsx';
import { es } from '../../../i18n/es.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { QuestionResults } from './question-results.tsx';
import './answered-results.css';

type Props = {
  slug: string;
  /** The questions this phone answered: their results, and no other's, are shown. */
  answered: ReadonlySet<number>;
  /** False where the page shows the explanation already (a quiz's result card). */
  withExplanation?: boolean;
};

/**
 * 'Resultados tras votar' (issue 27) on a phone: the live results of the questions it answered,
 * each with its 'Explicación' once the server sends it. The server decides what this phone may
 * read (it answers only what its participant answered); this view shows no more than it asked.
 * Its own chunk: only phones of a poll with the setting on load it.
 */
export function AnsweredResults({ slug, answered, withExplanation = true }: Props) {
  const summary = useQuery({
    // Not the results page's key: the phone's stream never writes summaries under it, and each
    // new answer asks again at once.
    queryKey: [`after-vote-${slug}`, [...answered].sort((a, b) => a - b).join('.')],
    queryFn: ({ signal }) => apiCall('getSummary', { params: { slug }, signal }),
    // The phone's stream carries no results: polled as the results page's fallback is.
    refetchInterval: RESULTS_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const all = byOrdinal(summary.data?.questions ?? []);
  const shown = all.filter((q) => answered.has(q.id) && hasResults(q));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="after-vote-title" className="mt-8 flex flex-col gap-4 text-left">
      <div>
        <h2 id="after-vote-title" className="text-xl font-bold">
          {es.results.afterVoteTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{es.results.afterVoteNote}</p>
      </div>
      {shown.map((question) => (
        <div key={question.id} data-testid="after-vote-result">
          <QuestionResults
            slug={slug}
            question={question}
            position={all.indexOf(question) + 1}
            showPercent
            large={false}
            footer={
              withExplanation && question.explanation ? (
                <Explanation text={question.explanation} label={es.results.explanation} />
              ) : null
            }
          />
        </div>
      ))}
    </section>
  );
}

/** Whether the summary carries this question's results to this phone (or the host's 'hidden'
 *  note): a question it did not answer comes without counts, and is not shown. */
function hasResults(q: SummaryQuestion): boolean {
  return q.hidden || q.totalAnswers !== undefined;
}
