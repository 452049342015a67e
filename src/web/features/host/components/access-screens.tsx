import { KeyRound, RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { es } from '../../../i18n/es.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { CodeCheck } from '../host-session.tsx';

const t = es.host;

type AccessRequiredProps = {
  status: CodeCheck;
  /** A code typed in the prompt, to check with the server before unlocking. */
  onSubmit: (code: string) => void;
};

/**
 * No presenter code stored for this slug: ask for it in the browser's prompt (spec §2). The
 * panel opens only once the server accepts it; a wrong code or a failed check says so here.
 */
export function AccessRequired({ status, onSubmit }: AccessRequiredProps) {
  useDocumentTitle(es.titles.accessRequired);
  function askForCode() {
    const code = window.prompt(t.codePrompt)?.trim();
    // Spec §5: trimmed; an empty answer counts as cancelling.
    if (code) onSubmit(code);
  }
  const checking = status.state === 'checking';
  return (
    <EmptyState
      icon={KeyRound}
      level={1}
      title={t.accessRequired}
      description={t.accessRequiredDescription}
      action={
        <div className="grid justify-items-center gap-4">
          <CheckMessage status={status} />
          <div className="flex flex-wrap justify-center gap-2">
            {status.state === 'failed' ? (
              <Button onClick={status.retry}>
                <RotateCw aria-hidden="true" />
                {t.retryCheck}
              </Button>
            ) : null}
            <Button
              onClick={askForCode}
              disabled={checking}
              variant={status.state === 'failed' ? 'outline' : 'default'}
            >
              <KeyRound aria-hidden="true" />
              {t.enterCode}
            </Button>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              {t.backHome}
            </Link>
          </div>
        </div>
      }
    />
  );
}

function CheckMessage({ status }: { status: CodeCheck }) {
  if (status.state === 'checking') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t.checkingCode}
      </p>
    );
  }
  if (status.state === 'idle') return <p role="status" className="sr-only" />;
  const [title, description] =
    status.state === 'wrong'
      ? [t.wrongCode, t.wrongCodeDescription]
      : [t.checkFailed, t.checkFailedDescription];
  return (
    <div
      role="alert"
      className="flex max-w-sm gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-left text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p>{description}</p>
      </div>
    </div>
  );
}

export function PollNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      level={1}
      title={t.pollNotFound}
      description={t.pollNotFoundDescription}
      action={
        <Link to="/" className={buttonVariants()}>
          {t.backHome}
        </Link>
      }
    />
  );
}
