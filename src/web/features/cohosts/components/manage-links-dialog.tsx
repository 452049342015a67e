import { useQuery } from '@tanstack/react-query';
import { Copy, UsersRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  COHOST_LABEL_MAX,
  COHOST_SCOPES,
  type CohostScope,
} from '../../../../contract/cohost-secret.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { es } from '../../../i18n/es.ts';
import { esCohosts } from '../../../i18n/es-cohosts.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/toast.ts';
import { cohostsQueryOptions, useCreateCohost } from '../api/cohosts.ts';
import { LinkActivity, LinkList } from './link-list.tsx';

const t = esCohosts;

async function copy(url: string) {
  try {
    await copyText(url);
    notify.success(t.copied);
  } catch {
    notify.error(es.clipboard.copyError);
  }
}

/** The link just made: shown once, with what it can and cannot do. */
function CreatedLink({ url, scope }: { url: string; scope: CohostScope }) {
  return (
    <div
      className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3"
      data-testid="cohost-created"
      role="status"
    >
      <p className="font-semibold">{t.created}</p>
      <p className="font-mono text-sm [overflow-wrap:anywhere]" data-testid="cohost-url">
        {url}
      </p>
      <p className="text-sm">
        <strong>{t.scopes[scope].name}:</strong> {t.scopes[scope].can}
      </p>
      <p className="text-sm text-muted-foreground">{t.cannot}</p>
      <p className="text-sm text-muted-foreground">{t.createdHint}</p>
      <Button variant="outline" className="justify-start" onClick={() => copy(url)}>
        <Copy aria-hidden="true" />
        {t.copy}
      </Button>
    </div>
  );
}

function NewLinkForm({ slug, secret }: { slug: string; secret: string }) {
  const [scope, setScope] = useState<CohostScope>('moderate');
  const [label, setLabel] = useState('');
  const [made, setMade] = useState<{ url: string; scope: CohostScope } | null>(null);
  const create = useCreateCohost(slug, secret);
  const labelId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) return;
    create.mutate(
      { scope, label: trimmed },
      {
        onSuccess: (result) => {
          setMade({ url: result.url, scope });
          setLabel('');
        },
        onError: (error) => notify.error(isApiError(error) ? error.message : es.api.unknown),
      },
    );
  };
  return (
    <form className="grid gap-3" onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t.scopeLegend}</legend>
        {COHOST_SCOPES.map((option) => (
          <label
            key={option}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="cohost-scope"
              value={option}
              checked={scope === option}
              onChange={() => setScope(option)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{t.scopes[option].name}</span>
              <span className="text-sm text-muted-foreground">{t.scopes[option].can}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={labelId} className="text-sm font-medium">
          {t.label}
        </label>
        <Input
          id={labelId}
          value={label}
          maxLength={COHOST_LABEL_MAX}
          aria-describedby={hintId}
          onChange={(event) => setLabel(event.target.value)}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {t.labelHint}
        </p>
      </div>
      <Button type="submit" disabled={!label.trim() || create.isPending}>
        {create.isPending ? t.creating : t.create}
      </Button>
      {made ? <CreatedLink url={made.url} scope={made.scope} /> : null}
    </form>
  );
}

/**
 * Issue 28: 'Compartir la gestión' in the host panel. Links for a moderator, a presenter or
 * someone who only reads the results, each revocable on its own; the presenter code stays the
 * host's.
 */
export function ManageLinksDialog({ slug, secret }: { slug: string; secret: string }) {
  const [open, setOpen] = useState(false);
  const links = useQuery({ ...cohostsQueryOptions(slug, secret), enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-start">
          <UsersRound aria-hidden="true" />
          {t.open}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl" data-testid="cohosts-dialog">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <NewLinkForm slug={slug} secret={secret} />
        <LinkList slug={slug} secret={secret} links={links.data?.cohosts} />
        <LinkActivity slug={slug} secret={secret} />
      </DialogContent>
    </Dialog>
  );
}
