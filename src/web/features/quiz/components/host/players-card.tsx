import { useQuery } from '@tanstack/react-query';
import { Pencil, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Poll } from '../../../../../contract/poll.ts';
import type { LeaderboardEntry } from '../../../../../contract/quiz.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { esQuizPlayers as t } from '../../../../i18n/es-quiz-players.ts';
import { playersQueryOptions, useRemovePlayer, useRenamePlayer } from '../../api/players.ts';

type PlayersCardProps = { poll: Poll; secret: string };

/**
 * 'Jugadores' on the host's panel (issue 25): every player with its score, a nickname that
 * should not reach the projector renamed in place, a player removed after a confirmation. The
 * projector's leaderboard and podium follow at once (the poll moves, they read it again).
 */
export function PlayersCard({ poll, secret }: PlayersCardProps) {
  const players = useQuery(playersQueryOptions(poll.slug, secret, poll.updatedAt));
  const rename = useRenamePlayer(poll.slug, secret);
  const remove = useRemovePlayer(poll.slug, secret);
  const [editing, setEditing] = useState<string | null>(null);
  const data = players.data;
  let body: React.ReactNode;
  if (!data) {
    body = (
      <p className="text-sm text-muted-foreground">{players.isError ? t.unavailable : t.loading}</p>
    );
  } else if (data.entries.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t.none}</p>;
  } else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t.count(data.players)}</p>
        <ul className="grid gap-2" data-testid="quiz-players">
          {data.entries.map((entry) => (
            <li key={entry.nickname} data-testid="quiz-player" className="grid gap-2">
              {editing === entry.nickname ? (
                <RenameForm
                  entry={entry}
                  pending={rename.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(to) =>
                    rename.mutate(
                      { nickname: entry.nickname, to },
                      { onSuccess: () => setEditing(null) },
                    )
                  }
                />
              ) : (
                <PlayerRow
                  entry={entry}
                  busy={remove.isPending}
                  onRename={() => setEditing(entry.nickname)}
                  onRemove={() => remove.mutate(entry.nickname)}
                />
              )}
            </li>
          ))}
        </ul>
        {data.players > data.entries.length ? (
          <p className="text-sm text-muted-foreground">
            {t.more(data.players - data.entries.length)}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.card}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t.help}</p>
        {body}
      </CardContent>
    </Card>
  );
}

type PlayerRowProps = {
  entry: LeaderboardEntry;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
};

function PlayerRow({ entry, busy, onRename, onRemove }: PlayerRowProps) {
  return (
    <div className="flex items-center gap-2">
      <span className="min-w-0 flex-1 truncate font-medium">{entry.nickname}</span>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{entry.score}</span>
      <Button variant="ghost" size="icon" aria-label={t.rename(entry.nickname)} onClick={onRename}>
        <Pencil aria-hidden="true" />
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:bg-destructive/10"
            aria-label={t.remove(entry.nickname)}
            disabled={busy}
          >
            <UserMinus aria-hidden="true" />
          </Button>
        }
        title={t.removeConfirmTitle(entry.nickname)}
        description={t.removeConfirmDescription}
        confirmLabel={t.removeConfirm}
        onConfirm={onRemove}
      />
    </div>
  );
}

type RenameFormProps = {
  entry: LeaderboardEntry;
  pending: boolean;
  onSave: (to: string) => void;
  onCancel: () => void;
};

function RenameForm({ entry, pending, onSave, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(entry.nickname);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() && value.trim() !== entry.nickname) onSave(value);
    else onCancel();
  };
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit}>
      <Input
        aria-label={t.renameLabel(entry.nickname)}
        className="min-w-0 flex-1"
        value={value}
        maxLength={64}
        // The host just asked to type the new nickname.
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <Button type="submit" size="sm" disabled={pending}>
        {t.save}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        {t.cancel}
      </Button>
    </form>
  );
}
