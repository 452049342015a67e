import { Check, CheckCheck, EyeOff, Pin, PinOff, ThumbsUp, Trash2, Undo2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { toast } from 'sonner';
import type { QaQuestion } from '../../../../contract/qa.ts';
import { MathText } from '../../../components/math-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { useDeleteQa, useModerateQa } from '../api/qa.ts';

const time = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' });

type Action = {
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: 'true' }>;
  run: () => void;
};

/** One question in the host's card, with the actions its state allows. */
export function HostQuestion({
  slug,
  secret,
  question: q,
  canDelete = true,
}: {
  slug: string;
  secret: string;
  question: QaQuestion;
  canDelete?: boolean;
}) {
  const moderate = useModerateQa(slug, secret);
  const remove = useDeleteQa(slug, secret);
  const change = (body: Parameters<typeof moderate.mutate>[0]) =>
    moderate.mutate(body, { onError: (error) => toast.error(error.message) });
  const actions: Action[] =
    q.state === 'visible'
      ? [
          q.pinned
            ? { label: t.unpin, icon: PinOff, run: () => change({ id: q.id, pinned: false }) }
            : { label: t.pin, icon: Pin, run: () => change({ id: q.id, pinned: true }) },
          q.answered
            ? {
                label: t.markUnanswered,
                icon: Undo2,
                run: () => change({ id: q.id, answered: false }),
              }
            : {
                label: t.markAnswered,
                icon: CheckCheck,
                run: () => change({ id: q.id, answered: true }),
              },
          { label: t.hide, icon: EyeOff, run: () => change({ id: q.id, state: 'hidden' }) },
        ]
      : [{ label: t.approve, icon: Check, run: () => change({ id: q.id, state: 'visible' }) }];
  const stateLabel =
    q.state === 'flagged'
      ? t.stateFlagged
      : q.state === 'held'
        ? t.stateHeld
        : q.state === 'hidden'
          ? t.stateHidden
          : null;
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="qa-host-question">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1 font-semibold text-foreground tabular-nums">
          <ThumbsUp className="size-4" aria-hidden="true" />
          {t.votes(q.votes)}
        </span>
        <span>{time.format(new Date(q.createdAt))}</span>
        <span className="[overflow-wrap:anywhere]">{q.nickname ?? t.anonymous}</span>
        {q.pinned ? <Badge>{t.highlighted}</Badge> : null}
        {stateLabel ? <Badge variant="muted">{stateLabel}</Badge> : null}
      </div>
      <p className="[overflow-wrap:anywhere]">
        <MathText text={q.text} />
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t.actionsFor(q.text)}</legend>
        {actions.map(({ label, icon: Icon, run }) => (
          <Button
            key={label}
            size="sm"
            variant="outline"
            disabled={moderate.isPending}
            onClick={run}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
        {canDelete ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost">
                <Trash2 aria-hidden="true" />
                {t.delete}
              </Button>
            }
            title={t.deleteConfirmTitle}
            description={t.deleteConfirmDescription}
            confirmLabel={t.delete}
            onConfirm={() =>
              remove.mutate(q.id, { onError: (error) => toast.error(error.message) })
            }
          />
        ) : null}
      </fieldset>
    </li>
  );
}
