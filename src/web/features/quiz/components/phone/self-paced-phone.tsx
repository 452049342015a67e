import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { NextQuestionResponse, Poll } from '../../../../../contract/poll.ts';
import type { Answer } from '../../../../../contract/vote.ts';
import { DeadlineNote } from '../../../../components/deadline-note.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { CircleCheckBig, CircleOff, Hourglass } from '../../../../components/ui/icons.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { esHomework } from '../../../../i18n/es-homework.ts';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { deadlineWords } from '../../../../lib/deadline.ts';
import { queryKeys } from '../../../../lib/query.ts';
import { notify } from '../../../../lib/toast.ts';
import { useSendAnswer } from '../../api/answer.ts';
import { useNextQuestion } from '../../api/next-question.ts';
import { playerQueryOptions, refusalCode } from '../../api/player.ts';
import { useRemainingMs, useServerOffset } from '../../lib/use-countdown.ts';
import { AnswerTiles } from './answer-tiles.tsx';
import { Countdown } from './countdown.tsx';
import { NicknameForm } from './nickname-form.tsx';
import { PhoneStatus, QuizOver } from './phone-status.tsx';
import './quiz-phone.css';
import { Standing } from './result-card.tsx';

const t = esHomework.phone;
const q = esQuiz.phone;

/**
 * A self-paced quiz on a phone (issue 27, 'Tarea'): after the nickname, the player's own next
 * question with its own countdown (the server's clock, opened by POST …/me/next: a reload
 * resumes it), 'Pregunta 3 de 10', then the next; at the end a thank-you, and after the
 * deadline the player's standing.
 */
export function SelfPacedPhone({ poll }: { poll: Poll }) {
  const slug = poll.slug;
  const offset = useServerOffset(poll.now);
  const player = useQuery(playerQueryOptions(slug));
  const next = useNextQuestion(slug);
  const send = useSendAnswer(slug);
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<NextQuestionResponse | null>(null);
  const [notYet, setNotYet] = useState(false);
  const nickname = player.data?.nickname ?? null;
  const open = poll.status === 'open';

  const askNext = useCallback(() => {
    next.mutate(undefined, {
      onSuccess: (data) => {
        setNotYet(false);
        setTurn(data);
      },
      onError: (error) => {
        const code = refusalCode(error);
        if (code === 'POLL_NOT_OPEN_YET') setNotYet(true);
        else if (code === 'NICKNAME_REQUIRED') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.answered(slug) });
        } else if (code !== 'POLL_NOT_OPEN') notify.error(q.error, { description: error.message });
      },
    });
  }, [next.mutate, queryClient, slug]);

  useEffect(() => {
    if (nickname && open && !turn) askNext();
  }, [nickname, open, turn, askNext]);

  const left = useRemainingMs(turn?.clock?.endsAt ?? null, offset);
  // The offset is learnt from the page's poll, stamped a moment before it reached the screen:
  // a clock just opened never shows more than its whole time.
  const whole = turn?.clock?.endsAt
    ? Date.parse(turn.clock.endsAt) - Date.parse(turn.clock.startedAt)
    : null;
  const remaining = left === null || whole === null ? left : Math.min(left, whole);

  const frame = (body: React.ReactNode) => (
    <div
      className="mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full max-w-[480px] flex-col gap-4 px-4 pt-4 pb-6"
      data-testid="quiz-phone"
    >
      <div className="grid gap-1 text-muted-foreground">
        <p className="flex flex-wrap justify-between gap-x-3">
          <span className="font-semibold [overflow-wrap:anywhere]">{poll.title}</span>
          {nickname ? <span data-testid="quiz-playing-as">{q.playingAs(nickname)}</span> : null}
        </p>
        {open && poll.settings.closesAt ? (
          <DeadlineNote closesAt={poll.settings.closesAt} offsetMs={offset} />
        ) : null}
      </div>
      {body}
    </div>
  );

  if (!player.data) return player.isError ? frame(<QuizOver />) : <Loading />;
  const me = player.data;
  if (poll.status === 'closed') {
    return frame(
      me.nickname ? (
        <section
          className="flex flex-col items-center gap-5 py-6 text-center"
          data-testid="quiz-final"
        >
          <h1 className="text-3xl font-extrabold">{q.finalTitle}</h1>
          <Standing player={me} final={false} />
        </section>
      ) : (
        <QuizOver />
      ),
    );
  }
  if (!me.nickname) return frame(<NicknameForm slug={slug} />);
  if (notYet && poll.settings.opensAt) {
    return frame(
      <PhoneStatus
        icon={Hourglass}
        title={t.notOpenTitle}
        description={t.notOpenDescription(deadlineWords(poll.settings.opensAt))}
      />,
    );
  }
  if (!turn) return frame(<Loading />);
  const question = turn.question;
  if (!question || !turn.clock) {
    return frame(
      <PhoneStatus
        icon={CircleCheckBig}
        title={t.doneTitle}
        description={t.doneDescription}
        testId="homework-done"
      />,
    );
  }
  if (remaining === 0) {
    return frame(
      <div className="grid gap-4">
        <PhoneStatus icon={CircleOff} title={t.timeUpTitle} description={t.timeUpDescription} />
        <Button size="lg" onClick={() => setTurn(null)} data-testid="homework-next">
          {t.next}
        </Button>
      </div>,
    );
  }

  function answer(body: Answer) {
    send.mutate(body, {
      // Answered (or refused as answered or late): on to the next question.
      onSuccess: () => setTurn(null),
      onError: (error) => {
        const code = refusalCode(error);
        if (code === 'ALREADY_VOTED' || code === 'QUESTION_CLOSED') setTurn(null);
        else notify.error(q.error, { description: error.message });
      },
    });
  }

  return frame(
    <section
      className="flex flex-1 flex-col gap-4"
      aria-labelledby="quiz-question"
      data-testid="quiz-question"
    >
      <div className="flex items-center justify-between gap-3">
        <p
          className="font-semibold text-muted-foreground tabular-nums"
          data-testid="homework-position"
        >
          {q.questionOf(turn.position, turn.questions)}
        </p>
        <Countdown
          remaining={remaining}
          limit={question.timeLimitSeconds}
          label={q.timeLeft}
          className="size-16 shrink-0"
          numberClassName="text-2xl"
        />
      </div>
      <h1 id="quiz-question" className="text-2xl leading-tight font-bold [overflow-wrap:anywhere]">
        {question.text}
      </h1>
      <AnswerTiles
        key={question.id}
        question={question}
        pending={send.isPending}
        onAnswer={answer}
      />
    </section>,
  );
}
