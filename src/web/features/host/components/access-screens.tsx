import { KeyRound, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { es } from '../../../i18n/es.ts';

const t = es.host;

/** No presenter code stored for this slug: ask for it in the browser's prompt (spec §2). */
export function AccessRequired({ onUnlock }: { onUnlock: (code: string) => void }) {
  function askForCode() {
    const code = window.prompt(t.codePrompt)?.trim();
    // Spec §5: trimmed; an empty answer counts as cancelling.
    if (code) onUnlock(code);
  }
  return (
    <EmptyState
      icon={KeyRound}
      level={1}
      title={t.accessRequired}
      description={t.accessRequiredDescription}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={askForCode}>
            <KeyRound aria-hidden="true" />
            {t.enterCode}
          </Button>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {t.backHome}
          </Link>
        </div>
      }
    />
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
