import { useParams } from 'react-router';
import { VoteScreen } from '../../features/vote/components/vote-screen.tsx';
import { quizPhone } from '../vote-page.tsx';

export function VoteRoute() {
  const { slug = '' } = useParams();
  // Keyed by slug: moving to another poll starts from a clean form and a fresh voted flag.
  return <VoteScreen key={slug} slug={slug} quiz={quizPhone} />;
}
