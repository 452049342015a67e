import type { ComponentType } from 'react';
import { RANKING_OPTIONS_MAX, RANKING_OPTIONS_MIN } from '../../../../contract/limits.ts';
import type { CreateQuestionBody, Question, QuestionType } from '../../../../contract/poll.ts';
import { es } from '../../../i18n/es.ts';
import { esQuiz } from '../../../i18n/es-quiz.ts';
import { esTypeEditor } from '../../../i18n/es-type-editor.ts';
import { NumberEdit } from './number-edit.tsx';
import {
  NEW_NUMBER,
  type NumberDraft,
  NumberFields,
  numberBody,
  numberDraftProblem,
} from './number-fields.tsx';
import { OptionList } from './option-list.tsx';
import { ScaleEdit } from './scale-edit.tsx';
import { NEW_SCALE, type ScaleDraft, ScaleFields } from './scale-fields.tsx';

const t = es.questions;

/** A new question's settings besides its text and options (a scale's range, a number's). */
export type SettingsEditor<Draft> = {
  initial: Draft;
  Fields: ComponentType<{
    id: string;
    value: Draft;
    onChange: (value: Draft) => void;
    quiz: boolean;
  }>;
  /** The settings' part of the creation body. */
  toBody: (draft: Draft, quiz: boolean) => Partial<CreateQuestionBody>;
  /** What the submit waits for, said beside it; null when the settings are ready. */
  missing?: (draft: Draft, quiz: boolean) => string | null;
};

/** Erases a settings editor's draft type, so one table holds every type's (each checks its own). */
export const settings = <Draft,>(editor: SettingsEditor<Draft>) =>
  editor as unknown as SettingsEditor<unknown>;

type SavedProps = { question: Question; quiz: boolean };

export type TypeEditor = {
  /** Said in the new-question form instead of options, for a type without options typed. */
  note?: string;
  /** The options the server gives the type (Sí / No): in a quiz the form marks the correct one. */
  fixedOptions?: readonly string[];
  settings?: SettingsEditor<unknown>;
  /** How many options it needs (beyond the poll's own limits), and what to say otherwise. */
  optionCount?: { min: number; max: number; message: string };
  /** A saved question's part under its text in the list. */
  Saved: ComponentType<SavedProps>;
  /** Under a quiz question: what marking means for its type. */
  quizHint: string;
};

const Options = ({ question, quiz }: SavedProps) => <OptionList question={question} quiz={quiz} />;
const Scale = ({ question }: SavedProps) => <ScaleEdit question={question} />;
function TextFormat() {
  return (
    <p className="text-sm text-muted-foreground" data-testid="question-format">
      {t.textSummary}
    </p>
  );
}

const scaleSettings = settings<ScaleDraft>({
  initial: NEW_SCALE,
  Fields: ({ id, value, onChange }) => <ScaleFields id={id} value={value} onChange={onChange} />,
  // A blank label is no label.
  toBody: (scale) => ({
    scale: {
      max: scale.max,
      minLabel: scale.minLabel.trim() || null,
      maxLabel: scale.maxLabel.trim() || null,
    },
  }),
});

const numberSettings = settings<NumberDraft>({
  initial: NEW_NUMBER,
  Fields: NumberFields,
  toBody: numberBody,
  missing: numberDraftProblem,
});

// In a quiz the authored order is the answer: no option is marked correct.
const RankedOptions = ({ question }: SavedProps) => <OptionList question={question} />;

const hints = esQuiz.host.correctHint;

/** Each question type in the host's editor (the views are the panel's: they save as they go). */
export const editorViews: Record<QuestionType, TypeEditor> = {
  single: { Saved: Options, quizHint: hints.single },
  multiple: { Saved: Options, quizHint: hints.multiple },
  yesno: {
    note: t.yesnoNote,
    fixedOptions: [esQuiz.host.yes, esQuiz.host.no],
    Saved: Options,
    quizHint: hints.yesno,
  },
  text: { note: t.textNote, Saved: TextFormat, quizHint: esQuiz.host.noScoreHint },
  scale: { settings: scaleSettings, Saved: Scale, quizHint: esQuiz.host.noScoreHint },
  ranking: {
    note: esTypeEditor.rankingNote,
    optionCount: {
      min: RANKING_OPTIONS_MIN,
      max: RANKING_OPTIONS_MAX,
      message: esTypeEditor.rankingOptionsRequired,
    },
    Saved: RankedOptions,
    quizHint: esTypeEditor.rankingQuizHint,
  },
  number: { settings: numberSettings, Saved: NumberEdit, quizHint: esTypeEditor.numberQuizHint },
};
