import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { pollQueryOptions } from '../api/get-poll.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { PollNotFound } from './access-screens.tsx';
import { ActionsCard } from './actions-card.tsx';
import { PanelHeader } from './panel-header.tsx';
import { QuestionsCard } from './questions-card.tsx';
import { StatusCard } from './status-card.tsx';

type HostPanelProps = {
  slug: string;
  secret: string;
  onForget: () => void;
  /** The 'Compartir' card belongs to another feature; the route passes it in. */
  share: ReactNode;
};

/** The unlocked panel: questions on the left, status, share and actions on the right. */
export function HostPanel({ slug, secret, onForget, share }: HostPanelProps) {
  const query = useQuery(pollQueryOptions(slug));
  // A failed background refetch keeps the data; only a poll never loaded is "not found".
  if (!query.data) return query.isError ? <PollNotFound /> : <Loading />;
  const poll = query.data;
  return (
    <HostSessionProvider slug={slug} secret={secret}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
        <PanelHeader poll={poll} onForget={onForget} />
        {/* Phones get the status card first (opening the poll is the first thing a host does
            there); wide screens put the questions on the left and the three cards on the right.
            The last 1fr row absorbs the questions card's extra height. */}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_auto_auto_1fr]">
          <div className="lg:col-start-2 lg:row-start-1">
            <StatusCard poll={poll} />
          </div>
          <div className="lg:col-start-1 lg:row-span-4 lg:row-start-1">
            <QuestionsCard poll={poll} />
          </div>
          <div className="lg:col-start-2 lg:row-start-2">{share}</div>
          <div className="lg:col-start-2 lg:row-start-3">
            <ActionsCard poll={poll} />
          </div>
        </div>
      </div>
    </HostSessionProvider>
  );
}
