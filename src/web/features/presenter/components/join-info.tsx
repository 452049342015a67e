import { Users } from 'lucide-react';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { useQrImage } from '../../../lib/qr-code.ts';
import { groupJoinCode, shortAddress } from '../lib/keys.ts';

const t = es.presenter;

/** The SVG scales to any box; this is only its nominal size. */
const QR_NOMINAL_PX = 512;

export type JoinInfo = {
  /** The participation URL on an origin phones can reach (what the QR encodes). */
  url: string;
  /** The poll's six-digit join code, once the server gives polls one. */
  code: string | null;
  participants: number | null;
};

function Qr({ url, className, testId }: { url: string; className: string; testId: string }) {
  const image = useQrImage(url, QR_NOMINAL_PX, 2);
  return (
    // White box in both themes: scanners need dark modules on a light quiet zone.
    <div
      className={cn(
        'aspect-square shrink-0 rounded-xl bg-white p-[max(calc(var(--u)*0.4),0.25rem)]',
        className,
      )}
    >
      {image ? (
        <img src={image} alt={t.qrAlt(url)} className="size-full" data-testid={testId} />
      ) : null}
    </div>
  );
}

function Connected({
  participants,
  className,
}: {
  participants: number | null;
  className?: string;
}) {
  if (participants === null) return null;
  return (
    <p
      className={cn('flex items-center gap-[0.4em] tabular-nums', className)}
      data-testid="presenter-connected"
    >
      <Users className="size-[1em] shrink-0" aria-hidden="true" />
      {t.connected(participants)}
    </p>
  );
}

/**
 * Always on screen under the question, for the back row (design: QR ≥ 160 px and code ≥ 40 px
 * at 1920×1080): where to join, the code grouped for reading aloud, the QR. Sizes in --u, so at
 * 1280×720 they keep the same share of the projected image.
 */
export function JoinStrip({ url, code, participants }: JoinInfo) {
  return (
    <aside
      aria-label={t.joinTitle}
      className="flex shrink-0 items-center gap-[calc(var(--u)*2)] border-t pt-[calc(var(--u)*0.7)]"
      data-testid="presenter-join-strip"
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-[calc(var(--u)*3)] gap-y-[calc(var(--u)*0.4)]">
        <p className="flex min-w-0 flex-col text-[max(calc(var(--u)*1.7),1rem)] leading-tight">
          <span className="text-muted-foreground">{t.joinAt}</span>
          <strong
            className="font-bold [overflow-wrap:anywhere]"
            data-testid="presenter-join-address"
          >
            {shortAddress(url)}
          </strong>
        </p>
        {code ? (
          <p className="flex flex-col leading-none">
            <span className="text-[max(calc(var(--u)*1.4),0.875rem)] text-muted-foreground">
              {t.joinCode}
            </span>
            <strong
              className="font-mono text-[max(calc(var(--u)*2.6),1.75rem)] font-extrabold tracking-wider whitespace-nowrap tabular-nums"
              data-testid="presenter-join-code"
            >
              {groupJoinCode(code)}
            </strong>
          </p>
        ) : null}
        <Connected
          participants={participants}
          className="text-[max(calc(var(--u)*1.4),0.875rem)] text-muted-foreground"
        />
      </div>
      <Qr url={url} className="size-[max(calc(var(--u)*9.6),6rem)]" testId="presenter-strip-qr" />
    </aside>
  );
}

/** The join screen (before the first answer, or on Q): a QR for the back row and big type. */
export function JoinScreen({ url, code, participants, title }: JoinInfo & { title: string }) {
  return (
    <section
      aria-labelledby="presenter-join-title"
      className="flex min-h-0 flex-1 flex-col items-center justify-center gap-[calc(var(--u)*3)] md:flex-row"
      data-testid="presenter-join-screen"
    >
      <Qr url={url} className="size-[min(48vh,80vw)]" testId="presenter-join-qr" />
      <div className="flex min-w-0 flex-col gap-[calc(var(--u)*1.2)] text-center md:text-left">
        <h1
          id="presenter-join-title"
          className="text-[max(calc(var(--u)*2.4),1.5rem)] font-bold [overflow-wrap:anywhere]"
        >
          {title}
        </h1>
        <p className="text-[max(calc(var(--u)*1.5),1rem)] text-muted-foreground">{t.joinHint}</p>
        <p className="text-[max(calc(var(--u)*2.8),1.5rem)] leading-tight font-extrabold [overflow-wrap:anywhere]">
          {shortAddress(url)}
        </p>
        {code ? (
          <p className="flex flex-col">
            <span className="text-[max(calc(var(--u)*1.5),1rem)] text-muted-foreground">
              {t.joinCode}
            </span>
            <span className="font-mono text-[max(calc(var(--u)*6),2.5rem)] leading-none font-extrabold tracking-wider tabular-nums">
              {groupJoinCode(code)}
            </span>
          </p>
        ) : null}
        <Connected
          participants={participants}
          className="justify-center text-[max(calc(var(--u)*2),1.25rem)] font-semibold md:justify-start"
        />
      </div>
    </section>
  );
}
