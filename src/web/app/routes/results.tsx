import { useParams } from 'react-router';
import { ResultsScreen } from '../../features/results/components/results-screen.tsx';
import { resultsModeration } from '../results-moderation.tsx';

export function ResultsRoute() {
  const { slug = '' } = useParams();
  return <ResultsScreen key={slug} slug={slug} moderation={resultsModeration(slug)} />;
}
