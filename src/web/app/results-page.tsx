import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ResultsScreen } from '../features/results/components/results-screen.tsx';
import { RoundResults } from '../features/rounds/components/round-results.tsx';
import { getHostSecret } from '../lib/storage.ts';
import { ParticipantPage } from './participant.tsx';
import { resultsModeration } from './results-moderation.tsx';
import '../styles.css';

type Props = { pathname: string; slug: string; queryClient: QueryClient };

/** /r/{slug}, server-rendered and hydrated. */
export function ResultsPage({ pathname, slug, queryClient }: Props) {
  return (
    <ParticipantPage pathname={pathname} queryClient={queryClient}>
      <ResultsWithRounds key={slug} slug={slug} />
    </ParticipantPage>
  );
}

/** Issue 27: the round selector and 'Comparar' above the live results once a round is kept. */
function ResultsWithRounds({ slug }: { slug: string }) {
  // Read after hydration: the server-rendered page knows no browser's presenter code.
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => setSecret(getHostSecret(slug)), [slug]);
  const live = <ResultsScreen slug={slug} moderation={resultsModeration(slug)} />;
  return (
    <RoundResults slug={slug} secret={secret} variant="page">
      {live}
    </RoundResults>
  );
}
