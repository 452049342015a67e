import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { cn } from '../../../lib/cn.ts';
import { presenterLink } from '../../../lib/links.ts';
import { serverInfoQueryOptions } from '../../../lib/server-info.ts';
import { resolveShareOrigin } from '../../../lib/share-origin.ts';
import { useHostSession } from '../host-session.tsx';

const t = es.host;

/**
 * This panel's presenter link, on an origin other devices can reach (PUBLIC_URL, else the page's,
 * else the LAN address when the page is on localhost, as the participation link does).
 */
export function usePresenterLink(): string {
  const { slug, secret } = useHostSession();
  const info = useQuery(serverInfoQueryOptions());
  return presenterLink(resolveShareOrigin(info.data, window.location).origin, slug, secret);
}

async function copy(text: string, done: string): Promise<void> {
  try {
    await copyText(text);
    toast.success(done);
  } catch {
    toast.error(es.clipboard.copyError);
  }
}

/** The presenter code and link, each with its copy button; side by side when `wide`. */
export function CodeAndLink({ link, wide = false }: { link: string; wide?: boolean }) {
  const { secret } = useHostSession();
  return (
    <div className={cn('grid gap-4', wide && 'lg:grid-cols-2 lg:gap-6')}>
      <div className="grid content-start gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <KeyRound className="size-4" aria-hidden="true" />
          {t.codeDialogTitle}
        </p>
        <code
          className="block rounded-lg bg-muted p-3 font-mono text-sm break-all select-all"
          data-testid="presenter-code"
        >
          {secret}
        </code>
        <Button onClick={() => copy(secret, t.codeCopied)} className="justify-self-start">
          <Copy aria-hidden="true" />
          {t.copyCode}
        </Button>
      </div>
      <div className="grid content-start gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <Link2 className="size-4" aria-hidden="true" />
          {t.presenterLinkLabel}
        </p>
        <p
          className="rounded-lg bg-muted p-3 font-mono text-xs break-all"
          data-testid="presenter-link"
        >
          {link}
        </p>
        <p className="text-sm text-muted-foreground">{t.presenterLinkHint}</p>
        <Button
          variant="outline"
          onClick={() => copy(link, t.presenterLinkCopied)}
          className="justify-self-start"
        >
          <Copy aria-hidden="true" />
          {t.copyPresenterLink}
        </Button>
      </div>
    </div>
  );
}
