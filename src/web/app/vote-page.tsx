import type { QueryClient } from '@tanstack/react-query';
import { VoteScreen } from '../features/vote/components/vote-screen.tsx';
import { ParticipantPage } from './participant.tsx';
import { WithAudienceQa } from './qa-slot.tsx';

type Props = { pathname: string; slug: string; queryClient: QueryClient };

/** /p/{slug}, server-rendered and hydrated; its own chunk so phones load only the vote screen. */
export function VotePage({ pathname, slug, queryClient }: Props) {
  return (
    <ParticipantPage pathname={pathname} queryClient={queryClient}>
      <WithAudienceQa key={slug} slug={slug}>
        <VoteScreen slug={slug} />
      </WithAudienceQa>
    </ParticipantPage>
  );
}
