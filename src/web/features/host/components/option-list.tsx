import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { OPTION_TEXT_MAX } from '../../../../contract/limits.ts';
import type { Option, Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { useCreateOption } from '../api/create-option.ts';
import { useDeleteOption } from '../api/delete-option.ts';
import { useUpdateOption } from '../api/update-option.ts';
import { ConfirmDeleteButton } from './confirm-delete-button.tsx';
import { DeletedElsewhereNotice, useDeletedWhileEditing } from './deleted-elsewhere.tsx';
import { InlineEdit } from './inline-edit.tsx';
import { OptionCorrectToggle } from './quiz-fields.tsx';

const t = es.questions;

type OptionRowProps = {
  question: Question;
  option: Option;
  deletable: boolean;
  quiz: boolean;
  /** The option text being typed here, null once the editor closes (deleted-elsewhere.tsx). */
  onDraft: (optionId: number, draft: string | null) => void;
};

function OptionRow({ question, option, deletable, quiz, onDraft }: OptionRowProps) {
  const updateOption = useUpdateOption();
  const deleteOption = useDeleteOption();
  // Show the saved text while the request is in flight rather than flicking back to the old one.
  const text = updateOption.isPending ? updateOption.variables.text : option.text;
  return (
    <li className="flex items-center gap-2" data-testid="option-item">
      <span
        aria-hidden="true"
        className={cn(
          'size-3.5 shrink-0 border-2 border-muted-foreground/60',
          traitsOf(question.type).picks === 'many' ? 'rounded-sm' : 'rounded-full',
        )}
      />
      <div className="min-w-0 flex-1">
        <InlineEdit
          value={text}
          label={t.editOption}
          maxLength={OPTION_TEXT_MAX}
          onDraftChange={(draft) => onDraft(option.id, draft)}
          onSave={(next) =>
            updateOption.mutate(
              { questionId: question.id, optionId: option.id, text: next },
              { onSuccess: () => toast.success(t.optionUpdated) },
            )
          }
        />
      </div>
      {quiz ? <OptionCorrectToggle question={question} option={option} /> : null}
      {deletable ? (
        <ConfirmDeleteButton
          action={t.deleteOption}
          target={option.text}
          title={t.deleteOptionConfirmTitle}
          description={t.deleteOptionConfirmDescription}
          disabled={deleteOption.isPending}
          onConfirm={() =>
            deleteOption.mutate(
              { questionId: question.id, optionId: option.id },
              { onSuccess: () => toast.success(t.optionDeleted) },
            )
          }
        />
      ) : null}
    </li>
  );
}

function AddOptionForm({ question }: { question: Question }) {
  const [text, setText] = useState('');
  const createOption = useCreateOption();
  const trimmed = text.trim();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || createOption.isPending) return;
    const max = question.options.reduce((highest, o) => Math.max(highest, o.ordinal), 0);
    createOption.mutate(
      { questionId: question.id, text: trimmed, ordinal: max + 1 },
      {
        onSuccess: () => {
          setText('');
          toast.success(t.optionAdded);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex items-center gap-2 pl-5.5">
      <Input
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, OPTION_TEXT_MAX))}
        maxLength={OPTION_TEXT_MAX}
        placeholder={t.newOptionPlaceholder}
        aria-label={t.newOptionLabel(question.text)}
        autoComplete="off"
        className="h-9"
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={!trimmed || createOption.isPending}
      >
        <Plus aria-hidden="true" />
        <span className="max-sm:sr-only">{t.addOption}</span>
      </Button>
    </form>
  );
}

/** Options of a saved question: edit in place, delete (confirmed), add (not for yes/no). */
export function OptionList({ question, quiz = false }: { question: Question; quiz?: boolean }) {
  const options = byOrdinal(question.options);
  // Spec §5: a yes/no question keeps both answers (the server's), and no question loses its
  // last option.
  const fixed = traitsOf(question.type).options === 'fixed';
  const deletable = !fixed && options.length > 1;
  const deletedElsewhere = useDeletedWhileEditing(options);
  const createOption = useCreateOption();
  return (
    <div className="grid gap-2">
      {deletedElsewhere.orphans.map((orphan) => (
        <DeletedElsewhereNotice
          key={orphan.item.id}
          kind="option"
          orphan={orphan}
          pending={createOption.isPending}
          onDismiss={deletedElsewhere.dismiss}
          onReadd={(lost) =>
            createOption
              .mutateAsync({
                questionId: question.id,
                text: lost.draft.trim() || lost.item.text,
                ordinal:
                  question.options.reduce((highest, o) => Math.max(highest, o.ordinal), 0) + 1,
              })
              .then(() => {
                toast.success(t.optionAdded);
              })
          }
        />
      ))}
      <ul className="grid gap-1" aria-label={t.optionsOf(question.text)}>
        {options.map((option) => (
          <OptionRow
            key={option.id}
            question={question}
            option={option}
            deletable={deletable}
            quiz={quiz}
            onDraft={deletedElsewhere.reportDraft}
          />
        ))}
      </ul>
      {fixed ? null : <AddOptionForm question={question} />}
    </div>
  );
}
