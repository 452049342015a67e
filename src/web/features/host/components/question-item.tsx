import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Eye, EyeOff, GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { QUESTION_TEXT_MAX } from '../../../../contract/limits.ts';
import type { Question } from '../../../../contract/poll.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { useDeleteQuestion } from '../api/delete-question.ts';
import { useRevealQuestion } from '../api/reveal-question.ts';
import { useUpdateQuestion } from '../api/update-question.ts';
import { ConfirmDeleteButton } from './confirm-delete-button.tsx';
import { editorViews } from './editor-views.tsx';
import { ExplanationEdit } from './explanation-edit.tsx';
import { InlineEdit } from './inline-edit.tsx';
import { CorrectHint, QuestionTimeSelect } from './quiz-fields.tsx';

const t = es.questions;

type QuestionItemProps = {
  question: Question;
  position: number;
  /** The poll is a quiz: options can be marked correct and the question has a time. */
  quiz?: boolean;
  moderation?: (question: Question) => ReactNode;
  /** Called once the server deleted it, before its card goes (focus moves on, questions-card). */
  onDeleted?: (questionId: number) => void;
  /** The question text being typed here, null once the editor closes (deleted-elsewhere.tsx). */
  onDraft?: (questionId: number, draft: string | null) => void;
};

export function QuestionItem({
  question,
  position,
  quiz = false,
  moderation,
  onDeleted,
  onDraft,
}: QuestionItemProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: question.id, attributes: { roleDescription: t.sortableRole } });
  const updateQuestion = useUpdateQuestion();
  const editor = editorViews[question.type];
  const deleteQuestion = useDeleteQuestion();
  const text = updateQuestion.isPending ? updateQuestion.variables.text : question.text;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative rounded-lg border bg-card p-3 sm:p-4',
        isDragging && 'z-10 shadow-lg ring-2 ring-ring',
      )}
      data-testid="question-item"
      data-question-id={question.id}
      // Focus lands here after the question before it is deleted (never a Tab stop).
      tabIndex={-1}
    >
      {/* Handle, position and delete share the top row so text and options get the full width
          of a phone; from sm up the body is indented under the handle. */}
      <div className="flex items-center gap-2">
        {/* Only the handle starts a drag, so typing Space in an input never picks the card up. */}
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t.dragHandle(question.text)}
          className="-ml-1 flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted active:cursor-grabbing"
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="font-semibold tabular-nums">{t.position(position)}</span>
          <Badge variant="secondary">{es.questionTypes[question.type]}</Badge>
        </div>
        <RevealToggle question={question} />
        <ConfirmDeleteButton
          action={t.deleteQuestion}
          target={question.text}
          title={t.deleteConfirmTitle}
          description={t.deleteConfirmDescription}
          disabled={deleteQuestion.isPending}
          className="-mr-1"
          onConfirm={() =>
            deleteQuestion.mutate(question.id, {
              onSuccess: () => {
                onDeleted?.(question.id);
                toast.success(t.deleted);
              },
            })
          }
        />
      </div>
      <div className="mt-1 grid gap-2 sm:pl-10">
        <InlineEdit
          value={text}
          label={t.editQuestion}
          maxLength={QUESTION_TEXT_MAX}
          className="text-base font-medium sm:text-lg"
          onDraftChange={onDraft && ((draft) => onDraft(question.id, draft))}
          onSave={(next) =>
            updateQuestion.mutate(
              { questionId: question.id, text: next },
              { onSuccess: () => toast.success(t.updated) },
            )
          }
        />
        {quiz ? <QuestionTimeSelect question={question} /> : null}
        <editor.Saved question={question} quiz={quiz} />
        {quiz ? <CorrectHint hint={editor.quizHint} /> : null}
        <ExplanationEdit question={question} />
        {traitsOf(question.type).moderated ? moderation?.(question) : null}
      </div>
    </li>
  );
}

/** Hide or reveal this question's results on every screen but the host's. */
function RevealToggle({ question }: { question: Question }) {
  const reveal = useRevealQuestion();
  const hidden = reveal.isPending ? reveal.variables.resultsHidden : question.resultsHidden;
  const Icon = hidden ? EyeOff : Eye;
  return (
    <Button
      type="button"
      variant={hidden ? 'secondary' : 'ghost'}
      size="sm"
      className="shrink-0"
      aria-label={hidden ? t.revealResults(question.text) : t.hideResults(question.text)}
      data-testid="reveal-toggle"
      data-hidden={hidden || undefined}
      disabled={reveal.isPending}
      onClick={() =>
        reveal.mutate(
          { questionId: question.id, resultsHidden: !hidden },
          {
            onSuccess: (q) => toast.success(q.resultsHidden ? t.resultsHidden : t.resultsRevealed),
          },
        )
      }
    >
      <Icon aria-hidden="true" />
      <span className="hidden sm:inline">{hidden ? t.reveal : t.hide}</span>
    </Button>
  );
}
