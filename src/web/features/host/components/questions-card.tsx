import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { ListChecks, PencilLine } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { es } from '../../../i18n/es.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { useCreateQuestion } from '../api/create-question.ts';
import { useReorderQuestions } from '../api/reorder-questions.ts';
import {
  DeletedElsewhereNotice,
  recreateBody,
  useDeletedWhileEditing,
} from './deleted-elsewhere.tsx';
import { NewQuestionForm } from './new-question-form.tsx';
import { QuestionItem } from './question-item.tsx';

const t = es.questions;

/** What a screen reader hears while a question is moved (dnd-kit's defaults are English). */
function spanishAnnouncements(questions: readonly Question[]): Announcements {
  const total = questions.length;
  const textOf = (id: UniqueIdentifier) => questions.find((q) => q.id === id)?.text ?? '';
  const positionOf = (id: UniqueIdentifier) => questions.findIndex((q) => q.id === id) + 1;
  // dnd-kit reports "over itself" right after pick-up; saying the position again would cut off
  // the pick-up message in the live region, so only a change of place is announced.
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return t.dragStart(textOf(active.id), positionOf(active.id), total);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver) return undefined;
      lastOver = over.id;
      return t.dragOver(textOf(active.id), positionOf(over.id), total);
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t.dragEnd(textOf(active.id), positionOf(over.id), total)
        : t.dragCancel(textOf(active.id)),
    onDragCancel: ({ active }) => t.dragCancel(textOf(active.id)),
  };
}

type QuestionsCardProps = {
  poll: Poll;
  /** An open-text question's moderation (another feature's, passed in by the route). */
  moderation?: (question: Question) => ReactNode;
};

/** Where the skip links of the panel lead (host-panel.tsx). */
export const QUESTIONS_ID = 'panel-preguntas';
export const NEW_QUESTION_ID = 'panel-nueva-pregunta';

/**
 * After a question is deleted its card (and the focused bin in it) is gone, and focus would fall
 * to the page body: it goes to the next question's card instead (the previous one after the
 * last), or to the new-question form when none is left. Only when focus was lost, so a host who
 * clicked elsewhere meanwhile keeps their place.
 */
function useFocusAfterDelete(
  questions: readonly Question[],
  list: RefObject<HTMLOListElement | null>,
  newQuestionText: RefObject<HTMLInputElement | null>,
) {
  const target = useRef<number | 'form' | null>(null);
  const moveFocus = useRef((_settle: boolean) => {});
  moveFocus.current = (settle: boolean) => {
    const next = target.current;
    if (next === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      // The deleted card (with the focused bin) is still there, or the host is elsewhere now.
      if (settle) target.current = null;
      return;
    }
    target.current = null;
    if (next === 'form') newQuestionText.current?.focus();
    else list.current?.querySelector<HTMLElement>(`[data-question-id="${next}"]`)?.focus();
  };
  // The list without the deleted question has rendered: focus moves now or never.
  const count = questions.length;
  useEffect(() => {
    if (count >= 0) moveFocus.current(true);
  }, [count]);
  return (deletedId: number) => {
    const index = questions.findIndex((q) => q.id === deletedId);
    const next = questions[index + 1] ?? questions[index - 1];
    target.current = next ? next.id : 'form';
    // The card may be gone already (the cache was patched before this callback).
    requestAnimationFrame(() => moveFocus.current(false));
  };
}

export function QuestionsCard({ poll, moderation }: QuestionsCardProps) {
  const questions = useMemo(() => byOrdinal(poll.questions), [poll.questions]);
  const reorder = useReorderQuestions();
  const createQuestion = useCreateQuestion();
  const newQuestionText = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const onDeleted = useFocusAfterDelete(questions, list, newQuestionText);
  const deletedElsewhere = useDeletedWhileEditing(questions);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => spanishAnnouncements(questions), [questions]);

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = questions.findIndex((q) => q.id === active.id);
    const to = questions.findIndex((q) => q.id === over.id);
    if (from < 0 || to < 0) return;
    const order = arrayMove(questions, from, to).map((q, index) => ({
      id: q.id,
      ordinal: index + 1,
    }));
    reorder.mutate(order, { onSuccess: () => toast.success(t.reordered) });
  }

  return (
    <Card id={QUESTIONS_ID} tabIndex={-1} aria-labelledby={`${QUESTIONS_ID}-title`}>
      {/* Slimmer side padding on phones: question cards nest inside, and every pixel of width
          keeps option text on one line. */}
      <CardHeader className="px-3 sm:px-5">
        <CardTitle id={`${QUESTIONS_ID}-title`}>{es.host.questionsCard}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-3 sm:px-5">
        {deletedElsewhere.orphans.map((orphan) => (
          <DeletedElsewhereNotice
            key={orphan.item.id}
            kind="question"
            orphan={orphan}
            pending={createQuestion.isPending}
            onDismiss={deletedElsewhere.dismiss}
            onReadd={(lost) =>
              createQuestion.mutateAsync(recreateBody(lost)).then(() => {
                toast.success(t.created);
              })
            }
          />
        ))}
        {questions.length === 0 ? (
          <EmptyState
            icon={ListChecks}
            level={3}
            title={es.host.noQuestions}
            description={es.host.noQuestionsDescription}
            className="py-6"
            action={
              <Button variant="outline" onClick={() => newQuestionText.current?.focus()}>
                <PencilLine aria-hidden="true" />
                {t.writeFirst}
              </Button>
            }
          />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={handleDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t.dragInstructions },
            }}
          >
            <SortableContext
              items={questions.map((q) => q.id)}
              strategy={verticalListSortingStrategy}
            >
              <ol ref={list} className="grid gap-3" aria-label={t.listLabel}>
                {questions.map((question, index) => (
                  <QuestionItem
                    key={question.id}
                    question={question}
                    position={index + 1}
                    quiz={poll.settings.quiz}
                    moderation={moderation}
                    onDeleted={onDeleted}
                    onDraft={deletedElsewhere.reportDraft}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        <NewQuestionForm
          id={NEW_QUESTION_ID}
          textRef={newQuestionText}
          nextOrdinal={poll.questions.length + 1}
          quiz={poll.settings.quiz}
          pending={createQuestion.isPending}
          onCreate={(body) =>
            createQuestion.mutateAsync(body).then(() => {
              toast.success(t.created);
            })
          }
        />
      </CardContent>
    </Card>
  );
}
