import { Plus, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import {
  MAX_OPTIONS_PER_QUESTION,
  NEW_QUESTION_OPTION_ROWS,
  OPTION_TEXT_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  TIME_LIMIT_DEFAULT,
} from '../../../../contract/limits.ts';
import type { CreateQuestionBody, QuestionType } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import { es } from '../../../i18n/es.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { editorViews } from './editor-views.tsx';
import { CorrectHint, CorrectToggle, TimeSelect } from './quiz-fields.tsx';

const t = es.questions;

type Row = { key: number; text: string };

type NewQuestionFormProps = {
  /** Spec §7: a new question goes last, ordinal = count + 1. */
  nextOrdinal: number;
  pending: boolean;
  /** Resolves when the question was created (the form then clears); rejects on failure. */
  onCreate: (body: CreateQuestionBody) => Promise<unknown>;
  /** Lets the card's empty state move focus to the text field. */
  textRef?: RefObject<HTMLInputElement | null>;
  /** The form's id: a skip link's target. */
  id?: string;
  /** The poll is a quiz: rows can be marked 'Correcta', and the question gets a 'Tiempo'. */
  quiz?: boolean;
};

export function NewQuestionForm({
  nextOrdinal,
  pending,
  onCreate,
  textRef: outerTextRef,
  id: formId,
  quiz = false,
}: NewQuestionFormProps) {
  const id = useId();
  // Row keys stay stable while rows are added and removed; labels follow the position.
  const nextKey = useRef(0);
  const makeRows = (count: number): Row[] =>
    Array.from({ length: count }, () => ({ key: nextKey.current++, text: '' }));

  const [text, setText] = useState('');
  const [type, setType] = useState<QuestionType>('single');
  const [rows, setRows] = useState<Row[]>(() => makeRows(NEW_QUESTION_OPTION_ROWS));
  const editor = editorViews[type];
  // The type's own settings (a scale's range…), reset when the type changes.
  const [draft, setDraft] = useState<unknown>(undefined);
  const settings = editor.settings;
  const settingsDraft = draft ?? settings?.initial;
  // Quiz: the rows marked correct (row keys; for fixed options, their index) and the time.
  const [correct, setCorrect] = useState<ReadonlySet<number>>(() => new Set());
  const [timeLimit, setTimeLimit] = useState<number | null>(TIME_LIMIT_DEFAULT);
  // Yes/no gets its options from the server; open text and scale have none.
  const withOptions = traitsOf(type).options === 'authored';
  // Only options marked one by one: a ranking's correct answer is its authored order.
  const marksOptions = quiz && traitsOf(type).quizCorrect !== 'order';
  const rowsMax = Math.min(MAX_OPTIONS_PER_QUESTION, editor.optionCount?.max ?? Infinity);
  const ownTextRef = useRef<HTMLInputElement>(null);
  const textRef = outerTextRef ?? ownTextRef;

  const filled = rows.map((row) => row.text.trim()).filter((value) => value.length > 0);
  // What the disabled submit is waiting for, said next to it.
  const missing =
    text.trim().length === 0
      ? t.needText
      : withOptions && filled.length === 0
        ? t.optionsRequired
        : editor.optionCount &&
            withOptions &&
            (filled.length < editor.optionCount.min || filled.length > editor.optionCount.max)
          ? editor.optionCount.message
          : (settings?.missing?.(settingsDraft, quiz) ?? null);
  const valid = missing === null;

  function updateRow(key: number, value: string) {
    setRows((current) =>
      current.map((row) =>
        row.key === key ? { ...row, text: value.slice(0, OPTION_TEXT_MAX) } : row,
      ),
    );
  }

  /** A single or yes/no question has one correct answer: marking one unmarks the others. */
  function toggleCorrect(key: number) {
    setCorrect((current) => {
      const next = new Set(traitsOf(type).quizCorrect === 'many' ? current : []);
      if (current.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function removeRow(key: number) {
    setRows((current) => (current.length > 1 ? current.filter((row) => row.key !== key) : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || pending) return;
    const body: CreateQuestionBody = {
      text: text.trim(),
      type,
      // Choices keep their filled rows, renumbered; the other types send none.
      options: withOptions
        ? rows
            .filter((row) => row.text.trim().length > 0)
            .map((row, index) => ({
              text: row.text.trim(),
              ordinal: index + 1,
              ...(marksOptions && { correct: correct.has(row.key) }),
            }))
        : quiz && editor.fixedOptions
          ? editor.fixedOptions.map((text, index) => ({
              text,
              ordinal: index + 1,
              correct: correct.has(index),
            }))
          : [],
      ordinal: nextOrdinal,
      ...(quiz && { timeLimitSeconds: timeLimit }),
      ...settings?.toBody(settingsDraft, quiz),
    };
    try {
      await onCreate(body);
    } catch {
      return; // the failure toast comes from the mutation; keep what was typed
    }
    setText('');
    setType('single');
    setRows(makeRows(NEW_QUESTION_OPTION_ROWS));
    setDraft(undefined);
    setCorrect(new Set());
    setTimeLimit(TIME_LIMIT_DEFAULT);
    textRef.current?.focus();
  }

  return (
    <form
      id={formId}
      onSubmit={handleSubmit}
      className="grid gap-4 rounded-lg border border-dashed p-4"
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {t.newQuestion}
      </h3>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>{t.textLabel}</Label>
        <Input
          ref={textRef}
          id={`${id}-text`}
          value={text}
          maxLength={QUESTION_TEXT_MAX}
          onChange={(event) => setText(event.target.value.slice(0, QUESTION_TEXT_MAX))}
          placeholder={t.textPlaceholder}
          autoComplete="off"
          aria-describedby={`${id}-counter`}
        />
        <p id={`${id}-counter`} className="text-right text-sm text-muted-foreground tabular-nums">
          {t.counter(text.length, QUESTION_TEXT_MAX)}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>{t.typeLabel}</Label>
        <Select
          id={`${id}-type`}
          value={type}
          onChange={(event) => {
            setType(QUESTION_TYPES.find((t) => t === event.target.value) ?? 'single');
            setCorrect(new Set());
            setDraft(undefined);
          }}
        >
          {QUESTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {es.questionTypes[value]}
            </option>
          ))}
        </Select>
      </div>
      {quiz ? <TimeSelect value={timeLimit} onChange={setTimeLimit} /> : null}
      {quiz && editor.fixedOptions ? (
        <ul className="grid gap-2" aria-label={t.optionsLabel}>
          {editor.fixedOptions.map((text, index) => (
            <li key={text} className="flex items-center justify-between gap-2">
              <span>{text}</span>
              <CorrectToggle
                pressed={correct.has(index)}
                optionText={text}
                onToggle={() => toggleCorrect(index)}
              />
            </li>
          ))}
        </ul>
      ) : !withOptions ? (
        <>
          {editor.note ? <p className="text-sm text-muted-foreground">{editor.note}</p> : null}
          {settings ? (
            <settings.Fields id={id} value={settingsDraft} onChange={setDraft} quiz={quiz} />
          ) : null}
        </>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t.optionsLabel}</legend>
          {editor.note ? <p className="text-sm text-muted-foreground">{editor.note}</p> : null}
          <ol className="grid gap-2">
            {rows.map((row, index) => (
              <li key={row.key} className="flex items-center gap-2">
                <Input
                  aria-label={t.optionLabel(index + 1)}
                  placeholder={t.optionLabel(index + 1)}
                  value={row.text}
                  maxLength={OPTION_TEXT_MAX}
                  onChange={(event) => updateRow(row.key, event.target.value)}
                  autoComplete="off"
                />
                {marksOptions ? (
                  <CorrectToggle
                    pressed={correct.has(row.key)}
                    optionText={row.text.trim() || t.optionLabel(index + 1)}
                    onToggle={() => toggleCorrect(row.key)}
                  />
                ) : null}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t.removeOption(index + 1)}
                  disabled={rows.length <= 1}
                  onClick={() => removeRow(row.key)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={rows.length >= rowsMax}
            onClick={() => setRows((current) => [...current, ...makeRows(1)])}
          >
            <Plus aria-hidden="true" />
            {t.addOption}
          </Button>
        </fieldset>
      )}
      {quiz ? <CorrectHint hint={editor.quizHint} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {missing ? (
          <p id={`${id}-missing`} className="text-sm text-muted-foreground">
            {missing}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={!valid || pending}
          aria-describedby={missing ? `${id}-missing` : undefined}
        >
          {pending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
