import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';

const t = es.presenter;

/** Every key, the slide paging keys after the question keys they sit beside. */
const KEYS = [...t.keys.slice(0, 3), ...esSlides.keys, ...t.keys.slice(3)];

/** '?': every key of the presenter view, large enough to read from the lectern. */
export function HelpOverlay({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="presenter-help">
        <DialogHeader>
          <DialogTitle className="text-2xl">{t.helpTitle}</DialogTitle>
          <DialogDescription className="text-base">{t.helpDescription}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-6 gap-y-3 text-lg">
          {KEYS.map((row) => (
            <div key={row.action} className="contents">
              <dt className="flex flex-wrap gap-1.5">
                {row.keys.map((key) => (
                  <kbd
                    key={key}
                    className="rounded-md border bg-muted px-2 py-0.5 font-mono text-base font-semibold"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{row.action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
