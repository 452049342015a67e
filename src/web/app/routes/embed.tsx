import { useParams, useSearchParams } from 'react-router';
import { EmbedScreen } from '../../features/embed/embed-screen.tsx';
import { QuestionResults } from '../../features/results/components/question-results.tsx';

/** /embed/{slug}?q=ID&join=0 (issue 28): one question's live results, sized to its frame. */
export function EmbedRoute() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const q = Number(search.get('q'));
  return (
    <EmbedScreen
      key={slug}
      slug={slug}
      questionId={Number.isInteger(q) && q > 0 ? q : null}
      showJoin={search.get('join') !== '0'}
      renderQuestion={(question, position, large) => (
        <QuestionResults
          slug={slug}
          question={question}
          position={position}
          showPercent
          large={large}
        />
      )}
    />
  );
}
