import { useId } from 'react';
import { toast } from 'sonner';
import type { Question, Scale } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { useUpdateScale } from '../api/update-question.ts';
import { useScaleAnswersAbove } from '../api/vote-count.ts';
import { InlineSettingsEditor, useInlineDraft } from './inline-settings-editor.tsx';
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
  const { draft, setDraft, close, openerRef } = useInlineDraft<ScaleDraft>();
  const lowering = draft !== null && draft.max < current.max;
  const lost = useScaleAnswersAbove(question.id, draft?.max ?? current.max);
  const summary = t.scaleSummary(shown.max, shown.minLabel, shown.maxLabel);

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

  const saveButton = (
    <Button type="button" size="sm" onClick={lowering && lost !== 0 ? undefined : save}>
      {t.saveScale}
    </Button>
  );
  return (
    <InlineSettingsEditor
      label={t.editScale}
      summaryText={summary}
      open={draft !== null}
      onOpen={() => setDraft(draftOf(current))}
      onCancel={close}
      openerRef={openerRef}
      disabled={update.isPending}
      testId="question-format"
      summaryClassName="text-sm text-muted-foreground"
      save={
        draft !== null && lowering && lost !== 0 ? (
          <ConfirmDialog
            trigger={saveButton}
            title={t.lowerScaleTitle(draft.max)}
            description={t.lowerScaleDescription(draft.max, lost)}
            confirmLabel={t.lowerScaleConfirm}
            onConfirm={save}
          />
        ) : (
          saveButton
        )
      }
    >
      <ScaleFields id={id} value={draft ?? draftOf(current)} onChange={setDraft} />
    </InlineSettingsEditor>
  );
}
