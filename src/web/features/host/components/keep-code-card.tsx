import { Check, ShieldAlert } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { isNewCodeState } from '../../../lib/links.ts';
import { CodeAndLink, usePresenterLink } from './presenter-access.tsx';

const t = es.host;

/**
 * Right after creating or duplicating a poll, once: the presenter code and link, prominently,
 * with why they matter. 'Ya lo guardé' drops the navigation state, so a reload or a later visit
 * shows the panel alone (the 'Código de presentador' dialog keeps both at hand).
 */
export function KeepCodeCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const link = usePresenterLink();
  if (!isNewCodeState(location.state)) return null;
  const done = () => navigate({ pathname: location.pathname }, { replace: true, state: null });
  return (
    <section
      aria-labelledby="keep-code-title"
      className="grid gap-4 rounded-xl border-2 border-primary/60 bg-card p-5 shadow-sm"
    >
      <div className="grid gap-1.5">
        <h2 id="keep-code-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldAlert className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t.keepCodeTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.codeWhy}</p>
      </div>
      <CodeAndLink link={link} wide />
      <Button variant="secondary" onClick={done} className="justify-self-start">
        <Check aria-hidden="true" />
        {t.keepCodeDone}
      </Button>
    </section>
  );
}
