import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { es } from '../../../i18n/es.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useLiveStream } from '../../../lib/live-stream.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { pollQueryOptions } from '../api/get-poll.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { PollNotFound } from './access-screens.tsx';
import { ActionsCard } from './actions-card.tsx';
import { ExportCard } from './export-card.tsx';
import { IntegrityCard } from './integrity-card.tsx';
import { KeepCodeCard } from './keep-code-card.tsx';
import { PanelHeader } from './panel-header.tsx';
import { QuestionsCard } from './questions-card.tsx';
import { SkipLinks } from './skip-links.tsx';
import { StatusCard } from './status-card.tsx';

type HostPanelProps = {
  slug: string;
  secret: string;
  onForget: () => void;
  /** The 'Compartir' card belongs to another feature; the route passes it in. */
  share: ReactNode;
  /** Moderation of an open-text question's answers, also another feature's. */
  moderation?: (question: Question) => ReactNode;
  /** The poll's own moderation settings ('Palabras bloqueadas'), another feature's card: shown
   *  while the poll has an open-text question or Q&A, the texts it acts on. */
  pollModeration?: ReactNode;
  /** The audience's questions (issue 20), another feature's: shown while the poll has Q&A on. */
  audienceQuestions?: (poll: Poll) => ReactNode;
  /** A quiz's players (issue 25), another feature's card: shown while the poll is a quiz. */
  players?: (poll: Poll) => ReactNode;
  /** 'Tarea' (issue 27): the window and a self-paced quiz's progress, another feature's. */
  homework?: (poll: Poll) => ReactNode;
  /** 'Archivo de la encuesta' (issue 28): export and import, another feature's card. */
  pollFile?: ReactNode;
  /** 'Rondas' (issue 27): 'Nueva ronda' and the kept rounds, another feature's card. */
  rounds?: (poll: Poll) => ReactNode;
  /** 'Compartir la gestión' (issue 28): co-host links, another feature's; under the status, so
   *  sharing and 'Abrir encuesta' stay on a phone's first screen. */
  coHosts?: ReactNode;
};

/**
 * Open answers arrive and wait for the host (held, or hidden by the filter): with an open-text
 * question the panel follows the host's stream, which keeps the poll and the host's summary in
 * the cache. Other panels stay as they were, reading on demand.
 */
function HostLive({ slug, secret }: { slug: string; secret: string }) {
  useLiveStream(slug, { hostSecret: secret });
  return null;
}

/**
 * The unlocked panel. Sharing and the status come first, so 'Mostrar código QR' and 'Abrir
 * encuesta' sit on the first screen of a phone and of a laptop instead of under every question
 * (or under a status card grown by settings). Phones: one column in document order (share,
 * status, questions, the other cards), so focus order is reading order. Wide screens: questions
 * on the left across both rows, share and status top right, the other cards right under them
 * (the second row is 1fr and absorbs the questions' extra height).
 */
export function HostPanel({
  slug,
  secret,
  onForget,
  share,
  moderation,
  pollModeration,
  audienceQuestions,
  players,
  homework,
  pollFile,
  coHosts,
  rounds,
}: HostPanelProps) {
  const query = useQuery(pollQueryOptions(slug));
  useDocumentTitle(query.data ? es.titles.panel(query.data.title) : null);
  // A failed background refetch keeps the data; only a poll never loaded is "not found".
  if (!query.data) return query.isError ? <PollNotFound /> : <Loading />;
  const poll = query.data;
  const hasText = poll.questions.some((q) => traitsOf(q.type).moderated);
  return (
    <HostSessionProvider slug={slug} secret={secret}>
      {/* A quiz's players join and score as the room plays: the panel follows them too. */}
      {hasText || poll.settings.qa || poll.settings.quiz ? (
        <HostLive slug={slug} secret={secret} />
      ) : null}
      <div className="relative mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
        <SkipLinks />
        <PanelHeader poll={poll} onForget={onForget} />
        <KeepCodeCard />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
          <div className="grid gap-6 lg:col-start-2 lg:row-start-1">
            {share}
            <StatusCard poll={poll} />
            {coHosts}
          </div>
          <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <QuestionsCard poll={poll} moderation={moderation} />
            {poll.settings.qa && audienceQuestions ? (
              <div className="mt-6">{audienceQuestions(poll)}</div>
            ) : null}
          </div>
          {/* Other cards: below the questions on phones, down the right column on wide screens. */}
          <div className="grid gap-6 lg:col-start-2 lg:row-start-2">
            {hasText || poll.settings.qa ? pollModeration : null}
            {homework?.(poll)}
            {poll.settings.quiz ? players?.(poll) : null}
            {rounds?.(poll)}
            <ActionsCard poll={poll} />
            <ExportCard />
            {pollFile}
            <IntegrityCard />
          </div>
        </div>
      </div>
    </HostSessionProvider>
  );
}
