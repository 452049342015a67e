import { useId } from 'react';
import { toast } from 'sonner';
import type { Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { esTypeEditor as t } from '../../../i18n/es-type-editor.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { useUpdateNumber } from '../api/update-question.ts';
import { InlineSettingsEditor, useInlineDraft } from './inline-settings-editor.tsx';
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
 * until clicked, as the scale's, then the creation form's fields with Guardar / Cancelar
 * (InlineSettingsEditor).
 */
export function NumberEdit({ question, quiz }: { question: Question; quiz: boolean }) {
  const id = useId();
  const update = useUpdateNumber();
  const { draft, setDraft, close, openerRef } = useInlineDraft<NumberDraft>();
  const problem = draft ? numberDraftProblem(draft, quiz) : null;

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

  return (
    <InlineSettingsEditor
      label={t.editNumber}
      summaryText={summaryText(question, quiz)}
      summary={<NumberSummary question={question} quiz={quiz} />}
      open={draft !== null}
      onOpen={() => setDraft(draftOf(question))}
      onCancel={close}
      openerRef={openerRef}
      disabled={update.isPending}
      problem={problem}
      save={
        <Button type="button" size="sm" onClick={save} disabled={problem !== null}>
          {t.saveNumber}
        </Button>
      }
    >
      <NumberFields id={id} value={draft ?? draftOf(question)} onChange={setDraft} quiz={quiz} />
    </InlineSettingsEditor>
  );
}
