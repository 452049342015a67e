import { Check, CheckCheck, ChevronDown, Eye, EyeOff, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { AnswerState, SummaryTextAnswer, SummaryWord } from '../../../../contract/summary.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { useTextAnswers } from '../../../lib/text-answers.ts';
import {
  useApproveAll,
  useHideWord,
  useHostSummary,
  useModerateAnswer,
} from '../api/moderation.ts';

const t = es.moderation;

type TextModerationProps = {
  slug: string;
  secret: string;
  questionId: number;
  /** Open at first (the host panel, when something waits); the results page starts closed, so
   *  a projected page never shows what the filter hid unless the host opens it. */
  defaultOpen?: boolean;
};

/**
 * The host's moderation of one open-text question: what waits (held for approval, or hidden by
 * the profanity filter), every answer with a control to hide or show it, and the cloud's words
 * with a control to take one out of the public cloud and put it back.
 */
export function TextModeration({ slug, secret, questionId, defaultOpen }: TextModerationProps) {
  const summary = useHostSummary(slug, secret);
  const question = summary.data?.questions.find((q) => q.id === questionId);
  const pending = question?.pendingCount ?? 0;
  // Until the host opens or closes it, it follows what waits (the summary may arrive later).
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? defaultOpen ?? pending > 0;
  if (!question) return null;
  const target = { slug, secret, questionId };
  return (
    <details
      open={open}
      onToggle={(e) => setToggled(e.currentTarget.open)}
      className="group rounded-lg border bg-muted/30"
      data-testid="text-moderation"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <ShieldAlert className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{t.title}</span>
        {pending > 0 ? (
          <Badge variant="default" data-testid="moderation-pending">
            {t.pending(pending)}
          </Badge>
        ) : null}
        <ChevronDown
          className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      {open ? (
        <div className="grid gap-4 border-t px-3 pt-3 pb-4">
          <Answers target={target} recent={question.answers ?? []} />
          <Words target={target} words={question.words ?? []} />
        </div>
      ) : null}
    </details>
  );
}

type Target = { slug: string; secret: string; questionId: number };

const waiting = (a: SummaryTextAnswer) => a.state === 'held' || a.state === 'flagged';

function Answers({ target, recent }: { target: Target; recent: readonly SummaryTextAnswer[] }) {
  const list = useTextAnswers({ ...target, recent, hostSecret: target.secret });
  const approveAll = useApproveAll(target);
  const queue = list.answers.filter(waiting);
  const held = queue.filter((a) => a.state === 'held').length;
  const rest = list.answers.filter((a) => !waiting(a));
  return (
    <div className="grid gap-4">
      {queue.length > 0 ? (
        <section className="grid gap-2" aria-label={t.queueTitle}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold">{t.queueTitle}</h4>
            {held > 0 ? (
              <Button
                size="sm"
                disabled={approveAll.isPending}
                onClick={() => approveAll.mutate()}
                data-testid="approve-all"
              >
                <CheckCheck aria-hidden="true" />
                {t.approveAll}
              </Button>
            ) : null}
          </div>
          <AnswerList target={target} answers={queue} />
        </section>
      ) : null}
      <section className="grid gap-2" aria-label={t.answersTitle}>
        <h4 className="text-sm font-semibold">{t.answersTitle}</h4>
        {rest.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noAnswers}</p>
        ) : (
          <AnswerList target={target} answers={rest} />
        )}
      </section>
      {/* The summary carries the newest answers; older ones (of any state) come on demand. */}
      {list.hasMore ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={list.loading}
          onClick={list.more}
        >
          {list.loading ? es.common.loading : t.more}
        </Button>
      ) : null}
    </div>
  );
}

const stateBadge: Partial<Record<AnswerState, { label: string; variant: 'muted' | 'outline' }>> = {
  held: { label: t.held, variant: 'outline' },
  flagged: { label: t.flagged, variant: 'outline' },
  hidden: { label: t.hidden, variant: 'muted' },
};

function AnswerList({
  target,
  answers,
}: {
  target: Target;
  answers: readonly SummaryTextAnswer[];
}) {
  const moderate = useModerateAnswer(target);
  const busy = (id: number) => moderate.isPending && moderate.variables.answerId === id;
  return (
    <ul className="grid gap-1.5">
      {answers.map((answer) => {
        const badge = answer.state ? stateBadge[answer.state] : undefined;
        const shown = answer.state === 'visible' || answer.state === undefined;
        const next = shown ? 'hidden' : 'visible';
        const action =
          answer.state === 'held' ? t.approve : answer.state === 'visible' ? t.hide : t.show;
        const Icon = answer.state === 'held' ? Check : shown ? EyeOff : Eye;
        return (
          <li
            key={answer.id}
            className="flex items-center gap-2 rounded-md border bg-card px-3 py-2"
            data-testid="moderation-answer"
            data-state={answer.state}
          >
            <div className="min-w-0 flex-1">
              <p className={cn('text-sm', answer.state === 'hidden' && 'text-muted-foreground')}>
                {answer.text}
              </p>
              {badge ? (
                <Badge variant={badge.variant} className="mt-1">
                  {badge.label}
                </Badge>
              ) : null}
            </div>
            {answer.state === 'held' ? (
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0"
                aria-label={t.hideAnswer(answer.text)}
                disabled={busy(answer.id)}
                onClick={() => moderate.mutate({ answerId: answer.id, state: 'hidden' })}
              >
                <EyeOff aria-hidden="true" />
              </Button>
            ) : null}
            <Button
              variant={answer.state === 'held' ? 'default' : 'outline'}
              size="sm"
              className="shrink-0"
              aria-label={t.answerAction(action, answer.text)}
              disabled={busy(answer.id)}
              onClick={() => moderate.mutate({ answerId: answer.id, state: next })}
            >
              <Icon aria-hidden="true" />
              <span aria-hidden="true">{action}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function Words({ target, words }: { target: Target; words: readonly SummaryWord[] }) {
  const hideWord = useHideWord(target);
  if (words.length === 0) return null;
  return (
    <section className="grid gap-2" aria-label={t.wordsTitle}>
      <h4 className="text-sm font-semibold">{t.wordsTitle}</h4>
      <p className="text-sm text-muted-foreground">{t.wordsHelp}</p>
      <ul className="flex flex-wrap gap-1.5">
        {words.map((word) => {
          const busy = hideWord.isPending && hideWord.variables.word === word.text;
          return (
            <li key={word.text}>
              {/* Named by its content (the action for screen readers, then the word and its
                  count as shown), so what is said matches what is seen. */}
              <button
                type="button"
                disabled={busy}
                onClick={() => hideWord.mutate({ word: word.text, hidden: !word.hidden })}
                data-testid="moderation-word"
                data-hidden={word.hidden || undefined}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors hover:bg-muted disabled:opacity-50',
                  word.hidden ? 'border-dashed text-muted-foreground line-through' : 'bg-card',
                )}
              >
                <span className="sr-only">{word.hidden ? t.showWord : t.hideWord}</span>
                {word.hidden ? <EyeOff className="size-3.5" aria-hidden="true" /> : null}
                <span>{word.text}</span>
                <span className="text-muted-foreground tabular-nums">{word.count}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
