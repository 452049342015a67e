import { useQuery } from '@tanstack/react-query';
import { FileQuestion, KeyRound, Radio, SearchX, WifiOff } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import type { Summary, SummaryQuestion } from '../../../../contract/summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { es } from '../../../i18n/es.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { participantUrl } from '../../../lib/links.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { serverInfoQueryOptions } from '../../../lib/server-info.ts';
import { resolveShareOrigin } from '../../../lib/share-origin.ts';
import { useFullscreen } from '../../../lib/use-fullscreen.ts';
import { useSetCurrentQuestion, useToggleResults } from '../api/presenter-calls.ts';
import { type PresenterFeed, usePresenterFeed } from '../api/presenter-feed.ts';
import { actionOf, type PresenterAction } from '../lib/keys.ts';
import { useIdle } from '../lib/use-idle.ts';
import type { SlidePager } from './fitted-slide.tsx';
import { HelpOverlay } from './help-overlay.tsx';
import { type JoinInfo, JoinScreen, JoinStrip } from './join-info.tsx';
import { PresenterControls } from './presenter-controls.tsx';
import { QuestionSlide } from './question-slide.tsx';
import { ResultsAnnouncer } from './results-announcer.tsx';
import { slideViews } from './slide-views.tsx';

const t = es.presenter;

/** Controls fade after this long without the pointer moving, in fullscreen only. */
const IDLE_MS = 2500;

/** 1/100 of the width of the largest 16:9 box the window holds: every size scales with it. */
const UNIT: CSSProperties = { '--u': 'min(1vw, 1.7778vh)' } as CSSProperties;

/** The quiz's screens (another feature's, passed in by the route) and how it takes a key:
 *  `keys.current` answers true when the quiz used Space / → / ← itself. */
export type QuizSlotProps = {
  poll: Poll;
  summary: Summary;
  questionId: number;
  keys: { current: ((action: 'next' | 'previous') => boolean) | null };
};

/** What the audience's questions' screen pages with: the keys ↓ ↑ and the paging buttons. */
export type SlidePaging = {
  pagerRef: React.Ref<SlidePager>;
  onPagesChange: (pages: number) => void;
};

type PresenterScreenProps = {
  slug: string;
  secret: string;
  /** The stored code is not this poll's: forget it and ask again. */
  onForget: () => void;
  /** The audience's questions' screen (issue 20, another feature's), on key A; it pages by ↓ ↑
   *  as long options do. */
  audienceQuestions?: (poll: Poll, paging: SlidePaging) => ReactNode;
  /** Shown instead of the slide when the poll is a quiz. */
  quiz?: (props: QuizSlotProps) => ReactNode;
};

/** The projector's view of a poll: one question at a time, driven by keys or a clicker. */
export function PresenterScreen({
  slug,
  secret,
  onForget,
  audienceQuestions,
  quiz,
}: PresenterScreenProps) {
  const feed = usePresenterFeed(slug, secret);
  const resetHere = useResetSeen(feed.poll?.resetCount);
  const frame = (children: React.ReactNode) => (
    <div style={UNIT} className="flex h-dvh flex-col overflow-hidden bg-background text-foreground">
      {children}
    </div>
  );
  if (feed.failure === 'not-found') {
    return frame(
      <EmptyState
        icon={SearchX}
        level={1}
        title={es.vote.pollNotFound}
        description={es.vote.pollNotFoundDescription}
      />,
    );
  }
  if (feed.failure === 'forbidden') {
    return frame(
      <EmptyState
        icon={KeyRound}
        level={1}
        title={t.wrongCode}
        description={t.wrongCodeDescription}
        action={<Button onClick={onForget}>{t.enterOtherCode}</Button>}
      />,
    );
  }
  if (!feed.poll || !feed.summary) {
    return frame(
      feed.stream === 'down' ? (
        <EmptyState
          icon={WifiOff}
          level={1}
          title={t.offline}
          description={es.results.reconnecting}
        />
      ) : (
        <Loading />
      ),
    );
  }
  return (
    <Presentation
      // A reset (issue 24) starts the run again: the join screen, then the first question (a
      // quiz's current question was cleared, so → starts its clock afresh).
      key={feed.poll.resetCount}
      startOnJoin={resetHere}
      slug={slug}
      secret={secret}
      feed={feed}
      poll={feed.poll}
      summary={feed.summary}
      audienceQuestions={audienceQuestions}
      quiz={quiz}
    />
  );
}

/** Whether the poll was reset while this screen was open (its first resetCount is not now's). */
function useResetSeen(resetCount: number | undefined): boolean {
  const first = useRef<number | undefined>(undefined);
  if (first.current === undefined) first.current = resetCount;
  return resetCount !== undefined && resetCount !== first.current;
}

type PresentationProps = {
  /** Open on the join screen whatever the summary says (a reset: the next group joins). */
  startOnJoin?: boolean;
  slug: string;
  secret: string;
  feed: PresenterFeed;
  poll: Poll;
  summary: Summary;
  audienceQuestions?: PresenterScreenProps['audienceQuestions'];
  quiz?: PresenterScreenProps['quiz'];
};

function Presentation({
  startOnJoin = false,
  slug,
  secret,
  feed,
  poll,
  summary,
  audienceQuestions,
  quiz,
}: PresentationProps) {
  const questions = byOrdinal(summary.questions);
  const [shownId, setShownId] = useState<number | null>(() => poll.currentQuestionId);
  const index = Math.max(
    0,
    questions.findIndex((q) => q.id === shownId),
  );
  const question = questions[index];
  // 'auto': the join screen shows until the first answer arrives or the presenter moves.
  // After a reset, the summary of the new run may land after the poll: not 'auto' then.
  const [join, setJoin] = useState<'auto' | 'open' | 'closed'>(startOnJoin ? 'open' : 'auto');
  const joinOpen = join === 'open' || (join === 'auto' && summary.totalVotes === 0);
  const [helpOpen, setHelpOpen] = useState(false);
  // Issue 20: the audience's questions instead of the question, while Q&A is on.
  const [qaWanted, setQaWanted] = useState(false);
  const qaAvailable = poll.settings.qa && !!audienceQuestions;
  const qaOpen = qaAvailable && qaWanted && !joinOpen;
  const fullscreen = useFullscreen();
  const idle = useIdle(IDLE_MS, fullscreen.active);
  const joinInfo = useJoinInfo(slug, poll, feed.participants);
  const hidden = question?.hidden ?? false;
  const toggleResults = useToggleResults(secret);
  const pager = useRef<SlidePager>(null);
  // How many pages the options on show take: paging buttons join the controls past one.
  const [optionPages, setOptionPages] = useState(1);
  const quizOn = !!quiz && poll.settings.quiz;
  const quizKeys = useRef<QuizSlotProps['keys']['current']>(null);

  // A quiz's first question starts its clock when it is shown, not behind the join screen.
  usePresenterPace(slug, secret, poll, quizOn && joinOpen ? null : (question?.id ?? null));

  useDocumentTitle(t.pageTitle(poll.title));

  const move = (to: number) => {
    // Off the join screen, the first press shows the question that was there, not the next.
    if (joinOpen) {
      setJoin('closed');
      return;
    }
    const target = questions[Math.min(Math.max(to, 0), questions.length - 1)];
    if (target) setShownId(target.id);
    setJoin('closed');
    setQaWanted(false);
  };
  const run = (action: PresenterAction) => {
    // A quiz steps through question → results → leaderboard before moving on.
    const step = action === 'next' || action === 'previous' ? action : null;
    if (quizOn && !joinOpen && step && quizKeys.current?.(step)) return;
    switch (action) {
      case 'next':
        return move(index + 1);
      case 'previous':
        return move(index - 1);
      case 'first':
        return move(0);
      case 'last':
        return move(questions.length - 1);
      case 'next-options':
        return pager.current?.next();
      case 'previous-options':
        return pager.current?.previous();
      case 'fullscreen':
        return void fullscreen.toggle();
      case 'toggle-results':
        // On the join screen there is no question on show to hide.
        if (question && !joinOpen && !toggleResults.isPending) {
          toggleResults.mutate({ questionId: question.id, hidden: !hidden });
        }
        return;
      case 'join':
        return setJoin(joinOpen ? 'closed' : 'open');
      case 'help':
        return setHelpOpen((open) => !open);
      case 'qa':
        if (!qaAvailable) return;
        setJoin('closed');
        return setQaWanted(!qaOpen);
      case 'escape':
        if (joinOpen) setJoin('closed');
        return;
    }
  };
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actionOf(event);
      if (!action) return;
      // The help dialog keeps its own keys (Escape, Tab) except '?', which closes it.
      if (helpOpen && action !== 'help') return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [helpOpen]);

  return (
    <div
      style={UNIT}
      className="flex h-dvh flex-col gap-[calc(var(--u)*1.2)] overflow-hidden bg-background px-[max(calc(var(--u)*3),1rem)] py-[max(calc(var(--u)*1.2),0.75rem)] text-foreground"
      data-testid="presenter"
    >
      <header className="flex shrink-0 flex-wrap items-center gap-x-4 text-[max(calc(var(--u)*1.1),0.875rem)] text-muted-foreground">
        <p className="min-w-0 flex-1 truncate font-semibold">{poll.title}</p>
        <LiveState stream={feed.stream} pace={poll.settings.presenterPace} />
        <PresenterControls
          onAction={run}
          canPrevious={index > 0 && questions.length > 0}
          canNext={index < questions.length - 1}
          fullscreen={fullscreen.active}
          resultsHidden={question && !joinOpen ? hidden : null}
          joinOpen={joinOpen}
          qaOpen={qaAvailable ? qaOpen : null}
          optionPages={(question || qaOpen) && !joinOpen ? optionPages > 1 : false}
          faded={idle && fullscreen.active}
          className="order-last w-full justify-between md:order-none md:w-auto md:justify-end"
        />
        {question ? (
          <p className="shrink-0 font-semibold tabular-nums" data-testid="presenter-position">
            <span aria-hidden="true">{t.position(index + 1, questions.length)}</span>
            <span className="sr-only">{t.positionLabel(index + 1, questions.length)}</span>
          </p>
        ) : null}
      </header>
      <div className="flex min-h-0 flex-1 flex-col">
        {joinOpen ? (
          <JoinScreen {...joinInfo} title={poll.title} />
        ) : qaOpen ? (
          audienceQuestions?.(poll, { pagerRef: pager, onPagesChange: setOptionPages })
        ) : question && quizOn ? (
          quiz({ poll, summary, questionId: question.id, keys: quizKeys })
        ) : question ? (
          // Keyed: another question starts on its first page of options, measured afresh.
          <QuestionSlide
            key={question.id}
            question={question}
            hidden={hidden}
            pagerRef={pager}
            onPagesChange={setOptionPages}
          />
        ) : (
          <EmptyState
            icon={FileQuestion}
            level={1}
            title={t.noQuestions}
            description={t.noQuestionsDescription}
          />
        )}
      </div>
      {joinOpen ? null : <JoinStrip {...joinInfo} />}
      <HelpOverlay open={helpOpen} onOpenChange={setHelpOpen} />
      <ResultsAnnouncer
        message={question && !joinOpen && !quizOn ? announcement(question, hidden) : ''}
      />
    </div>
  );
}

function LiveState({ stream, pace }: { stream: PresenterFeed['stream']; pace: boolean }) {
  return (
    <div className="flex shrink-0 items-center gap-3">
      {pace ? (
        <span className="hidden rounded-full border px-3 py-0.5 lg:inline" title={t.paceOn}>
          {es.home.presenterPaceLabel}
        </span>
      ) : null}
      {stream === 'down' ? (
        <span className="rounded-full bg-destructive px-3 py-0.5 font-semibold text-destructive-foreground">
          {t.offline}
        </span>
      ) : (
        <span className="flex items-center gap-1.5">
          <Radio className="size-[1em]" aria-hidden="true" />
          {t.live}
        </span>
      )}
    </div>
  );
}

function useJoinInfo(slug: string, poll: Poll, participants: number | null): JoinInfo {
  const info = useQuery(serverInfoQueryOptions());
  const share = resolveShareOrigin(info.data, window.location);
  return { url: participantUrl(share.origin, slug), code: poll.joinCode, participants };
}

/** With the presenter pace on, the question shown is the one the phones ask. */
function usePresenterPace(slug: string, secret: string, poll: Poll, shownId: number | null) {
  const setCurrent = useSetCurrentQuestion(slug, secret);
  // A quiz is always presenter-paced.
  const pace = poll.settings.presenterPace || poll.settings.quiz;
  const sent = useRef<number | null>(null);
  const { mutate, isPending } = setCurrent;
  useEffect(() => {
    if (!pace || shownId === null) {
      sent.current = null;
      return;
    }
    // One call at a time, so a burst of clicker presses cannot land out of order: when the
    // call in flight ends, this runs again and sends where the presenter is now.
    if (isPending || poll.currentQuestionId === shownId || sent.current === shownId) return;
    sent.current = shownId;
    mutate(shownId);
  }, [pace, shownId, poll.currentQuestionId, mutate, isPending]);
}

function announcement(question: SummaryQuestion, hidden: boolean): string {
  if (hidden) return t.announce(question.text, t.announceHidden(question.respondents));
  return t.announce(question.text, slideViews[question.type].announce(question));
}
