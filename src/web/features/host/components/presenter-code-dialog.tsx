import { KeySquare } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { useQrImage } from '../../../lib/qr-code.ts';
import { CodeAndLink, usePresenterLink } from './presenter-access.tsx';

const t = es.host;
const QR_SIZE_PX = 160;

/**
 * This browser's presenter code and link, and a QR of the link: scanning it opens the panel
 * unlocked on a phone. The server never shows the code again after creation.
 */
export function PresenterCodeDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeySquare aria-hidden="true" />
          {t.showCode}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t.codeDialogTitle}</DialogTitle>
          <DialogDescription>{t.codeWhy}</DialogDescription>
        </DialogHeader>
        <DialogBody />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so the QR is drawn only when asked for. */
function DialogBody() {
  const link = usePresenterLink();
  const image = useQrImage(link, QR_SIZE_PX);
  return (
    <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_auto]">
      <CodeAndLink link={link} />
      <figure className="grid justify-items-center gap-2 self-start sm:order-last">
        {/* White box in both themes: scanners need dark modules on a light quiet zone. */}
        <div className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-black/10">
          {image ? (
            <img
              src={image}
              width={QR_SIZE_PX}
              height={QR_SIZE_PX}
              alt={t.presenterQrAlt}
              data-testid="presenter-qr"
            />
          ) : (
            <div style={{ width: QR_SIZE_PX, height: QR_SIZE_PX }} aria-hidden="true" />
          )}
        </div>
        <figcaption className="max-w-40 text-center text-sm text-muted-foreground">
          {t.presenterQrHint}
        </figcaption>
      </figure>
    </div>
  );
}
