import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { CircleCheckBig, Hourglass, Send } from '../../../components/ui/icons.tsx';
import { esCore as es } from '../../../i18n/es-core.ts';
import { esPaced } from '../../../i18n/es-paced.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { notify } from '../../../lib/toast.ts';
import { answeredQueryOptions } from '../api/answered.ts';
import { newIdempotencyKey, useCastVote } from '../api/cast-vote.ts';
import { choose, isComplete, reconcileSelection, type Selection, toBallot } from '../lib/ballot.ts';
import { QuestionField } from './question-field.tsx';

const t = { ...es.vote, ...esPaced };

type PacedVoteProps = {
  poll: Poll;
  /** Questions this participant already answered (this page's ballots, and the server's list). */
  answered: ReadonlySet<number>;
  onAnswered: (questionId: number) => void;
};

/**
 * 'Ritmo del presentador': only the question the presenter shows, sent on its own. The stream
 * brings the next one (the poll's currentQuestionId); a question already answered shows
 * 'Respuesta enviada' until the presenter moves on.
 */
export function PacedVote({ poll, answered: answeredHere, onAnswered }: PacedVoteProps) {
  // What the server knows this participant answered (another tab, before a reload), so a
  // question already answered is not asked again.
  const server = useQuery(answeredQueryOptions(poll.slug, poll.resetCount));
  const answered = (id: number) =>
    answeredHere.has(id) || (server.data?.answeredQuestionIds.includes(id) ?? false);
  const questions = byOrdinal(poll.questions);
  const index = questions.findIndex((q) => q.id === poll.currentQuestionId);
  const question = questions[index];
  return (
    <div className="mx-auto w-full max-w-[480px] px-4 pt-6" data-testid="paced-vote">
      <h1 className="mb-6 text-2xl leading-tight font-bold [overflow-wrap:anywhere]">
        {poll.title}
      </h1>
      {!question ? (
        <EmptyState
          icon={Hourglass}
          title={t.paceWaitingTitle}
          description={t.paceWaitingDescription}
        />
      ) : answered(question.id) ? (
        <div role="status" data-testid="paced-sent">
          <EmptyState
            icon={CircleCheckBig}
            title={t.paceSentTitle}
            description={t.paceSentDescription}
          />
        </div>
      ) : (
        // Keyed: a new question starts with a clean choice.
        <PacedQuestion
          key={question.id}
          slug={poll.slug}
          question={question}
          position={index + 1}
          onAnswered={onAnswered}
        />
      )}
    </div>
  );
}

type PacedQuestionProps = {
  slug: string;
  question: Question;
  position: number;
  onAnswered: (questionId: number) => void;
};

function PacedQuestion({ slug, question, position, onAnswered }: PacedQuestionProps) {
  const [chosen, setChosen] = useState<Selection>({});
  const only = [question];
  const selection = reconcileSelection(chosen, only);
  const castVote = useCastVote(slug);
  const pending = useRef<{ body: string; key: string } | null>(null);
  const complete = isComplete(only, selection);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || castVote.isPending) return;
    const ballot = toBallot(only, selection);
    const body = JSON.stringify(ballot);
    // The same ballot sent again keeps its Idempotency-Key, as in the full form.
    if (pending.current?.body !== body) pending.current = { body, key: newIdempotencyKey() };
    castVote.mutate(
      { ballot, idempotencyKey: pending.current.key },
      {
        onSuccess: () => onAnswered(question.id),
        onError: (error) => {
          // Answered before (another tab, a reload): the server is right, show it as sent.
          if (isApiError(error) && error.code === 'ALREADY_VOTED') onAnswered(question.id);
          else notify.error(t.error, { description: error.message });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-6 pb-6" noValidate>
      <QuestionField
        question={question}
        position={position}
        reply={selection[question.id]}
        onChoose={(optionId) =>
          setChosen((s) => choose(reconcileSelection(s, only), question, optionId))
        }
        onReply={(value) =>
          setChosen((s) => ({ ...reconcileSelection(s, only), [question.id]: value }))
        }
      />
      <Button type="submit" size="lg" className="w-full" disabled={!complete || castVote.isPending}>
        <Send aria-hidden="true" />
        {castVote.isPending ? t.submitting : t.paceSubmit}
      </Button>
    </form>
  );
}
