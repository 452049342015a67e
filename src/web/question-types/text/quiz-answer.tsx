import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Send } from '../../components/ui/icons.tsx';
import { esQuiz } from '../../i18n/es-quiz.ts';
import type { QuizAnswerProps } from '../quiz-answer-props.ts';

const t = esQuiz.phone;

/** An open answer in a quiz (allowed, scoring nothing). */
export function TextQuizAnswer({ question, pending, onAnswer }: QuizAnswerProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (trimmed.length >= 2 && !pending) onAnswer({ questionId: question.id, text: trimmed });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <label htmlFor="quiz-text" className="font-medium">
        {t.textLabel}
      </label>
      <textarea
        id="quiz-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t.textPlaceholder}
        rows={3}
        className="w-full rounded-md border border-control bg-background p-3 text-base"
      />
      <Button type="submit" size="lg" className="w-full" disabled={trimmed.length < 2 || pending}>
        <Send aria-hidden="true" />
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
