import type { Question } from '../../contract/poll.ts';
import { MathText } from '../components/math-text.tsx';

/** A question's text as its fieldset's legend, numbered as in the form. */
export function Legend({ question, position }: { question: Question; position: number }) {
  return (
    <legend id={`q-${question.id}-legend`} className="mb-1 text-lg leading-snug font-semibold">
      <span className="mr-1.5 text-muted-foreground tabular-nums">{position}.</span>
      <MathText text={question.text} />
    </legend>
  );
}
