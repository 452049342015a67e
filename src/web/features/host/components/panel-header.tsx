import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { POLL_TITLE_MAX } from '../../../../contract/limits.ts';
import type { Poll } from '../../../../contract/poll.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { useUpdatePoll } from '../api/update-poll.ts';
import { InlineEdit } from './inline-edit.tsx';
import { PresenterCodeDialog } from './presenter-code-dialog.tsx';

const t = es.host;

export function PanelHeader({ poll, onForget }: { poll: Poll; onForget: () => void }) {
  const updatePoll = useUpdatePoll();
  const title =
    updatePoll.isPending && updatePoll.variables.title ? updatePoll.variables.title : poll.title;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 flex-1 gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <InlineEdit
            value={title}
            label={t.editTitleLabel}
            maxLength={POLL_TITLE_MAX}
            className="text-2xl font-bold sm:text-3xl"
            onSave={(next) =>
              updatePoll.mutate({ title: next }, { onSuccess: () => toast.success(t.titleUpdated) })
            }
          />
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <StatusBadge status={poll.status} />
          <span>
            {t.slugLabel}:{' '}
            <code
              className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground"
              data-testid="poll-slug"
            >
              {poll.slug}
            </code>
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 self-start">
        <PresenterCodeDialog />
        {/* Forgetting locks the panel here; without the code or the link it stays locked. */}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              <KeyRound aria-hidden="true" />
              {t.forgetCode}
            </Button>
          }
          title={t.forgetConfirmTitle}
          description={t.forgetConfirmDescription}
          confirmLabel={t.forgetConfirm}
          onConfirm={onForget}
        />
      </div>
    </div>
  );
}
