import { Copy, KeySquare } from 'lucide-react';
import { toast } from 'sonner';
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
import { copyText } from '../../../lib/clipboard.ts';
import { useHostSession } from '../host-session.tsx';

const t = es.host;

/**
 * Shows this browser's presenter code, so the host can unlock the panel on another device
 * ('Ingresar código'); the server never shows it again after creation.
 */
export function PresenterCodeDialog() {
  const { secret } = useHostSession();
  const copy = async () => {
    try {
      await copyText(secret);
      toast.success(t.codeCopied);
    } catch {
      toast.error(es.clipboard.copyError);
    }
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeySquare aria-hidden="true" />
          {t.showCode}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.codeDialogTitle}</DialogTitle>
          <DialogDescription>{t.codeDialogDescription}</DialogDescription>
        </DialogHeader>
        <code
          className="block rounded-lg bg-muted p-3 font-mono text-sm break-all select-all"
          data-testid="presenter-code"
        >
          {secret}
        </code>
        <Button onClick={copy} className="justify-self-start">
          <Copy aria-hidden="true" />
          {t.copyCode}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
