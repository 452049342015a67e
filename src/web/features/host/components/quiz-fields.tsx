import { Check } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { TIME_LIMIT_CHOICES } from '../../../../contract/limits.ts';
import type { Option, Question } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label, Select } from '../../../components/ui/input.tsx';
import { esQuiz } from '../../../i18n/es-quiz.ts';
import { cn } from '../../../lib/cn.ts';
import { useMarkCorrect, useUpdateTimeLimit } from '../api/quiz-calls.ts';

const t = esQuiz.host;

type CorrectToggleProps = {
  pressed: boolean;
  optionText: string;
  disabled?: boolean;
  onToggle: () => void;
};

/** 'Correcta': a toggle beside an option, pressed state shown by fill and a check, not colour. */
export function CorrectToggle({ pressed, optionText, disabled, onToggle }: CorrectToggleProps) {
  return (
    <Button
      type="button"
      size="sm"
      variant={pressed ? 'default' : 'outline'}
      aria-pressed={pressed}
      aria-label={t.markCorrect(optionText || '…')}
      disabled={disabled}
      onClick={onToggle}
      className={cn('shrink-0', !pressed && 'text-muted-foreground')}
      data-testid="correct-toggle"
    >
      <Check aria-hidden="true" className={cn(!pressed && 'opacity-30')} />
      <span className="max-sm:sr-only">{t.correct}</span>
    </Button>
  );
}

/** The saved option's toggle: marking one of a single or yes/no question unmarks the others. */
export function OptionCorrectToggle({ question, option }: { question: Question; option: Option }) {
  const mark = useMarkCorrect();
  const pressed =
    mark.isPending && mark.variables.optionId === option.id
      ? mark.variables.correct
      : option.correct === true;
  return (
    <CorrectToggle
      pressed={pressed}
      optionText={option.text}
      disabled={mark.isPending}
      onToggle={() =>
        mark.mutate(
          { question, optionId: option.id, correct: !pressed },
          { onSuccess: () => toast.success(t.correctSaved) },
        )
      }
    />
  );
}

/** The hint under a quiz question's options: what marking means for its type (editor-views). */
export function CorrectHint({ hint }: { hint: string }) {
  return <p className="text-sm text-muted-foreground">{hint}</p>;
}

type TimeSelectProps = {
  value: number | null;
  onChange: (seconds: number | null) => void;
  disabled?: boolean;
  /** The question's text, for the label of a select inside a list of questions. */
  questionText?: string;
};

/** 'Tiempo': 'Sin límite' or one of the panel's choices (a value set through the API stays). */
export function TimeSelect({ value, onChange, disabled, questionText }: TimeSelectProps) {
  const id = useId();
  const choices: readonly number[] =
    value === null || (TIME_LIMIT_CHOICES as readonly number[]).includes(value)
      ? TIME_LIMIT_CHOICES
      : [...TIME_LIMIT_CHOICES, value].sort((a, b) => a - b);
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className={questionText ? 'text-sm' : undefined}>
        {t.time}
      </Label>
      <Select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        aria-label={questionText ? t.timeOf(questionText) : undefined}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        className="h-9 w-auto"
        data-testid="time-limit"
      >
        <option value="">{t.noLimit}</option>
        {choices.map((seconds) => (
          <option key={seconds} value={seconds}>
            {t.seconds(seconds)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A saved question's 'Tiempo', saved on change. */
export function QuestionTimeSelect({ question }: { question: Question }) {
  const update = useUpdateTimeLimit();
  const value = update.isPending ? update.variables.timeLimitSeconds : question.timeLimitSeconds;
  return (
    <TimeSelect
      value={value}
      questionText={question.text}
      disabled={update.isPending}
      onChange={(timeLimitSeconds) =>
        update.mutate(
          { questionId: question.id, timeLimitSeconds },
          { onSuccess: () => toast.success(t.timeSaved) },
        )
      }
    />
  );
}
