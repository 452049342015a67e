import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Send } from '../../../components/ui/icons.tsx';
import { esCore as es } from '../../../i18n/es-core.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { queryKeys } from '../../../lib/query.ts';
import { notify } from '../../../lib/toast.ts';
import { markVoted } from '../../../lib/voted.ts';
import { newIdempotencyKey, useCastVote } from '../api/cast-vote.ts';
import {
  answeredCount,
  choose,
  isComplete,
  missingPositions,
  reconcileSelection,
  type Selection,
  toBallot,
} from '../lib/ballot.ts';
import { QuestionField } from './question-field.tsx';

type VoteFormProps = { poll: Poll; onVoted: () => void };

export function VoteForm({ poll, onVoted }: VoteFormProps) {
  const questions = byOrdinal(poll.questions);
  const [chosen, setChosen] = useState<Selection>({});
  // The poll can change under the form (live edits): choices of unchanged questions survive,
  // choices the new poll no longer has are dropped.
  const selection = reconcileSelection(chosen, questions);
  // Seconds the ballot waits after a 429 (many ballots from this network at once), shown in
  // words until it goes in or fails.
  const [waiting, setWaiting] = useState<number | null>(null);
  // Issue 24: offline, the ballot waits for the network and the page says so.
  const [offline, setOffline] = useState(false);
  const castVote = useCastVote(poll.slug, setWaiting, setOffline);
  // Offline before the send, TanStack pauses the mutation until the browser is back online
  // (it resumes by itself); lost during the send, submitBallot waits (setOffline).
  const waitingForNetwork = castVote.isPaused || offline;
  const queryClient = useQueryClient();
  // The same ballot sent again (after a failure) keeps its key, so the server can tell a repeat
  // of a ballot it already stored from a new one; a changed ballot gets a new key.
  const pending = useRef<{ body: string; key: string } | null>(null);

  const answered = answeredCount(questions, selection);
  const complete = isComplete(questions, selection);
  const missing = missingPositions(questions, selection);
  const form = useRef<HTMLFormElement>(null);

  /** Brings the first unanswered question to the middle of the screen, its first control
   *  focused: what a tap on the (inactive) button or on the 'Te falta…' line asks. */
  function showMissing() {
    const field = form.current?.querySelector(`[data-position="${missing[0]}"]`);
    field?.scrollIntoView({ block: 'center' });
    field?.querySelector<HTMLElement>('input,textarea')?.focus({ preventScroll: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return showMissing();
    if (castVote.isPending) return;
    const ballot = toBallot(questions, selection);
    const body = JSON.stringify(ballot);
    if (pending.current?.body !== body) pending.current = { body, key: newIdempotencyKey() };
    castVote.mutate(
      { ballot, idempotencyKey: pending.current.key },
      {
        onSettled: () => {
          setWaiting(null);
          setOffline(false);
        },
        onSuccess: ({ saved }) => {
          markVoted(poll.slug, poll.resetCount);
          notify.success(es.vote.sent, { description: es.vote.sentDescription(saved) });
          onVoted();
        },
        onError: (error) => {
          notify.error(es.vote.error, { description: error.message });
          // Answered elsewhere (another tab): ask the server what is left.
          if (isApiError(error) && error.code === 'ALREADY_VOTED') {
            void queryClient.invalidateQueries({ queryKey: queryKeys.answered(poll.slug) });
          }
        },
      },
    );
  }

  return (
    <form ref={form} onSubmit={submit} className="flex flex-col" noValidate>
      <div className="flex flex-col gap-8 pb-6">
        {questions.map((question, index) => (
          <div key={question.id} data-position={index + 1}>
            <QuestionField
              question={question}
              position={index + 1}
              reply={selection[question.id]}
              onChoose={(optionId) =>
                setChosen((s) => choose(reconcileSelection(s, questions), question, optionId))
              }
              onReply={(value) =>
                setChosen((s) => ({ ...reconcileSelection(s, questions), [question.id]: value }))
              }
            />
          </div>
        ))}
      </div>
      {/* Sticky inside the flow: it rides the bottom edge while scrolling and comes to rest
          after the last question, so it can never cover it. */}
      <div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
        <p
          className="mb-2 text-center text-base text-muted-foreground tabular-nums"
          aria-live="polite"
        >
          <span data-testid="vote-progress">
            {castVote.isPending && waitingForNetwork
              ? es.vote.offlineQueued
              : castVote.isPending && waiting !== null
                ? es.vote.rateLimited(waiting)
                : es.vote.progress(answered, questions.length)}
          </span>
          {answered > 0 && missing.length > 0 ? (
            // A tap on it shows the question; the line is announced with the progress.
            <button
              type="button"
              onClick={showMissing}
              className="block w-full font-medium text-foreground underline underline-offset-4"
            >
              {es.vote.missing(missing)}
            </button>
          ) : null}
        </p>
        {/* aria-disabled, not disabled: still announced as unavailable, but a tap reaches it
            and shows the first unanswered question (a disabled button gets no click). */}
        <Button
          type="submit"
          size="lg"
          className="w-full aria-disabled:opacity-50"
          aria-disabled={!complete || castVote.isPending}
        >
          <Send aria-hidden="true" />
          {castVote.isPending
            ? waitingForNetwork
              ? es.vote.offlineQueued
              : es.vote.submitting
            : es.vote.submit}
        </Button>
      </div>
    </form>
  );
}
