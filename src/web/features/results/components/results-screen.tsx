import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PollStatus } from '../../../../contract/poll.ts';
import type { Summary, SummaryQuestion } from '../../../../contract/summary.ts';
import { Explanation } from '../../../components/explanation.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FileQuestion, Hourglass, SearchX } from '../../../components/ui/icons.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { es } from '../../../i18n/es.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useHydrated } from '../../../lib/fullscreen.ts';
import { presenterPath } from '../../../lib/links.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { notify } from '../../../lib/toast.ts';
import { useDarkTheme, useFullscreen } from '../../../lib/use-fullscreen.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { type ResultsFeed, useResultsFeed } from '../api/use-results-feed.ts';
import { Lock, WifiOff } from './icons.ts';
import { ConnectionBadge, TotalBadge } from './live-badge.tsx';
import { QuestionResults } from './question-results.tsx';
import { ResultsControls } from './results-controls.tsx';
import { SaveResultImage } from './save-result-image.tsx';

const OFFLINE_TOAST_ID = 'results-offline';
/** One private-results toast at most, even if the refusal comes twice (server render, GET). */
const PRIVATE_TOAST_ID = 'results-private';

type ToastContext = {
  /** The poll's status, null while not known yet. */
  status: PollStatus | null | undefined;
  /** This browser holds the presenter code: a 403 rendered by the server (which does not know
   *  it) is about to be replaced by the host's own results, so it is no news. */
  host: boolean;
};

/** One toast per kind of trouble, not one per 2.5 s poll; a success ends the spell. */
function useErrorToasts(error: ApiError | null, { status, host }: ToastContext): void {
  const announced = useRef<'private' | 'offline' | 'missing' | null>(null);
  useEffect(() => {
    if (!error) {
      if (announced.current === 'offline') notify.dismiss(OFFLINE_TOAST_ID);
      announced.current = null;
      return;
    }
    const kind = error.status === 404 ? 'missing' : error.status === 403 ? 'private' : 'offline';
    if (announced.current === kind) return;
    // The private toast's words depend on the status (draft: not open yet): wait for it.
    if (kind === 'private' && (host || status === null)) return;
    announced.current = kind;
    if (kind === 'private') {
      notify.error(es.results.privateTitle, {
        id: PRIVATE_TOAST_ID,
        description:
          status === 'draft' ? es.results.privateDraftToast : es.results.privateDescription,
      });
    } else if (kind === 'offline') {
      notify.error(es.results.connectionError, {
        id: OFFLINE_TOAST_ID,
        description: es.results.reconnecting,
      });
    }
  }, [error, status, host]);
}

/**
 * 'Explicación' (issue 27) under a question's results. The server sends it to others only with
 * the results; the host's summary has it from the start, so a host's page shows it once the
 * results show (never in a quiz, whose stage shows it at the close).
 */
function explanationShown(
  question: SummaryQuestion,
  host: boolean,
  quiz: boolean,
): question is SummaryQuestion & { explanation: string } {
  if (!question.explanation) return false;
  return !host || (!quiz && !question.hidden && !question.running);
}

type ResultsScreenProps = {
  slug: string;
  /** The host's moderation of an open-text question (another feature's, passed in by the
   *  page); shown only to a browser holding the presenter code, never in fullscreen. */
  moderation?: (questionId: number) => ReactNode;
};

export function ResultsScreen({ slug, moderation }: ResultsScreenProps) {
  const feed = useResultsFeed(slug);
  const fullscreen = useFullscreen();
  const [showPercent, setShowPercent] = useState(true);
  // In fullscreen the dark set is on unless the presenter turns it off (dim rooms).
  const [projectorDark, setProjectorDark] = useState(true);
  useDarkTheme(fullscreen.active && projectorDark);
  useErrorToasts(feed.error, { status: feed.pollStatus, host: feed.host });
  const title = feed.summary?.title ?? feed.poll?.title;
  useDocumentTitle(title ? es.titles.results(title) : null);

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
      <ResultsBody
        feed={feed}
        large={large}
        showPercent={showPercent}
        moderation={feed.host && !large ? moderation : undefined}
      >
        <ResultsControls
          presentHref={presenterPath(slug)}
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
  moderation: ResultsScreenProps['moderation'];
  children: ReactNode;
};

function ResultsBody({ feed, large, showPercent, moderation, children: controls }: BodyProps) {
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
        // The toast quotes the spec; the page says what to expect, fitting the poll's status.
        description={
          feed.poll?.status === 'draft' ? es.results.privateDraftPage : es.results.privateOpenPage
        }
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
              'leading-tight font-extrabold',
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
      <QuestionList
        summary={summary}
        large={large}
        showPercent={showPercent}
        moderation={moderation}
        // No poll (or settings) known yet reads as a quiz: a host's page shows no explanation.
        explain={(q) => explanationShown(q, feed.host, feed.poll?.settings?.quiz ?? true)}
      />
      <ResultsFooter lastUpdate={feed.lastUpdate} live={feed.stream === 'live'} large={large} />
    </>
  );
}

function QuestionList({
  summary,
  large,
  showPercent,
  moderation,
  explain,
}: {
  summary: Summary;
  large: boolean;
  showPercent: boolean;
  moderation: ResultsScreenProps['moderation'];
  /** Whether a question's explanation shows (explanationShown). */
  explain: (question: SummaryQuestion) => question is SummaryQuestion & { explanation: string };
}) {
  // The presenter code lives in this browser's storage: moderation appears once hydrated.
  const hydrated = useHydrated();
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
        <div key={question.id} className="grid gap-2">
          <QuestionResults
            slug={summary.slug}
            question={question}
            position={index + 1}
            showPercent={showPercent}
            large={large}
            moderation={
              hydrated && traitsOf(question.type).moderated ? moderation?.(question.id) : undefined
            }
            footer={
              explain(question) ? (
                <Explanation
                  text={question.explanation}
                  label={es.results.explanation}
                  className={large ? 'mt-8 text-[2rem]' : undefined}
                />
              ) : null
            }
          />
          {/* Not on the projector: its chrome stays hidden. */}
          {large ? null : (
            <SaveResultImage
              slug={summary.slug}
              pollTitle={summary.title}
              updatedAt={summary.updatedAt}
              position={index + 1}
              question={question}
            />
          )}
        </div>
      ))}
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('es', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type FooterProps = { lastUpdate: Date | null; live: boolean; large: boolean };

function ResultsFooter({ lastUpdate, live, large }: FooterProps) {
  // The time is in the viewer's zone, which the server does not know: shown once hydrated.
  const hydrated = useHydrated();
  return (
    <footer
      className={cn(
        'mt-auto flex flex-col gap-1 border-t pt-4 text-muted-foreground sm:flex-row sm:justify-between',
        large ? 'text-lg' : 'text-sm',
      )}
    >
      <span className="tabular-nums" data-testid="last-update">
        {lastUpdate && hydrated ? es.results.lastUpdate(timeFormat.format(lastUpdate)) : null}
      </span>
      {/* Pushed while the stream is up; the spec's 2.5 s polling only while it is down. */}
      <span data-testid="refresh-note">{live ? es.results.liveNote : es.results.refreshNote}</span>
    </footer>
  );
}
