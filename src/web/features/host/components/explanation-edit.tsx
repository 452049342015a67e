import { useId } from 'react';
import { toast } from 'sonner';
import { EXPLANATION_MAX } from '../../../../contract/limits.ts';
import type { Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { useUpdateExplanation } from '../api/update-question.ts';
import { InlineSettingsEditor, useInlineDraft } from './inline-settings-editor.tsx';

const t = es.questions;

/**
 * A question's 'Explicación' (issue 27): a line under the question that reads like text until
 * clicked, then a text area with Guardar / Cancelar. One paragraph: a line break becomes a space
 * (the contract's text rules refuse control characters). Empty clears it.
 */
export function ExplanationEdit({ question }: { question: Question }) {
  const id = useId();
  const update = useUpdateExplanation();
  const { draft, setDraft, close, openerRef } = useInlineDraft<string>();
  const saved = update.isPending ? update.variables.explanation : (question.explanation ?? null);

  function save() {
    if (draft === null) return;
    const next = draft.trim() || null;
    close();
    if (next === (question.explanation ?? null)) return;
    update.mutate(
      { questionId: question.id, explanation: next },
      { onSuccess: () => toast.success(t.explanationSaved) },
    );
  }

  return (
    <InlineSettingsEditor
      label={t.editExplanation}
      summaryText={saved ?? t.noExplanation}
      summary={
        <>
          <span className="font-medium text-foreground">{t.explanationLabel}: </span>
          {saved ?? t.noExplanation}
        </>
      }
      open={draft !== null}
      onOpen={() => setDraft(question.explanation ?? '')}
      onCancel={close}
      openerRef={openerRef}
      disabled={update.isPending}
      testId="question-explanation-edit"
      summaryClassName="text-sm text-muted-foreground"
      save={
        <Button type="button" size="sm" onClick={save}>
          {t.saveExplanation}
        </Button>
      }
    >
      <label htmlFor={`${id}-explanation`} className="text-sm font-medium">
        {t.explanationLabel}
      </label>
      <textarea
        id={`${id}-explanation`}
        aria-describedby={`${id}-explanation-help`}
        value={draft ?? ''}
        maxLength={EXPLANATION_MAX}
        rows={4}
        // biome-ignore lint/a11y/noAutofocus: the field the host just asked to edit
        autoFocus
        onChange={(event) => setDraft(event.target.value.replace(/[\r\n]+/g, ' '))}
        className="min-h-24 w-full resize-y rounded-md border [field-sizing:content] border-input bg-background px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <p id={`${id}-explanation-help`} className="text-sm text-muted-foreground">
        {t.explanationHelp}{' '}
        <span className="tabular-nums">
          {(draft ?? '').length}/{EXPLANATION_MAX}
        </span>
      </p>
    </InlineSettingsEditor>
  );
}
