import { BarChart3, LayoutDashboard, MonitorPlay, Trash2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { MyPoll } from '../../../../contract/my-polls.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esMyPolls as t } from '../../../i18n/es-my-polls.ts';
import { cn } from '../../../lib/cn.ts';
import { AppLink } from '../../../lib/navigation.tsx';

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

// On a phone the four actions share one row, icon over a short label (each ≥ 44 px tall);
// from lg up (two cards a row), icon beside the label.
const actionClass = cn(
  buttonVariants({ variant: 'outline', size: 'sm' }),
  'h-auto min-h-11 flex-col gap-1 px-1 py-1.5 text-xs lg:h-9 lg:min-h-0 lg:flex-row lg:gap-2 lg:px-3 lg:py-0 lg:text-sm',
);

function Action({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <AppLink to={to} className={actionClass}>
      {icon}
      {label}
    </AppLink>
  );
}

/** 'Quitar de este dispositivo': forgets the code only (confirmed); the poll stays. */
type RemoveProps = { onRemove: () => void; focusAfterRemove: () => void };

function RemoveAction({ name, onRemove, focusAfterRemove }: RemoveProps & { name: string }) {
  // Confirmed, the card and this button are gone: focus goes where the list says, not to the
  // page's body (the dialog keeps focus inside itself until it closes, so only then). Cancelled,
  // it returns to the button.
  const removed = useRef(false);
  return (
    <ConfirmDialog
      onCloseAutoFocus={(event) => {
        if (!removed.current) return;
        event.preventDefault();
        focusAfterRemove();
      }}
      trigger={
        <button
          type="button"
          className={cn(actionClass, 'text-destructive lg:ml-auto')}
          aria-label={t.removeFor(name)}
          title={t.remove}
        >
          <Trash2 aria-hidden="true" />
          {t.removeConfirm}
        </button>
      }
      title={t.removeTitle}
      description={t.removeDescription}
      confirmLabel={t.remove}
      onConfirm={() => {
        removed.current = true;
        onRemove();
      }}
    />
  );
}

const rowClass = 'grid grid-cols-4 gap-2 lg:flex lg:flex-wrap';

export function MyPollCard({ poll, ...remove }: RemoveProps & { poll: MyPoll }) {
  const slug = encodeURIComponent(poll.slug);
  if (poll.missing) {
    return (
      <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-dashed bg-card p-4">
        <h3 className="font-semibold leading-snug">{t.missingTitle}</h3>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {t.missingDescription(poll.slug)}
        </p>
        <div className={cn(rowClass, 'mt-auto')}>
          <RemoveAction name={poll.slug} {...remove} />
        </div>
      </li>
    );
  }
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold leading-snug text-pretty [overflow-wrap:anywhere]">
          {poll.title}
        </h3>
        <StatusBadge status={poll.status} />
      </div>
      <p className="text-sm text-muted-foreground">
        {/* Issue 24: the code tells apart polls of one title (a poll and its copies). */}
        <span className="block" data-testid="my-poll-code">
          {t.code}{' '}
          <span className="font-mono font-semibold tabular-nums text-foreground">
            {poll.joinCode}
          </span>
        </span>
        <span className="block">{t.changed(dateFormat.format(new Date(poll.updatedAt)))}</span>
        <span>
          {t.questions(poll.questionCount)} · {t.participants(poll.participantCount)}
        </span>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of actions, not a form's fieldset */}
      <div className={cn(rowClass, 'mt-auto')} role="group" aria-label={t.actionsLabel(poll.title)}>
        <Action
          to={`/host/${slug}`}
          icon={<LayoutDashboard aria-hidden="true" />}
          label={t.openPanel}
        />
        <Action
          to={`/present/${slug}`}
          icon={<MonitorPlay aria-hidden="true" />}
          label={t.present}
        />
        <Action to={`/r/${slug}`} icon={<BarChart3 aria-hidden="true" />} label={t.results} />
        <RemoveAction name={poll.title} {...remove} />
      </div>
    </li>
  );
}
