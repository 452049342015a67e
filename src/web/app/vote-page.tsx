import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Poll } from '../../contract/poll.ts';
import { Loading } from '../components/ui/loading.tsx';
import { VoteScreen } from '../features/vote/components/vote-screen.tsx';
import { useHydrated } from '../lib/fullscreen.ts';
import { ParticipantPage } from './participant.tsx';
import { WithAudienceQa } from './qa-slot.tsx';

// The quiz's game is its own chunk: only phones of a quiz download it (the /p/ byte budget).
const QuizPhone = lazy(async () => ({
  default: (await import('../features/quiz/components/phone/quiz-phone.tsx')).QuizPhone,
}));

// 'Resultados tras votar' (issue 27): its own chunk, for phones of a poll with the setting on.
const AnsweredResults = lazy(async () => ({
  default: (await import('../features/results/components/answered-results.tsx')).AnsweredResults,
}));

/** The vote page's after-vote results slot, for this page and the router's /p/ route alike. */
export function afterVoteResults(
  slug: string,
  answered: ReadonlySet<number>,
  withExplanation = true,
) {
  return <AfterVoteSlot slug={slug} answered={answered} withExplanation={withExplanation} />;
}

function AfterVoteSlot(props: {
  slug: string;
  answered: ReadonlySet<number>;
  withExplanation: boolean;
}) {
  // As the quiz's: a lazy chunk waits for hydration (React error 419 otherwise).
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AnsweredResults {...props} />
    </Suspense>
  );
}

// A quiz with a window is self-paced (issue 27): each player's own clock, its own chunk.
const SelfPacedPhone = lazy(async () => ({
  default: (await import('../features/quiz/components/phone/self-paced-phone.tsx')).SelfPacedPhone,
}));

/** The vote page's quiz slot, for this page and the router's /p/ route alike. */
export function quizPhone(poll: Poll) {
  return <QuizSlot poll={poll} />;
}

function QuizSlot({ poll }: { poll: Poll }) {
  // A lazy chunk cannot load during the server's render: there React gave up the boundary and
  // the phone logged error 419 on hydration. Rendered as 'Cargando' until hydrated instead.
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      {poll.settings.opensAt || poll.settings.closesAt ? (
        <SelfPacedPhone poll={poll} />
      ) : (
        <QuizPhone poll={poll} afterVote={afterVoteResults} />
      )}
    </Suspense>
  );
}

type Props = { pathname: string; slug: string; queryClient: QueryClient };

/** /p/{slug}, server-rendered and hydrated; its own chunk so phones load only the vote screen. */
export function VotePage({ pathname, slug, queryClient }: Props) {
  return (
    <ParticipantPage pathname={pathname} queryClient={queryClient}>
      <WithAudienceQa key={slug} slug={slug}>
        <VoteScreen slug={slug} quiz={quizPhone} afterVote={afterVoteResults} />
      </WithAudienceQa>
    </ParticipantPage>
  );
}
