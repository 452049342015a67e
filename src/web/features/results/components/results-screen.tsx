import { FileQuestion, Hourglass, Lock, SearchX, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Summary } from '../../../../contract/summary.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { es } from '../../../i18n/es.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { type ResultsFeed, useResultsFeed } from '../api/use-results-feed.ts';
import { useDarkTheme, useFullscreen } from '../lib/use-fullscreen.ts';
import { ConnectionBadge, TotalBadge } from './live-badge.tsx';
import { QuestionResults } from './question-results.tsx';
import { ResultsControls } from './results-controls.tsx';

const OFFLINE_TOAST_ID = 'results-offline';

/** One toast per kind of trouble, not one per 2.5 s poll; a success ends the spell. */
function useErrorToasts(error: ApiError | null): void {
  const announced = useRef<'private' | 'offline' | 'missing' | null>(null);
  useEffect(() => {
    if (!error) {
      if (announced.current === 'offline') toast.dismiss(OFFLINE_TOAST_ID);
      announced.current = null;
      return;
    }
    const kind = error.status === 404 ? 'missing' : error.status === 403 ? 'private' : 'offline';
    if (announced.current === kind) return;
    announced.current = kind;
    if (kind === 'private') {
      toast.error(es.results.privateTitle, { description: es.results.privateDescription });
    } else if (kind === 'offline') {
      toast.error(es.results.connectionError, {
        id: OFFLINE_TOAST_ID,
        description: es.results.reconnecting,
      });
    }
  }, [error]);
}

export function ResultsScreen({ slug }: { slug: string }) {
  const feed = useResultsFeed(slug);
  const fullscreen = useFullscreen();
  const [showPercent, setShowPercent] = useState(true);
  // In fullscreen the dark set is on unless the presenter turns it off (dim rooms).
  const [projectorDark, setProjectorDark] = useState(true);
  useDarkTheme(fullscreen.active && projectorDark);
  useErrorToasts(feed.error);

  const large = fullscreen.active;
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col',
        large
          ? 'min-h-dvh max-w-none gap-10 px-16 py-10'
          : 'max-w-5xl gap-6 px-4 py-6 lg:py-10 xl:max-w-6xl',
      )}
      data-fullscreen={large || undefined}
    >
      <ResultsBody feed={feed} large={large} showPercent={showPercent}>
        <ResultsControls
          showPercent={showPercent}
          onTogglePercent={() => setShowPercent((v) => !v)}
          fullscreen={fullscreen.active}
          onToggleFullscreen={fullscreen.toggle}
          dark={projectorDark}
          onToggleDark={() => setProjectorDark((v) => !v)}
        />
      </ResultsBody>
    </div>
  );
}

type BodyProps = {
  feed: ResultsFeed;
  large: boolean;
  showPercent: boolean;
  children: ReactNode;
};

function ResultsBody({ feed, large, showPercent, children: controls }: BodyProps) {
  const { summary, error } = feed;
  if (error?.status === 404) {
    return (
      <EmptyState
        icon={SearchX}
        level={1}
        title={es.results.notFound}
        description={es.results.notFoundDescription}
      />
    );
  }
  if (error?.status === 403) {
    return (
      <EmptyState
        icon={Lock}
        level={1}
        title={es.results.loadFailed}
        description={es.results.privateDescription}
      />
    );
  }
  if (!summary) {
    if (feed.connection === 'offline') {
      return (
        <div className="flex flex-col items-center">
          <ConnectionBadge connection="offline" large={large} />
          <EmptyState
            icon={WifiOff}
            level={1}
            title={es.results.loadFailed}
            description={es.results.reconnecting}
          />
        </div>
      );
    }
    return <Loading />;
  }
  return (
    <>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-3">
          <h1
            className={cn(
              'leading-tight font-extrabold break-words',
              large ? 'text-6xl' : 'text-2xl sm:text-3xl lg:text-4xl',
            )}
          >
            {summary.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2" role="status">
            <TotalBadge total={summary.totalVotes} large={large} />
            <ConnectionBadge connection={feed.connection} large={large} />
          </div>
        </div>
        {controls}
      </header>
      <QuestionList summary={summary} large={large} showPercent={showPercent} />
      <ResultsFooter lastUpdate={feed.lastUpdate} large={large} />
    </>
  );
}

function QuestionList({
  summary,
  large,
  showPercent,
}: {
  summary: Summary;
  large: boolean;
  showPercent: boolean;
}) {
  if (summary.questions.length === 0) {
    return (
      <EmptyState
        icon={FileQuestion}
        title={es.results.noQuestions}
        description={es.results.noQuestionsDescription}
      />
    );
  }
  if (summary.totalVotes === 0) {
    return (
      <EmptyState
        icon={Hourglass}
        title={es.results.waiting}
        description={es.results.waitingDescription}
      />
    );
  }
  return (
    <div className={cn('flex flex-col', large ? 'gap-10' : 'gap-6')}>
      {byOrdinal(summary.questions).map((question, index) => (
        <QuestionResults
          key={question.id}
          question={question}
          position={index + 1}
          showPercent={showPercent}
          large={large}
        />
      ))}
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('es', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function ResultsFooter({ lastUpdate, large }: { lastUpdate: Date | null; large: boolean }) {
  return (
    <footer
      className={cn(
        'mt-auto flex flex-col gap-1 border-t pt-4 text-muted-foreground sm:flex-row sm:justify-between',
        large ? 'text-lg' : 'text-sm',
      )}
    >
      <span className="tabular-nums" data-testid="last-update">
        {lastUpdate ? es.results.lastUpdate(timeFormat.format(lastUpdate)) : null}
      </span>
      <span>{es.results.refreshNote}</span>
    </footer>
  );
}
