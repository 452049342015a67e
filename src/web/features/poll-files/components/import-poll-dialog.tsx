import { FileUp } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ImportPollResponse, SkippedLine } from '../../../../contract/poll-file.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { esPollFiles as t } from '../../../i18n/es-poll-files.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { NEW_CODE_STATE } from '../../../lib/links.ts';
import { fileAsBase64, useImportPoll } from '../api/import-poll.ts';
import { PlainFormatHelp } from './plain-format-help.tsx';

type Source = 'file' | 'paste';

/** The lines a refused import lists in its details (`{line, message}`), if any. */
function refusedLines(error: unknown): SkippedLine[] {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  return (error.details as SkippedLine[]).filter(
    (d) => typeof d?.line === 'number' && typeof d.message === 'string',
  );
}

function LineList({ lines }: { lines: SkippedLine[] }) {
  return (
    <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border bg-muted/40 p-3 text-sm">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a report, never reordered.
        <li key={i}>{t.line(l.line, l.message)}</li>
      ))}
    </ul>
  );
}

/**
 * 'Importar encuesta' / 'Crear desde archivo' (issue 28): a file or pasted questions become a
 * new draft poll. Without skipped lines the new panel opens at once; with some, the report
 * stays on screen until the host chooses to open the poll, so nobody misses a lost question.
 */
export function ImportPollDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        {open ? <ImportForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const importing = useImportPoll();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [result, setResult] = useState<ImportPollResponse | null>(null);

  const openPoll = (slug: string) => {
    onDone();
    navigate(`/host/${encodeURIComponent(slug)}`, { state: NEW_CODE_STATE });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (source === 'file' && !file) return setMissing(t.chooseFile);
    if (source === 'paste' && text.trim() === '') return setMissing(t.pasteSomething);
    setMissing(null);
    const base = title.trim() ? { title: title.trim() } : {};
    const body =
      source === 'file' && file
        ? { ...base, file: await fileAsBase64(file), fileName: file.name }
        : { ...base, text, format: 'text' as const };
    importing.mutate(body, {
      onSuccess: (poll) => {
        toast.success(t.importedToast, { description: t.imported(poll.imported) });
        if (poll.skipped.length === 0) openPoll(poll.slug);
        else setResult(poll);
      },
    });
  };

  if (result) {
    return (
      <div className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t.imported(result.imported)}</DialogTitle>
          <DialogDescription>{result.title}</DialogDescription>
        </DialogHeader>
        <div role="status" className="grid gap-2">
          <p className="text-sm font-medium">{t.skippedTitle(result.skipped.length)}</p>
          <LineList lines={result.skipped} />
        </div>
        <Button onClick={() => openPoll(result.slug)}>{t.openPoll}</Button>
      </div>
    );
  }

  const error = importing.error;
  const errorLines = refusedLines(error);
  const tab = (value: Source, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={source === value}
      aria-controls={`${id}-panel`}
      onClick={() => {
        setSource(value);
        setMissing(null);
      }}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-ring',
        source === value
          ? 'bg-background shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{t.dialogTitle}</DialogTitle>
        <DialogDescription>{t.dialogDescription}</DialogDescription>
      </DialogHeader>
      <div
        role="tablist"
        aria-label={t.dialogTitle}
        className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1"
      >
        {tab('file', t.fileTab)}
        {tab('paste', t.pasteTab)}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${source}`}
        className="grid min-w-0 gap-2"
      >
        {source === 'file' ? (
          <>
            <Label htmlFor={`${id}-file`}>{t.fileLabel}</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".json,.xlsx,.gift,.txt,.csv,.tsv,.aiken"
              aria-describedby={`${id}-file-help`}
              className="py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p id={`${id}-file-help`} className="text-sm text-muted-foreground">
              {t.fileHelp}
            </p>
          </>
        ) : (
          <>
            <Label htmlFor={`${id}-text`}>{t.pasteLabel}</Label>
            <Textarea
              id={`${id}-text`}
              rows={9}
              value={text}
              placeholder={t.formatExample}
              aria-describedby={`${id}-text-help`}
              className="font-mono text-sm sm:text-sm"
              onChange={(e) => setText(e.target.value)}
            />
            <p id={`${id}-text-help`} className="text-sm text-muted-foreground">
              {t.pasteHelp}
            </p>
            <PlainFormatHelp />
          </>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>{t.titleLabel}</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={120}
          placeholder={t.titlePlaceholder}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      {missing || error ? (
        <div role="alert" className="grid gap-2 text-sm text-destructive">
          <p className="font-medium">{missing ?? `${t.failed}: ${error?.message ?? ''}`}</p>
          {errorLines.length > 0 ? <LineList lines={errorLines} /> : null}
        </div>
      ) : null}
      <Button type="submit" disabled={importing.isPending} aria-busy={importing.isPending}>
        <FileUp aria-hidden="true" />
        {importing.isPending ? t.importing : t.submit}
      </Button>
    </form>
  );
}
