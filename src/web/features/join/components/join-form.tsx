import { LogIn, SearchX } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { es } from '../../../i18n/es.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { JOIN_CODE, normalizeJoinCode, useJoinPoll } from '../api/join-poll.ts';

const t = es.join;

/**
 * 'Código de la encuesta' + 'Unirse': the six digits on the projected screen lead to the
 * participation page. `/?codigo=…` (where GET /{code} sends a code that leads nowhere) fills
 * the field and says why.
 */
export function JoinForm() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('codigo') ?? '');
  const [error, setError] = useState<string | null>(null);
  // The code of a link that led nowhere: said at the top of the card, not only under the field.
  const [linkNotFound, setLinkNotFound] = useState<string | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const join = useJoinPoll();

  function lookUp(raw: string, fromLink = false) {
    const digits = normalizeJoinCode(raw);
    if (!JOIN_CODE.test(digits)) {
      setError(t.invalid);
      return;
    }
    setError(null);
    join.mutate(digits, {
      onSuccess: ({ slug }) => navigate(`/p/${encodeURIComponent(slug)}`),
      onError: (failure) => {
        setError(isApiError(failure) && failure.status !== 0 ? failure.message : t.failed);
        if (fromLink && isApiError(failure) && failure.status === 404) {
          setLinkNotFound(digits);
          // On a phone the form may be below the intro: bring it, and the field, into view.
          cardRef.current?.scrollIntoView({ block: 'center' });
          inputRef.current?.focus({ preventScroll: true });
        }
      },
    });
  }

  // A code that came back from GET /{code}: look it up once, so the reason shows.
  const checkedFromUrl = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (checkedFromUrl.current) return;
    checkedFromUrl.current = true;
    const fromUrl = params.get('codigo');
    if (fromUrl) lookUp(fromUrl, true);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!join.isPending) lookUp(code);
  }

  return (
    <Card ref={cardRef}>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {linkNotFound ? (
          <div
            role="alert"
            data-testid="join-link-not-found"
            className="mb-4 flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <SearchX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">{t.linkNotFound}</p>
              <p>{t.linkNotFoundDescription(linkNotFound)}</p>
            </div>
          </div>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-2">
          <Label htmlFor={`${id}-code`}>{t.codeLabel}</Label>
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              id={`${id}-code`}
              name="codigo"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder={t.codePlaceholder}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
                setLinkNotFound(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-help`}
              className="min-w-0 flex-1 font-mono text-lg tracking-widest tabular-nums"
            />
            <Button type="submit" disabled={join.isPending} className="shrink-0">
              <LogIn aria-hidden="true" />
              {t.submit}
            </Button>
          </div>
          <p
            id={`${id}-help`}
            role={error ? 'alert' : undefined}
            data-testid="join-message"
            className={
              error ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'
            }
          >
            {error ?? t.help}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
