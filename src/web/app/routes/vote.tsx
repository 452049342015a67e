import { useParams } from 'react-router';
import { VoteScreen } from '../../features/vote/components/vote-screen.tsx';
import { WithAudienceQa } from '../qa-slot.tsx';
import { afterVoteResults, quizPhone } from '../vote-page.tsx';

export function VoteRoute() {
  const { slug = '' } = useParams();
  // Keyed by slug: moving to another poll starts from a clean form and a fresh voted flag.
  return (
    <WithAudienceQa key={slug} slug={slug}>
      <VoteScreen slug={slug} quiz={quizPhone} afterVote={afterVoteResults} />
    </WithAudienceQa>
  );
}
