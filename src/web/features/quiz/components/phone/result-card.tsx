import type { ParticipantState, Question } from '../../../../../contract/poll.ts';
import { Explanation } from '../../../../components/explanation.tsx';
import { CircleCheckBig, icon } from '../../../../components/ui/icons.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { byOrdinal } from '../../../../lib/order.ts';

const t = esQuiz.phone;

/** lucide's circle-x (ISC licence, as the other icons of components/ui/icons.tsx). */
const CircleX = icon('circle-x x-circle', [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'm15 9-6 6' }],
  ['path', { d: 'm9 9 6 6' }],
]);

type ResultCardProps = {
  question: Question;
  player: ParticipantState;
  /** After the last question (or once the poll closed): the standing is final. */
  final: boolean;
};

/**
 * One calm screen after the close: '¡Correcto!' or 'Incorrecto' in words with an icon, the
 * points, the correct answer in words, the total and the rank. No colour-only cue: the words
 * and the icon say it all.
 */
export function ResultCard({ question, player, final }: ResultCardProps) {
  const result = player.results.find((r) => r.questionId === question.id);
  const correctTexts = byOrdinal(question.options)
    .filter((o) => o.correct)
    .map((o) => o.text);
  const scored = correctTexts.length > 0;
  const answered = player.answeredQuestionIds.includes(question.id);
  const right = result?.correct ?? false;
  return (
    <section
      className="flex flex-col items-center gap-5 py-6 text-center"
      aria-labelledby="quiz-result-title"
      data-testid="quiz-result"
      data-correct={scored ? right : undefined}
    >
      {scored ? (
        <>
          <div
            className={cn(
              'rounded-full p-4',
              right ? 'bg-success text-success-foreground' : 'bg-muted text-foreground',
            )}
          >
            {right ? (
              <CircleCheckBig className="size-12" aria-hidden="true" />
            ) : (
              <CircleX className="size-12" aria-hidden="true" />
            )}
          </div>
          <h1 id="quiz-result-title" className="text-3xl font-extrabold">
            {right ? t.correct : answered ? t.incorrect : t.noAnswer}
            {right && result ? (
              <span className="ml-3 tabular-nums" data-testid="quiz-points">
                {t.plus(result.points)}
              </span>
            ) : null}
          </h1>
          <p className="text-lg [overflow-wrap:anywhere]" data-testid="quiz-correct-answer">
            {correctTexts.length === 1
              ? t.correctAnswerIs(correctTexts.join(''))
              : t.correctAnswersAre(correctTexts.join(', '))}
          </p>
        </>
      ) : (
        <h1 id="quiz-result-title" className="text-2xl font-bold">
          {t.unscored}
        </h1>
      )}
      {question.explanation ? (
        <Explanation
          text={question.explanation}
          label={t.explanation}
          className="mt-0 w-full text-left"
        />
      ) : null}
      <Standing player={player} final={final} />
    </section>
  );
}

/** Total score and rank; after the last question, titled as the final result. */
export function Standing({ player, final }: { player: ParticipantState; final: boolean }) {
  return (
    <div className="grid w-full gap-3 rounded-2xl border p-4" data-testid="quiz-standing">
      {final ? <h2 className="text-xl font-bold">{t.finalTitle}</h2> : null}
      <dl className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t.total}</dt>
          <dd className="text-xl font-bold whitespace-nowrap tabular-nums" data-testid="quiz-score">
            {t.points(player.score)}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t.place}</dt>
          <dd className="text-xl font-bold whitespace-nowrap tabular-nums" data-testid="quiz-rank">
            {player.rank === null ? '—' : t.rank(player.rank, player.players)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
