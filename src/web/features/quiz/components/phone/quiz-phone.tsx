import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ParticipantState, Poll, Question } from '../../../../../contract/poll.ts';
import type { Answer } from '../../../../../contract/vote.ts';
import { CircleCheckBig, CircleOff, Hourglass } from '../../../../components/ui/icons.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { queryKeys } from '../../../../lib/query.ts';
import { notify } from '../../../../lib/toast.ts';
import { useSendAnswer } from '../../api/answer.ts';
import { playerQueryOptions, refusalCode } from '../../api/player.ts';
import { extendedEnd } from '../../lib/server-clock.ts';
import { useRemainingMs, useServerOffset } from '../../lib/use-countdown.ts';
import { AnswerTiles } from './answer-tiles.tsx';
import { Countdown } from './countdown.tsx';
import { NicknameForm } from './nickname-form.tsx';
import { PhoneStatus, QuizOver } from './phone-status.tsx';
import './quiz-phone.css';
import { MathText } from '../../../../components/math-text.tsx';
import { ResultCard, Standing } from './result-card.tsx';

const t = esQuiz.phone;

/** The stream pushes each player's result at a close (a `player` frame, issue 29); a phone
 *  that has not got it by then (its stream down or reconnecting) asks GET …/me. */
const RESULT_RETRY_MS = 1500;

/**
 * The phone's game (issue 18), loaded only for a quiz: 'Tu apodo' first, then the question the
 * presenter shows with its countdown and tiles, 'Respuesta enviada', the result with score and
 * rank after each close, and the final standing. Everything comes from the poll and the
 * player's own `player` frames (the stream) and GET …/me, so a reload rejoins where the room
 * is, running countdown included.
 */
export function QuizPhone({
  poll,
  afterVote,
}: {
  poll: Poll;
  /** 'Resultados tras votar' (issue 27, another feature's): the room's results of questions
   *  this player answered, under the result card once the question closed. */
  afterVote?: (slug: string, answered: ReadonlySet<number>, withExplanation: boolean) => ReactNode;
}) {
  const slug = poll.slug;
  const offset = useServerOffset(poll.now);
  const questions = byOrdinal(poll.questions);
  const index = questions.findIndex((q) => q.id === poll.currentQuestionId);
  const question = questions[index];
  const clock = question && poll.clock?.questionId === question.id ? poll.clock : null;
  const closedAt = clock?.closedAt ?? null;
  const player = useQuery({
    ...playerQueryOptions(slug),
    // A result read a moment before the server had it: ask again until it is there.
    refetchInterval: (query) =>
      closedAt && clock && !query.state.data?.results.some((r) => r.questionId === clock.questionId)
        ? RESULT_RETRY_MS
        : false,
  });
  // 'Más tiempo' (WCAG 2.2.1): this player's own end, twice the limit, when the server
  // takes its answer; the room's end otherwise.
  const moreTime = player.data?.moreTime ?? false;
  const ownEnd = clock && (moreTime ? extendedEnd(clock) : clock.endsAt);
  const remaining = useRemainingMs(clock && !closedAt ? ownEnd : null, offset);
  // The host may give 'Más tiempo' after this phone read GET …/me, and no frame says so before
  // the next close: a player still without an answer at the room's end asks once.
  const askedAtEnd = useRef<string | null>(null);
  const runKey = clock ? `${clock.questionId}:${clock.startedAt}` : null;
  const unanswered =
    !!question && !!player.data && !player.data.answeredQuestionIds.includes(question.id);
  useEffect(() => {
    if (remaining !== 0 || moreTime || closedAt || !unanswered || !runKey) return;
    if (askedAtEnd.current === runKey) return;
    askedAtEnd.current = runKey;
    void player.refetch();
  }, [remaining, moreTime, closedAt, unanswered, runKey, player.refetch]);
  const [answeredHere, setAnsweredHere] = useState<ReadonlySet<number>>(() => new Set());
  const [refusedHere, setRefusedHere] = useState<ReadonlySet<number>>(() => new Set());
  const send = useSendAnswer(slug);
  // A reset (issue 24) is a new game: this phone is nobody's player until it joins again.
  const queryClient = useQueryClient();
  const [run, setRun] = useState(poll.resetCount);
  if (run !== poll.resetCount) {
    setRun(poll.resetCount);
    setAnsweredHere(new Set());
    setRefusedHere(new Set());
  }
  const firstRun = useRef(poll.resetCount);
  useEffect(() => {
    if (poll.resetCount === firstRun.current) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.answered(slug) });
  }, [poll.resetCount, slug, queryClient]);

  const frame = (children: ReactNode, nickname?: string | null) => (
    <div
      className="mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full max-w-[480px] flex-col gap-4 px-4 pt-4 pb-6"
      data-testid="quiz-phone"
    >
      <p className="flex flex-wrap justify-between gap-x-3 text-muted-foreground">
        <span className="font-semibold [overflow-wrap:anywhere]">{poll.title}</span>
        {nickname ? <span data-testid="quiz-playing-as">{t.playingAs(nickname)}</span> : null}
      </p>
      {children}
    </div>
  );

  if (!player.data) return player.isError ? frame(<QuizOver />) : <Loading />;
  const me = player.data;
  if (!me.nickname) {
    return frame(poll.status === 'closed' ? <QuizOver /> : <NicknameForm slug={slug} />);
  }
  if (poll.status === 'closed') {
    return frame(
      <section
        className="flex flex-col items-center gap-5 py-6 text-center"
        data-testid="quiz-final"
      >
        <h1 className="text-3xl font-extrabold">{t.finalTitle}</h1>
        <Standing player={me} final={false} />
        <p className="text-muted-foreground">{t.finalDescription}</p>
      </section>,
      me.nickname,
    );
  }
  const answered = (id: number) => answeredHere.has(id) || me.answeredQuestionIds.includes(id);

  // Also in the cached GET …/me: the pushed result (a `player` frame) carries no answers, and
  // the result card tells 'Incorrecto' from 'Sin respuesta' by them.
  function markAnswered(id: number) {
    setAnsweredHere((set) => new Set(set).add(id));
    queryClient.setQueryData<ParticipantState>(queryKeys.answered(slug), (state) =>
      state && !state.answeredQuestionIds.includes(id)
        ? { ...state, answeredQuestionIds: [...state.answeredQuestionIds, id] }
        : state,
    );
  }

  function answer(question: Question, body: Answer) {
    send.mutate(body, {
      onSuccess: () => markAnswered(question.id),
      onError: (error) => {
        const code = refusalCode(error);
        if (code === 'ALREADY_VOTED') markAnswered(question.id);
        else if (code === 'QUESTION_CLOSED') setRefusedHere((set) => new Set(set).add(question.id));
        // The host removed this player (issue 25): ask for a nickname again.
        else if (code === 'NICKNAME_REQUIRED') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.answered(slug) });
        } else notify.error(t.error, { description: error.message });
      },
    });
  }

  let body: ReactNode;
  if (!question || !clock) {
    body = (
      <PhoneStatus icon={Hourglass} title={t.waitingTitle} description={t.waitingDescription} />
    );
  } else if (closedAt && me.results.some((r) => r.questionId === question.id)) {
    body = (
      <>
        <ResultCard question={question} player={me} final={index === questions.length - 1} />
        {afterVote && poll.settings.resultsAfterVote && me.answeredQuestionIds.includes(question.id)
          ? // The result card above says the why already.
            afterVote(slug, new Set([question.id]), false)
          : null}
      </>
    );
  } else if (answered(question.id)) {
    body = (
      <PhoneStatus
        icon={CircleCheckBig}
        title={t.sentTitle}
        description={t.sentDescription}
        testId="quiz-sent"
      />
    );
  } else if (closedAt || remaining === 0 || refusedHere.has(question.id)) {
    body = <PhoneStatus icon={CircleOff} title={t.timeUpTitle} description={t.timeUpDescription} />;
  } else {
    body = (
      <section
        className="flex flex-1 flex-col gap-4"
        aria-labelledby="quiz-question"
        data-testid="quiz-question"
      >
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold text-muted-foreground tabular-nums">
            {t.questionOf(index + 1, questions.length)}
          </p>
          <Countdown
            remaining={remaining}
            limit={
              moreTime && question.timeLimitSeconds
                ? question.timeLimitSeconds * 2
                : question.timeLimitSeconds
            }
            label={t.timeLeft}
            className="size-16 shrink-0"
            numberClassName="text-2xl"
          />
        </div>
        <h1
          id="quiz-question"
          className="text-2xl leading-tight font-bold [overflow-wrap:anywhere]"
        >
          <MathText text={question.text} />
        </h1>
        {/* Keyed: a new question starts with nothing chosen. */}
        <AnswerTiles
          key={question.id}
          question={question}
          pending={send.isPending}
          onAnswer={(body) => answer(question, body)}
        />
      </section>
    );
  }
  return frame(body, me.nickname);
}
