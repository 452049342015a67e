import type { LeaderboardEntry } from '../../../../../contract/quiz.ts';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';

const t = esQuiz.stage;

/** The titles of the standings, as large as a short question's text. */
const titleSize = 'text-[max(calc(var(--u)*2.6),1.75rem)]';

/** 'Clasificación': the top 10 with nickname, score and the places each moved (▲2 / ▼1). Ten
 *  rows share the screen with the join strip sized for the back row (issue 17): 1.5u type. */
export function Leaderboard({ entries }: { entries: readonly LeaderboardEntry[] }) {
  return (
    <section
      aria-labelledby="quiz-leaderboard-title"
      className="flex min-h-0 flex-1 flex-col gap-[calc(var(--u)*1.2)]"
      data-testid="quiz-leaderboard"
    >
      <h1 id="quiz-leaderboard-title" className={cn(titleSize, 'font-extrabold')}>
        {t.leaderboard}
      </h1>
      {entries.length === 0 ? (
        <p className="text-[max(calc(var(--u)*1.8),1.125rem)] text-muted-foreground">
          {t.noPlayers}
        </p>
      ) : (
        <ol className="grid min-h-0 content-start gap-[calc(var(--u)*0.3)]">
          {entries.map((entry) => (
            <li
              key={entry.nickname}
              className="grid grid-cols-[5ch_minmax(0,1fr)_auto_5ch] items-center gap-[calc(var(--u)*1.5)] rounded-[calc(var(--u)*0.8)] bg-muted px-[calc(var(--u)*1.5)] py-[calc(var(--u)*0.2)] text-[max(calc(var(--u)*1.5),1rem)]"
              data-testid="quiz-leaderboard-row"
            >
              <span className="font-extrabold tabular-nums">{t.place(entry.rank)}</span>
              <span className="truncate font-semibold" data-testid="quiz-leaderboard-name">
                {entry.nickname}
              </span>
              <span className="font-bold tabular-nums">{t.points(entry.score)}</span>
              <Moved entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Moved({ entry }: { entry: LeaderboardEntry }) {
  if (entry.previousRank === null) return <span />;
  const moved = entry.previousRank - entry.rank;
  if (moved === 0) {
    return (
      <span className="text-muted-foreground" aria-hidden="true">
        =
      </span>
    );
  }
  const up = moved > 0;
  return (
    <span className="font-bold tabular-nums" data-testid="quiz-leaderboard-moved">
      <span aria-hidden="true">
        {up ? '▲' : '▼'}
        {Math.abs(moved)}
      </span>
      <span className="sr-only">{up ? t.movedUp(moved) : t.movedDown(-moved)}</span>
    </span>
  );
}

/** Heights of the podium's steps, in --u: first place highest, in the middle. */
const STEP_HEIGHT = { 1: 16, 2: 11, 3: 7 } as const;

/** After the last question: the top 3 at different heights, names of at least 48 px. */
export function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const top = entries.slice(0, 3);
  // Second, first, third from left to right, as a podium stands.
  const order = [top[1], top[0], top[2]].filter((e): e is LeaderboardEntry => !!e);
  return (
    <section
      aria-labelledby="quiz-podium-title"
      className="flex min-h-0 flex-1 flex-col gap-[calc(var(--u)*1.2)]"
      data-testid="quiz-podium"
    >
      <h1 id="quiz-podium-title" className={cn(titleSize, 'font-extrabold')}>
        {t.podium}
      </h1>
      {top.length === 0 ? (
        <p className="text-[max(calc(var(--u)*1.8),1.125rem)] text-muted-foreground">
          {t.noPlayers}
        </p>
      ) : (
        <ol className="flex min-h-0 flex-1 items-end justify-center gap-[calc(var(--u)*2)]">
          {order.map((entry) => {
            const step = top.indexOf(entry) + 1;
            const height = STEP_HEIGHT[step as 1 | 2 | 3];
            return (
              <li
                key={entry.nickname}
                className="flex w-[calc(var(--u)*30)] min-w-0 flex-col items-center gap-[calc(var(--u)*0.8)]"
                data-testid="quiz-podium-entry"
                data-place={entry.rank}
              >
                <span
                  className="w-full text-center text-[max(calc(var(--u)*3.2),3rem)] leading-tight font-extrabold text-balance [overflow-wrap:anywhere]"
                  data-testid="quiz-podium-name"
                >
                  {entry.nickname}
                </span>
                <span className="text-[max(calc(var(--u)*1.9),1.125rem)] font-bold tabular-nums">
                  {t.points(entry.score)}
                </span>
                <span
                  className={cn(
                    'flex w-full items-start justify-center rounded-t-[calc(var(--u)*1)] pt-[calc(var(--u)*0.6)] text-[max(calc(var(--u)*3.4),2.25rem)] leading-none font-extrabold tabular-nums',
                    step === 1 ? 'bg-primary text-primary-foreground' : 'bg-muted',
                  )}
                  style={{ height: `calc(var(--u) * ${height})` }}
                >
                  {t.place(entry.rank)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
