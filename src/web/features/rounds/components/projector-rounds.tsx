import { GitCompareArrows } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { useRoundList } from '../api/rounds.ts';
import { RoundResults } from './round-results.tsx';

/**
 * Issue 27: 'Comparar' on the projector. Beside the presenter (its slides untouched), a button
 * that appears once a round is archived opens the comparison over the whole screen: the first
 * round against the current one, with the round selectors to pick others.
 */
export function ProjectorRounds({
  slug,
  secret,
  children,
}: {
  slug: string;
  secret: string;
  children: ReactNode;
}) {
  const list = useRoundList(slug, secret);
  const [open, setOpen] = useState(false);
  const hasRounds = (list.data?.rounds.length ?? 0) > 0;
  return (
    <>
      {children}
      {hasRounds && !open ? (
        <Button
          variant="outline"
          size="sm"
          className="fixed bottom-3 left-3 z-40 opacity-80 hover:opacity-100"
          onClick={() => setOpen(true)}
        >
          <GitCompareArrows aria-hidden="true" />
          {t.compare}
        </Button>
      ) : null}
      {open ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={t.compare}
          className="fixed inset-0 z-50 overflow-y-auto bg-background p-6 text-foreground lg:p-10"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            // The presenter's keys (arrows, space) stay with this screen while it is open.
            event.stopPropagation();
          }}
        >
          <div className="mx-auto grid max-w-6xl gap-4">
            <div className="flex justify-end">
              <Button variant="outline" onClick={() => setOpen(false)} autoFocus>
                {t.close}
              </Button>
            </div>
            <RoundResults slug={slug} secret={secret} variant="projector" startComparing />
          </div>
        </div>
      ) : null}
    </>
  );
}
