import type { Question } from '../../contract/poll.ts';
import type { Reply } from './types.ts';

/** What the vote form gives a question's phone field (question-types/phone-fields.tsx). */
export type PhoneFieldProps = {
  question: Question;
  /** Its number in the form ('3.'). */
  position: number;
  reply: Reply | undefined;
  /** An option tapped (choices: the form's `choose` decides what it does). */
  onChoose: (optionId: number) => void;
  /** A whole reply: an open text, a value, an order. */
  onReply: (value: Reply) => void;
};
