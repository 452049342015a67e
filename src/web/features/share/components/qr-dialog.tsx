import { Copy, Download, ExternalLink, QrCode, TriangleAlert, Wifi } from 'lucide-react';
import { toast } from 'sonner';
import { QR_DIALOG_SIZE_PX } from '../../../../contract/limits.ts';
import { JoinCode } from '../../../components/join-code.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { participantUrl } from '../../../lib/links.ts';
import {
  downloadBlob,
  qrFileName,
  qrPngBlob,
  qrSvgBlob,
  useQrImage,
} from '../../../lib/qr-code.ts';
import type { ShareOrigin } from '../../../lib/share-origin.ts';
import { copyLink } from '../lib/clipboard.ts';

type QrDialogProps = {
  slug: string;
  /** Shown grouped under the link, for people who type rather than scan. */
  joinCode?: string;
  share: ShareOrigin;
  onPickLan: (url: string) => void;
};

async function download(make: () => Promise<Blob>, fileName: string): Promise<void> {
  try {
    downloadBlob(await make(), fileName);
  } catch {
    toast.error(es.clipboard.downloadError);
  }
}

export function QrDialog({ slug, joinCode, share, onPickLan }: QrDialogProps) {
  const url = participantUrl(share.origin, slug);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button className="justify-start">
          <QrCode aria-hidden="true" />
          {es.host.showQr}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{es.qr.title}</DialogTitle>
          <DialogDescription>{es.qr.description}</DialogDescription>
        </DialogHeader>
        {share.loopback ? <LoopbackNotice share={share} onPickLan={onPickLan} /> : null}
        <QrBody url={url} slug={slug} />
        {joinCode ? <JoinCode code={joinCode} className="justify-center" /> : null}
      </DialogContent>
    </Dialog>
  );
}

function QrBody({ url, slug }: { url: string; slug: string }) {
  const image = useQrImage(url, QR_DIALOG_SIZE_PX);
  const size = QR_DIALOG_SIZE_PX;
  return (
    <div className="flex flex-col items-center gap-4">
      {/* White box in both themes: scanners need dark modules on a light quiet zone. */}
      <div className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-black/10">
        {image ? (
          <img
            src={image}
            width={size}
            height={size}
            alt={es.qr.imageAlt(url)}
            data-testid="qr-image"
          />
        ) : (
          <div style={{ width: size, height: size }} aria-hidden="true" />
        )}
      </div>
      <div className="w-full">
        <p className="text-sm font-medium">{es.qr.linkLabel}</p>
        <p
          className="mt-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
          data-testid="qr-link"
        >
          {url}
        </p>
      </div>
      <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => copyLink(url)}>
          <Copy aria-hidden="true" />
          {es.qr.copy}
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: 'outline' })}
        >
          <ExternalLink aria-hidden="true" />
          {es.qr.openNewTab}
        </a>
        <Button
          variant="secondary"
          onClick={() => download(() => qrPngBlob(url), qrFileName(slug, 'png'))}
        >
          <Download aria-hidden="true" />
          {es.qr.downloadPng}
        </Button>
        <Button
          variant="secondary"
          onClick={() => download(() => qrSvgBlob(url), qrFileName(slug, 'svg'))}
        >
          <Download aria-hidden="true" />
          {es.qr.downloadSvg}
        </Button>
      </div>
    </div>
  );
}

/**
 * On localhost the QR already points at the LAN address, so this reads as reassurance; only
 * without any LAN address is it a warning (then phones really cannot follow the link).
 */
function LoopbackNotice({ share, onPickLan }: Omit<QrDialogProps, 'slug' | 'joinCode'>) {
  const hasLan = share.lanChoices.length > 0;
  const Icon = hasLan ? Wifi : TriangleAlert;
  return (
    <div
      role="note"
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3 text-sm',
        hasLan ? 'bg-muted/60' : 'border-accent/40 bg-accent-soft',
      )}
    >
      <p className="flex gap-2">
        <Icon
          className={cn('mt-0.5 size-4 shrink-0', hasLan ? 'text-primary' : 'text-accent')}
          aria-hidden="true"
        />
        <span>{hasLan ? es.qr.lanNotice : es.qr.noLanUrl}</span>
      </p>
      {share.lanChoices.length > 1 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{es.qr.useLanUrl}</legend>
          {share.lanChoices.map((lan) => (
            <label key={lan} className="flex min-h-10 cursor-pointer items-center gap-2 font-mono">
              <input
                type="radio"
                name="lan-url"
                value={lan}
                checked={share.origin === lan}
                onChange={() => onPickLan(lan)}
                className="size-4 accent-primary"
              />
              {lan}
            </label>
          ))}
        </fieldset>
      ) : share.lanChoices[0] ? (
        <p className="font-mono break-all">{share.lanChoices[0]}</p>
      ) : null}
    </div>
  );
}
