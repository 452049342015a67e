import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LinkGuard } from '../../features/cohosts/components/link-access.tsx';
import { keepLinkFromFragment } from '../../features/cohosts/link-fragment.ts';
import { ResultsScreen } from '../../features/results/components/results-screen.tsx';
import { getHostSecret } from '../../lib/storage.ts';
import { resultsModeration } from '../results-moderation.tsx';

export function ResultsRoute() {
  const { slug = '' } = useParams();
  // Issue 28: a results link's secret is kept before the page first reads the stored one.
  const [fromLink] = useState(() => keepLinkFromFragment(slug));
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    // Out of the address bar (history, a shared screen), as the presenter link's code.
    if (fromLink)
      navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [fromLink, navigate, location.pathname, location.search]);
  return (
    <LinkGuard slug={slug} secret={getHostSecret(slug)}>
      <ResultsScreen key={slug} slug={slug} moderation={resultsModeration(slug)} />
    </LinkGuard>
  );
}
