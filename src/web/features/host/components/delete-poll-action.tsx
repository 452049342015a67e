import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Poll } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esErase } from '../../../i18n/es-erase.ts';
import { useDeletePoll } from '../api/delete-poll.ts';

/** 'Eliminar encuesta': confirmed in a dialog that says what goes; then home. */
export function DeletePollAction({ poll }: { poll: Poll }) {
  const navigate = useNavigate();
  const erase = useDeletePoll();
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            className="text-destructive hover:bg-destructive/10"
            disabled={erase.isPending || erase.isSuccess}
          >
            <Trash2 aria-hidden="true" />
            {esErase.deletePoll}
          </Button>
        }
        title={esErase.deletePollConfirmTitle}
        description={esErase.deletePollConfirmDescription(poll.title)}
        confirmLabel={esErase.deletePoll}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: () => {
              toast.success(esErase.pollDeleted, {
                description: esErase.pollDeletedDescription(poll.title),
              });
              navigate('/', { replace: true });
            },
          })
        }
      />
      <p className="text-sm text-muted-foreground">{esErase.deletePollHelp}</p>
    </>
  );
}
