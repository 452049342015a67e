import { QuizStandings } from '../../../components/quiz-standings.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { cn } from '../../../lib/cn.ts';
import { useIsQuiz, useRoundLeaderboard } from '../api/rounds.ts';

/** The results page shows a past round's whole top 10; the comparison only each podium. */
const STANDINGS_LIMIT = 10;
const PODIUM_SIZE = 3;

type Variant = 'page' | 'projector';

/**
 * Issue 27: in a quiz each round has its own leaderboard and podium (players start again). A
 * past round picked on the results page shows its standings above its questions; nothing in a
 * poll that is not a quiz.
 */
export function RoundStandings({
  slug,
  secret,
  round,
  variant,
}: {
  slug: string;
  secret: string | null;
  round: number;
  variant: Variant;
}) {
  const isQuiz = useIsQuiz(slug);
  const board = useRoundLeaderboard(slug, secret, isQuiz ? round : null, STANDINGS_LIMIT);
  if (!board.data) return null;
  return (
    <QuizStandings
      entries={board.data.entries}
      title={t.standingsTitle(round)}
      size={variant}
      testId="round-standings"
    />
  );
}

/** 'Comparar' in a quiz: each compared round's top 3, side by side (stacked on a phone). */
export function RoundPodiums({
  slug,
  secret,
  rounds,
  variant,
}: {
  slug: string;
  secret: string | null;
  rounds: readonly [number, number];
  variant: Variant;
}) {
  const isQuiz = useIsQuiz(slug);
  if (!isQuiz) return null;
  return (
    <section className="grid gap-3" aria-label={t.podiumsTitle} data-testid="round-podiums">
      <div className="grid gap-4 md:grid-cols-2">
        {rounds.map((round) => (
          <RoundPodium key={round} slug={slug} secret={secret} round={round} variant={variant} />
        ))}
      </div>
    </section>
  );
}

function RoundPodium({
  slug,
  secret,
  round,
  variant,
}: {
  slug: string;
  secret: string | null;
  round: number;
  variant: Variant;
}) {
  const board = useRoundLeaderboard(slug, secret, round, PODIUM_SIZE);
  return (
    <div className={cn('grid min-w-0', !board.data && 'min-h-24')}>
      {board.data ? (
        <QuizStandings
          entries={board.data.entries}
          title={t.podiumTitle(round)}
          size={variant}
          testId="round-podium"
        />
      ) : null}
    </div>
  );
}
