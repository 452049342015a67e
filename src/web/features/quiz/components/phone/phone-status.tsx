import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { CircleOff, type Hourglass } from '../../../../components/ui/icons.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';

type PhoneStatusProps = {
  icon: typeof Hourglass;
  title: string;
  description: string;
  testId?: string;
};

/** What a quiz phone shows between questions (waiting, time up, sent), read out as a status;
 *  the live quiz's phone and the self-paced one share it. */
export function PhoneStatus({ icon, title, description, testId }: PhoneStatusProps) {
  return (
    <div role="status" data-testid={testId}>
      <EmptyState icon={icon} title={title} description={description} level={1} />
    </div>
  );
}

/** The quiz is over (or its poll could not be read). */
export function QuizOver() {
  return (
    <EmptyState
      icon={CircleOff}
      title={esQuiz.phone.overTitle}
      description={esQuiz.phone.overDescription}
      level={1}
    />
  );
}
