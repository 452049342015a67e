import { PhoneQuestionField } from '../../../question-types/phone-fields.tsx';

/** One question of the form, drawn by its type's phone field (question-types/). */
export const QuestionField = PhoneQuestionField;
