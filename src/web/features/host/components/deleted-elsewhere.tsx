import { Copy, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CreateQuestionBody, Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { traitsOf } from '../../../question-types/registry.ts';

const t = es.deletedElsewhere;

/** An item (question or option) that vanished while its text was being edited in this tab. */
export type Orphaned<T> = { item: T; draft: string };
export type OrphanedDraft = Orphaned<Question>;

/**
 * Two panel tabs: when the live stream (or a refetch) drops a question whose text this tab is
 * editing, the editor unmounts with it and the typed text would be lost without a word. The
 * editors report their draft here; a question that leaves the list while it has one becomes an
 * orphan the host is told about. A deletion from this tab never counts: its bin takes focus, so
 * the editor has finished (and reported no draft) before the request goes out.
 */
export function useDeletedWhileEditing<T extends { id: number }>(items: readonly T[]) {
  const drafts = useRef(new Map<number, string>());
  const [orphans, setOrphans] = useState<Orphaned<T>[]>([]);
  const [seen, setSeen] = useState(items);
  // By ids: a caller may hand a freshly sorted array on every render.
  const ids = items.map((item) => item.id).join(',');

  // Compared during render, before the editors unmount (and perhaps blur) with their item.
  if (seen.map((item) => item.id).join(',') !== ids) {
    setSeen(items);
    const gone = seen.filter((old) => !items.some((item) => item.id === old.id));
    const lost = gone.flatMap((item) => {
      // Read, not taken: a render may run twice (StrictMode); ids are never reused.
      const draft = drafts.current.get(item.id);
      return draft === undefined ? [] : [{ item, draft }];
    });
    if (lost.length > 0) {
      setOrphans((current) => [
        ...current,
        ...lost.filter((o) => !current.some((c) => c.item.id === o.item.id)),
      ]);
    }
  }

  const reportDraft = useCallback((id: number, draft: string | null) => {
    if (draft === null) drafts.current.delete(id);
    else drafts.current.set(id, draft);
  }, []);
  const dismiss = useCallback((id: number) => {
    setOrphans((current) => current.filter((o) => o.item.id !== id));
  }, []);
  return { orphans, reportDraft, dismiss };
}

/** The deleted question again, as it was, with the text typed here (appended at the end). */
export function recreateBody({ item: question, draft }: OrphanedDraft): CreateQuestionBody {
  const text = draft.trim() || question.text;
  return {
    text,
    type: question.type,
    options:
      traitsOf(question.type).options === 'none'
        ? []
        : question.options.map(({ text: optionText, correct }) => ({
            text: optionText,
            correct,
          })),
    ...(question.scale
      ? {
          scale: {
            max: question.scale.max,
            minLabel: question.scale.minLabel ?? undefined,
            maxLabel: question.scale.maxLabel ?? undefined,
          },
        }
      : {}),
    ...(question.timeLimitSeconds !== null ? { timeLimitSeconds: question.timeLimitSeconds } : {}),
  };
}

type NoticeProps<T extends { id: number }> = {
  orphan: Orphaned<T>;
  /** What went: the title and the name of the item in the element ids. */
  kind: 'question' | 'option';
  pending: boolean;
  onReadd: (orphan: Orphaned<T>) => Promise<unknown>;
  onDismiss: (id: number) => void;
};

/** Says the item went and keeps the typed text on screen, to copy or to add again. */
export function DeletedElsewhereNotice<T extends { id: number }>({
  orphan,
  kind,
  pending,
  onReadd,
  onDismiss,
}: NoticeProps<T>) {
  const id = `${kind}-borrada-en-otra-pestana-${orphan.item.id}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(orphan.draft);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  }
  return (
    <div
      role="alert"
      aria-labelledby={`${id}-title`}
      data-testid="deleted-elsewhere"
      className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {kind === 'question' ? t.title : t.optionTitle}
      </p>
      <p className="text-sm">{t.description}</p>
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        {t.typedText}
      </label>
      <textarea
        id={`${id}-text`}
        readOnly
        value={orphan.draft}
        rows={2}
        className="w-full resize-none rounded-md border bg-background px-2 py-1 text-base text-foreground"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t.copy}
        </Button>
        <Button
          type="button"
          size="sm"
          disabled={pending}
          onClick={() =>
            onReadd(orphan).then(
              () => onDismiss(orphan.item.id),
              () => {},
            )
          }
        >
          <RotateCcw aria-hidden="true" />
          {t.readd}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onDismiss(orphan.item.id)}>
          <X aria-hidden="true" />
          {t.dismiss}
        </Button>
      </div>
    </div>
  );
}
