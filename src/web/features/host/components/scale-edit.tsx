import { Pencil } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Question, Scale } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { useUpdateScale } from '../api/update-question.ts';
import { useScaleAnswersAbove } from '../api/vote-count.ts';
import { type ScaleDraft, ScaleFields } from './scale-fields.tsx';

const t = es.questions;

function draftOf(scale: Scale): ScaleDraft {
  return { max: scale.max, minLabel: scale.minLabel ?? '', maxLabel: scale.maxLabel ?? '' };
}

function scaleOf(draft: ScaleDraft): Scale {
  return {
    max: draft.max,
    minLabel: draft.minLabel.trim() || null,
    maxLabel: draft.maxLabel.trim() || null,
  };
}

const same = (a: Scale, b: Scale) =>
  a.max === b.max && a.minLabel === b.minLabel && a.maxLabel === b.maxLabel;

/**
 * A scale question's range and end labels: a line that reads like text until clicked (as the
 * question's own text), then the creation form's fields with Guardar / Cancelar. Lowering the
 * maximum deletes the answers above it, so that save is confirmed with how many would go.
 */
export function ScaleEdit({ question }: { question: Question }) {
  const id = useId();
  const current: Scale = question.scale ?? { max: 5, minLabel: null, maxLabel: null };
  const update = useUpdateScale();
  const shown = update.isPending ? update.variables.scale : current;
  const [draft, setDraft] = useState<ScaleDraft | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const lowering = draft !== null && draft.max < current.max;
  const lost = useScaleAnswersAbove(question.id, draft?.max ?? current.max);
  const summary = t.scaleSummary(shown.max, shown.minLabel, shown.maxLabel);

  function close() {
    setDraft(null);
    // The fields unmount with the focus in them: give it back to the line that opened them.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  function save() {
    if (!draft) return;
    const next = scaleOf(draft);
    close();
    if (same(next, current)) return;
    update.mutate(
      { questionId: question.id, scale: next },
      { onSuccess: () => toast.success(t.scaleUpdated) },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key !== 'Escape') return;
    // Keep Escape from also cancelling a drag of the question card.
    event.preventDefault();
    event.stopPropagation();
    close();
  }

  if (draft === null) {
    return (
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setDraft(draftOf(current))}
        disabled={update.isPending}
        aria-label={`${t.editScale}: ${summary}`}
        data-testid="question-format"
        className="group -mx-2 flex w-[calc(100%+1rem)] min-w-0 cursor-text items-start gap-2 rounded-md border border-transparent px-2 py-0.5 text-left text-sm text-muted-foreground hover:border-border hover:bg-muted/60 focus-visible:border-border focus-visible:bg-muted/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
      >
        <span className="min-w-0 flex-1">{summary}</span>
        <Pencil
          className="mt-[0.2em] size-4 shrink-0 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 group-disabled:hidden [@media(hover:none)]:opacity-100"
          aria-hidden="true"
        />
      </button>
    );
  }

  const saveButton = (
    <Button type="button" size="sm" onClick={lowering && lost !== 0 ? undefined : save}>
      {t.saveScale}
    </Button>
  );
  return (
    // Escape from any field backs out, as in the inline text edit.
    <fieldset
      aria-label={t.editScale}
      className="grid gap-3 rounded-lg border p-3"
      onKeyDown={handleKeyDown}
    >
      <ScaleFields id={id} value={draft} onChange={setDraft} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={close}>
          {es.common.cancel}
        </Button>
        {lowering && lost !== 0 ? (
          <ConfirmDialog
            trigger={saveButton}
            title={t.lowerScaleTitle(draft.max)}
            description={t.lowerScaleDescription(draft.max, lost)}
            confirmLabel={t.lowerScaleConfirm}
            onConfirm={save}
          />
        ) : (
          saveButton
        )}
      </div>
    </fieldset>
  );
}
