import { ArchiveRestore, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esIntegrity as t } from '../../../i18n/es-integrity.ts';
import { useEmptyDiscarded, useRestoreDiscarded } from '../api/set-aside.ts';

/**
 * Discarded ballots are set aside, not deleted (issue 24): 'Restaurar' brings them all back
 * at once (a discard by mistake, a class flagged wrongly), 'Vaciar' drops them for good after a
 * confirmation. Shown while some are set aside.
 */
export function SetAsideBallots({ ballots }: { ballots: number }) {
  const restore = useRestoreDiscarded();
  const empty = useEmptyDiscarded();
  if (ballots === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3" data-testid="set-aside">
      <p className="text-sm tabular-nums">{t.setAside(ballots)}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={restore.isPending}
          onClick={() =>
            restore.mutate(undefined, {
              onSuccess: ({ restoredBallots }) => toast.success(t.restored(restoredBallots)),
            })
          }
        >
          <ArchiveRestore aria-hidden="true" />
          {t.restore}
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10"
              disabled={empty.isPending}
            >
              <Trash2 aria-hidden="true" />
              {t.empty}
            </Button>
          }
          title={t.emptyTitle}
          description={t.emptyDescription(ballots)}
          confirmLabel={t.emptyConfirm}
          onConfirm={() =>
            empty.mutate(undefined, {
              onSuccess: ({ emptiedBallots }) => toast.success(t.emptied(emptiedBallots)),
            })
          }
        />
      </div>
    </div>
  );
}
