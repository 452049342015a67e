import type { QueryClient } from '@tanstack/react-query';
import { ResultsScreen } from '../features/results/components/results-screen.tsx';
import { ParticipantPage } from './participant.tsx';
import { resultsModeration } from './results-moderation.tsx';
import '../styles.css';

type Props = { pathname: string; slug: string; queryClient: QueryClient };

/** /r/{slug}, server-rendered and hydrated. */
export function ResultsPage({ pathname, slug, queryClient }: Props) {
  return (
    <ParticipantPage pathname={pathname} queryClient={queryClient}>
      <ResultsScreen key={slug} slug={slug} moderation={resultsModeration(slug)} />
    </ParticipantPage>
  );
}
