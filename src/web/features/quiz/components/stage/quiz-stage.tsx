import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { QUIZ_GRACE_MS } from '../../../../../contract/limits.ts';
import type { Poll } from '../../../../../contract/poll.ts';
import type { LeaderboardEntry } from '../../../../../contract/quiz.ts';
import type { Summary, SummaryQuestion } from '../../../../../contract/summary.ts';
import { Explanation } from '../../../../components/explanation.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { traitsOf } from '../../../../question-types/registry.ts';
import {
  extraTimeQueryOptions,
  leaderboardQueryOptions,
  useCloseQuestion,
} from '../../api/host-calls.ts';
import { extendedEnd } from '../../lib/server-clock.ts';
import { useRemainingMs, useServerOffset } from '../../lib/use-countdown.ts';
import { useStageFit } from './stage-fit.ts';
import { correctValueText } from './stage-reveals.tsx';
import { StageHead, StageResults, StageTiles } from './stage-slides.tsx';
import { Leaderboard, Podium } from './standings.tsx';

const t = esQuiz.stage;

/** Past the limit, the projector says 'Tiempo extra' after this long: the answers' grace and
 *  the close's frame on its way (a question that does not wait is closed by then). */
const EXTRA_SHOWN_AFTER_MS = QUIZ_GRACE_MS + 1000;

/** What the presenter asks before it moves: true when the quiz used the key itself. */
export type QuizKeys = { current: ((action: 'next' | 'previous') => boolean) | null };

export type QuizStageProps = {
  slug: string;
  secret: string;
  poll: Poll;
  summary: Summary;
  /** The question the presenter shows (the phones' current one once its call landed). */
  questionId: number;
  keys: QuizKeys;
};

type View = 'results' | 'leaderboard' | 'podium';

/**
 * The projector's quiz (issue 18), in place of the presenter's slide: the running question with
 * its countdown and answers so far; at the close the distribution with the correct answer;
 * then 'Clasificación'; after the last question the podium. Space / → steps through them (a
 * running question is closed early), ← steps back; the presenter moves between questions
 * when the quiz does not use the key. Keyed by question, so each question starts on its own.
 */
export function QuizStage({ slug, secret, poll, summary, questionId, keys }: QuizStageProps) {
  const offset = useServerOffset(poll.now);
  const question = poll.questions.find((q) => q.id === questionId);
  const counts = summary.questions.find((q) => q.id === questionId);
  const clock = poll.clock?.questionId === questionId ? poll.clock : null;
  const running = !!clock && !clock.closedAt;
  const normalRemaining = useRemainingMs(running ? clock.endsAt : null, offset);
  // 'Más tiempo' (issue 27): the correct answer is not shown while a player with it may still
  // answer, so past the limit the room sees 'Tiempo extra' counting down to that player's end.
  const extraTime = useQuery({
    ...extraTimeQueryOptions(slug, secret, `${questionId}:${clock?.startedAt}:${poll.updatedAt}`),
    enabled: running && !!clock.endsAt,
    placeholderData: (previous) => previous,
  });
  const past = running && normalRemaining === 0 && extraTime.data === true;
  const extraRemaining = useRemainingMs(past ? extendedEnd(clock) : null, offset);
  // Said only once the grace and a frame's way are over: a question whose extended players
  // answered already closes at its normal end and never shows it.
  const limitMs = (question?.timeLimitSeconds ?? 0) * 1000;
  const extra = past && extraRemaining !== null && extraRemaining < limitMs - EXTRA_SHOWN_AFTER_MS;
  const remaining = extra ? extraRemaining : normalRemaining;
  const [view, setView] = useState<View>('results');
  const close = useCloseQuestion(slug, secret);
  const last = byOrdinal(poll.questions).at(-1)?.id === questionId;
  // The poll moves when a player joins, is renamed or removed (issue 25): read it again then.
  const round = clock?.closedAt ? `${questionId}:${clock.closedAt}:${poll.updatedAt}` : null;
  const closeKey = `${questionId}:${clock?.closedAt}:`;
  const board = useQuery({
    ...leaderboardQueryOptions(slug, secret, round ?? ''),
    enabled: round !== null,
    // A rename re-reads the same close's standings: the old ones stay up until it lands.
    placeholderData: (previous, query) =>
      String(query?.queryKey[2]).startsWith(closeKey) ? previous : undefined,
  });

  const handle = (action: 'next' | 'previous'): boolean => {
    if (action === 'previous') {
      if (view === 'podium') setView('leaderboard');
      else if (view === 'leaderboard') setView('results');
      else return false;
      return true;
    }
    // Not started yet (the presenter's call is on its way): a second press must not skip it.
    if (!clock) return true;
    if (running) {
      if (!close.isPending) close.mutate(questionId);
      return true;
    }
    if (view === 'results') setView('leaderboard');
    else if (view === 'leaderboard' && last) setView('podium');
    else return view === 'podium';
    return true;
  };
  const handleRef = useRef(handle);
  handleRef.current = handle;
  useEffect(() => {
    const asked = (action: 'next' | 'previous') => handleRef.current(action);
    keys.current = asked;
    return () => {
      if (keys.current === asked) keys.current = null;
    };
  }, [keys]);

  const phase = !clock ? 'waiting' : running ? 'question' : view;
  const fit = useStageFit(
    JSON.stringify([questionId, phase, question?.text, question?.options.map((o) => o.text)]),
    phase === 'question' || phase === 'waiting',
    question?.options.length ?? 0,
  );

  if (!question) return null;
  const respondents = counts?.respondents ?? 0;
  const entries = board.data?.entries ?? [];
  let content: ReactNode;
  if (!clock || running) {
    content = (
      <>
        <StageHead
          question={question}
          respondents={respondents}
          remaining={remaining}
          running={running}
          extra={extra}
        />
        {clock ? null : (
          <p className="text-[max(calc(var(--u)*1.6),1.125rem)] text-muted-foreground">
            {t.waitingClock}
          </p>
        )}
        <StageTiles question={question} />
      </>
    );
  } else if (view === 'leaderboard') {
    content = <Leaderboard entries={entries} />;
  } else if (view === 'podium') {
    content = <Podium entries={entries} />;
  } else {
    content = (
      <>
        <StageHead question={question} respondents={respondents} running={false} />
        {counts ? <StageResults question={counts} /> : null}
        {/* Issue 27: the why, once the question closed (this branch). */}
        {question.explanation ? (
          <Explanation
            text={question.explanation}
            label={esQuiz.phone.explanation}
            className="mt-0 text-[max(calc(var(--u)*1.5),1rem)]"
          />
        ) : null}
      </>
    );
  }
  return (
    <section
      className="flex min-h-0 flex-1 flex-col gap-[max(calc(var(--u)*1.4),1rem)] overflow-hidden"
      data-testid="quiz-stage"
      data-phase={phase}
      data-question-id={questionId}
      {...fit}
    >
      {content}
      <StageAnnouncer
        message={!clock || running ? '' : announcement(view, counts, entries, board.isSuccess)}
      />
    </section>
  );
}

function announcement(
  view: View,
  counts: SummaryQuestion | undefined,
  entries: readonly LeaderboardEntry[],
  loaded: boolean,
): string {
  if (view === 'results') {
    if (!counts) return '';
    return t.announceResults(counts.text, correctText(counts), counts.respondents);
  }
  if (!loaded) return '';
  const rows = entries
    .slice(0, view === 'podium' ? 3 : 5)
    .map((e) => t.announceRow(e.rank, e.nickname, e.score))
    .join('; ');
  return view === 'podium' ? t.announcePodium(rows) : t.announceLeaderboard(rows);
}

/** What a screen reader hears as the right answer: the options marked, the order, the value. */
function correctText(counts: SummaryQuestion): string {
  const scores = traitsOf(counts.type).quizCorrect;
  if (scores === 'order')
    return byOrdinal(counts.options)
      .map((o) => o.text)
      .join(', ');
  if (scores === 'value') return counts.correctValue == null ? '' : correctValueText(counts);
  const correct = new Set(counts.correctOptionIds ?? []);
  return counts.options
    .filter((o) => correct.has(o.id))
    .map((o) => o.text)
    .join(', ');
}

/** Results and the leaderboard, said politely once each time they change. */
function StageAnnouncer({ message }: { message: string }) {
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="quiz-announcer">
      {message}
    </div>
  );
}
