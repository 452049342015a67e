import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Send } from '../../components/ui/icons.tsx';
import { esQuiz } from '../../i18n/es-quiz.ts';
import type { QuizAnswerProps } from '../quiz-answer-props.ts';
import { NumberField } from './number-field.tsx';

const t = esQuiz.phone;

/** 'Número' in a quiz: the phone's field, then sent. */
export function NumberQuizAnswer({ question, pending, onAnswer }: QuizAnswerProps) {
  const [value, setValue] = useState<number | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (value !== null && !pending) onAnswer({ questionId: question.id, value });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <NumberField
        question={{ ...question, text: '' }}
        position={1}
        reply={value ?? undefined}
        onChoose={() => {}}
        onReply={(reply) => setValue(typeof reply === 'number' ? reply : null)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={value === null || pending}>
        <Send aria-hidden="true" />
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
