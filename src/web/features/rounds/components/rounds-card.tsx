import { History, Layers, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Poll } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDeleteRounds, useRestoreRounds, useRoundList, useStartRound } from '../api/rounds.ts';

const fail = (error: unknown) => toast.error(isApiError(error) ? error.message : String(error));

/**
 * Issue 27: the panel's 'Rondas' card. 'Nueva ronda' keeps this round's results for 'Comparar'
 * and lets every phone answer again; 'Borrar rondas' deletes the kept ones, with 'Deshacer'
 * (until the next round) in its toast and in the card.
 */
export function RoundsCard({ poll, secret }: { poll: Poll; secret: string }) {
  const list = useRoundList(poll.slug, secret);
  const start = useStartRound(poll.slug, secret);
  const remove = useDeleteRounds(poll.slug, secret);
  const restore = useRestoreRounds(poll.slug, secret);
  const current = list.data?.current ?? 1;
  const rounds = list.data?.rounds ?? [];
  const discarded = list.data?.discarded ?? 0;
  const bringBack = () =>
    restore.mutate(undefined, { onSuccess: () => toast.success(t.restored), onError: fail });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.card}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="font-medium" data-testid="current-round">
          {t.current(current)}
        </p>
        <p className="text-sm text-muted-foreground">{t.help}</p>
        <ConfirmDialog
          trigger={
            <Button disabled={start.isPending}>
              <Layers aria-hidden="true" />
              {t.newRound}
            </Button>
          }
          title={t.newRoundConfirmTitle}
          description={t.newRoundConfirmDescription(current)}
          confirmLabel={t.newRoundConfirm}
          confirmVariant="default"
          onConfirm={() =>
            start.mutate(undefined, {
              onSuccess: ({ round }) =>
                toast.success(t.started(round), { description: t.startedDescription }),
              onError: fail,
            })
          }
        />
        {rounds.length > 0 ? (
          <div className="grid gap-2 border-t pt-3">
            <p className="text-sm font-medium">{t.archived(rounds.length)}</p>
            <ul className="grid gap-1 text-sm text-muted-foreground">
              {rounds.map((r) => (
                <li key={r.round}>{t.roundLine(r.round, r.ballots)}</li>
              ))}
            </ul>
            <ConfirmDialog
              trigger={
                <Button
                  variant="outline"
                  className="text-destructive hover:bg-destructive/10"
                  disabled={remove.isPending}
                >
                  <Trash2 aria-hidden="true" />
                  {t.deleteRounds}
                </Button>
              }
              title={t.deleteConfirmTitle}
              description={t.deleteConfirmDescription}
              confirmLabel={t.deleteConfirm}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: ({ deletedRounds }) =>
                    toast.success(t.deleted(deletedRounds), {
                      action: { label: t.undo, onClick: bringBack },
                    }),
                  onError: fail,
                })
              }
            />
          </div>
        ) : null}
        {discarded > 0 ? (
          <div className="grid gap-2 border-t pt-3">
            <p className="text-sm text-muted-foreground">{t.restorable(discarded)}</p>
            <Button variant="outline" onClick={bringBack} disabled={restore.isPending}>
              <History aria-hidden="true" />
              {t.restore}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
