import { Pencil } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { esTypeEditor as t } from '../../../i18n/es-type-editor.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { useUpdateNumber } from '../api/update-question.ts';
import {
  type NumberDraft,
  NumberFields,
  NumberSummary,
  numberBody,
  numberDraftProblem,
} from './number-fields.tsx';

/** The saved settings as the fields show them ('3,5'), so saving unchanged sends the same. */
function draftOf(question: Question): NumberDraft {
  const s = question.number ?? { min: 0, max: 100, decimals: 0, unit: null };
  const f = (v: number) => formatNumber(v, s.decimals).replace(/\./g, '');
  return {
    min: f(s.min),
    max: f(s.max),
    decimals: s.decimals,
    unit: s.unit ?? '',
    correctValue: question.correctValue == null ? '' : f(question.correctValue),
    tolerance: f(question.tolerance ?? 0),
  };
}

/** The saved settings in words, as NumberSummary shows them (the button's name holds them). */
function summaryText(question: Question, quiz: boolean): string {
  const s = question.number;
  if (!s) return '';
  const f = (v: number) => formatNumber(v, s.decimals);
  const range = t.numberSummary(f(s.min), f(s.max), s.decimals, s.unit);
  if (!quiz || question.correctValue == null) return range;
  return `${range}. ${t.correctSummary(f(question.correctValue), f(question.tolerance ?? 0))}`;
}

/**
 * A number question's range, decimals, unit and (quiz) correct value: a line that reads like text
 * until clicked, as the scale's, then the creation form's fields with Guardar / Cancelar.
 */
export function NumberEdit({ question, quiz }: { question: Question; quiz: boolean }) {
  const id = useId();
  const update = useUpdateNumber();
  const [draft, setDraft] = useState<NumberDraft | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const problem = draft ? numberDraftProblem(draft, quiz) : null;

  function close() {
    setDraft(null);
    // The fields unmount with the focus in them: give it back to the line that opened them.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  function save() {
    if (!draft || problem) return;
    const body = numberBody(draft, quiz);
    // Clearing the correct value in a quiz clears it on the server too.
    const cleared = quiz && draft.correctValue.trim() === '' ? { correctValue: null } : {};
    close();
    update.mutate(
      { questionId: question.id, body: { ...body, ...cleared } },
      { onSuccess: () => toast.success(t.numberUpdated) },
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
        onClick={() => setDraft(draftOf(question))}
        disabled={update.isPending}
        aria-label={`${t.editNumber}: ${summaryText(question, quiz)}`}
        className="group -mx-2 flex w-[calc(100%+1rem)] min-w-0 cursor-text items-start gap-2 rounded-md border border-transparent px-2 py-0.5 text-left hover:border-border hover:bg-muted/60 focus-visible:border-border focus-visible:bg-muted/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
      >
        <span className="min-w-0 flex-1">
          <NumberSummary question={question} quiz={quiz} />
        </span>
        <Pencil
          className="mt-[0.2em] size-4 shrink-0 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 group-disabled:hidden [@media(hover:none)]:opacity-100"
          aria-hidden="true"
        />
      </button>
    );
  }

  return (
    // Escape from any field backs out, as in the inline text edit.
    <fieldset
      aria-label={t.editNumber}
      className="grid gap-3 rounded-lg border p-3"
      onKeyDown={handleKeyDown}
    >
      <NumberFields id={id} value={draft} onChange={setDraft} quiz={quiz} />
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={close}>
          {es.common.cancel}
        </Button>
        <Button type="button" size="sm" onClick={save} disabled={problem !== null}>
          {t.saveNumber}
        </Button>
      </div>
    </fieldset>
  );
}
