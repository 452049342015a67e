import { ShieldX } from 'lucide-react';
import { toast } from 'sonner';
import type { Integrity } from '../../../../contract/integrity.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { esIntegrity as t } from '../../../i18n/es-integrity.ts';
import { useDiscardUnusual } from '../api/integrity.ts';

/**
 * Discards every source the server flags, after a confirmation: a stuffing from many addresses
 * (20 banks of ids, 1,000 cookie-dropping addresses) is one click, not one per source. Shown
 * only while some source is flagged; the ballot count is of the sources on the page the card
 * read, said as such, since the server judges again when it discards.
 */
export function DiscardUnusualButton({ integrity }: { integrity: Integrity }) {
  const discard = useDiscardUnusual();
  const sources = integrity.unusualSources;
  if (sources === 0) return null;
  const ballots = integrity.sources.filter((s) => s.unusual).reduce((n, s) => n + s.ballots, 0);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          className="justify-self-start text-destructive hover:bg-destructive/10"
          disabled={discard.isPending}
        >
          <ShieldX aria-hidden="true" />
          {t.discardUnusual(sources)}
        </Button>
      }
      title={t.discardUnusualTitle}
      description={t.discardUnusualDescription(sources, ballots)}
      confirmLabel={t.discardUnusualConfirm}
      onConfirm={() =>
        discard.mutate(undefined, {
          onSuccess: ({ discardedBallots, discardedSources = 0 }) =>
            toast.success(es.integrity.discarded, {
              description: t.discardedUnusual(discardedBallots, discardedSources),
            }),
        })
      }
    />
  );
}
