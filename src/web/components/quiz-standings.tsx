import { Medal, Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '../../contract/quiz.ts';
import { esQuiz } from '../i18n/es-quiz.ts';
import { esRounds } from '../i18n/es-rounds.ts';
import { cn } from '../lib/cn.ts';

const t = esQuiz.stage;

/** The podium's places by name, so a medal is told by text and icon, never by colour alone. */
const MEDAL = esRounds.medals;

/**
 * A quiz's standings as a page reads them (the projector's stage draws its own, sized by the
 * stage's unit): rank, nickname and points per row, the top 3 marked as the podium by an icon
 * and the medal's name. Shared by whatever screen shows a finished round's standings.
 */
export function QuizStandings({
  entries,
  title,
  size = 'page',
  testId = 'quiz-standings',
}: {
  entries: readonly LeaderboardEntry[];
  title: string;
  size?: 'page' | 'projector';
  testId?: string;
}) {
  const big = size === 'projector';
  return (
    <section
      className="grid min-w-0 content-start gap-3 rounded-lg border bg-card p-4 text-card-foreground"
      aria-label={title}
      data-testid={testId}
    >
      <h3 className={cn('font-semibold', big ? 'text-2xl' : 'text-lg')}>{title}</h3>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{t.noPlayers}</p>
      ) : (
        <ol className="grid gap-1.5">
          {entries.map((entry) => (
            <StandingRow key={entry.nickname} entry={entry} big={big} />
          ))}
        </ol>
      )}
    </section>
  );
}

function StandingRow({ entry, big }: { entry: LeaderboardEntry; big: boolean }) {
  const medal = entry.rank <= 3 ? MEDAL[entry.rank as 1 | 2 | 3] : null;
  const Icon = entry.rank === 1 ? Trophy : Medal;
  return (
    <li
      className={cn(
        'grid grid-cols-[3.5ch_minmax(0,1fr)_auto] items-center gap-3 rounded-md px-3 py-1.5',
        medal ? 'border-2 border-primary font-semibold' : 'bg-muted',
        big ? 'text-2xl' : 'text-base',
      )}
      data-testid="quiz-standings-row"
      data-place={entry.rank}
    >
      <span className="font-extrabold tabular-nums">{t.place(entry.rank)}</span>
      <span className="flex min-w-0 items-center gap-2">
        {medal ? (
          <span
            className={cn(
              'inline-flex shrink-0 items-center gap-1 font-bold',
              big ? 'text-lg' : 'text-sm',
            )}
            data-testid="quiz-standings-medal"
          >
            <Icon aria-hidden="true" className={big ? 'size-6' : 'size-4'} />
            {medal}
          </span>
        ) : null}
        <span className="truncate" data-testid="quiz-standings-name">
          {entry.nickname}
        </span>
      </span>
      <span className="tabular-nums">{t.points(entry.score)}</span>
    </li>
  );
}
