import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { esHomework as t } from '../../../i18n/es-homework.ts';
import { progressQueryOptions, useMoreTime, useSetWindow } from '../api/homework.ts';
import { fromLocalInput, toLocalInput } from '../lib/local-time.ts';

type Props = { poll: Poll; secret: string };

/**
 * 'Tarea' on the host's panel (issue 27): when the poll opens and closes by itself, and in a
 * self-paced quiz who has finished, the average so far and 'Más tiempo' per player.
 */
export function HomeworkCard({ poll, secret }: Props) {
  const id = useId();
  const { opensAt, closesAt } = poll.settings;
  const [opens, setOpens] = useState(toLocalInput(opensAt));
  const [closes, setCloses] = useState(toLocalInput(closesAt));
  const save = useSetWindow(poll.slug, secret);
  const selfPaced = poll.settings.quiz && (opensAt !== null || closesAt !== null);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ opensAt: fromLocalInput(opens), closesAt: fromLocalInput(closes) });
  }
  function clear() {
    save.mutate(
      { opensAt: null, closesAt: null },
      {
        onSuccess: () => {
          setOpens('');
          setCloses('');
        },
      },
    );
  }

  return (
    <Card data-testid="homework-card">
      <CardHeader>
        <CardTitle>
          <h2>{t.title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t.help}</p>
        <form className="grid gap-3" onSubmit={submit}>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-opens`}>{t.opensAtLabel}</Label>
            <Input
              id={`${id}-opens`}
              type="datetime-local"
              value={opens}
              onChange={(e) => setOpens(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-closes`}>{t.closesAtLabel}</Label>
            <Input
              id={`${id}-closes`}
              type="datetime-local"
              value={closes}
              onChange={(e) => setCloses(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending} data-testid="homework-save">
              {t.save}
            </Button>
            {opensAt || closesAt ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" disabled={save.isPending}>
                    {t.clear}
                  </Button>
                }
                title={t.clearConfirmTitle}
                description={t.clearConfirmDescription}
                confirmLabel={t.clearConfirm}
                onConfirm={clear}
              />
            ) : null}
          </div>
        </form>
        {selfPaced ? <Progress slug={poll.slug} secret={secret} /> : null}
      </CardContent>
    </Card>
  );
}

function Progress({ slug, secret }: { slug: string; secret: string }) {
  const progress = useQuery(progressQueryOptions(slug, secret));
  const moreTime = useMoreTime(slug, secret);
  const data = progress.data;
  if (!data) return null;
  return (
    <section
      className="grid gap-3 border-t pt-4"
      aria-labelledby="homework-progress"
      data-testid="homework-progress"
    >
      <h3 id="homework-progress" className="font-semibold">
        {t.progressTitle}
      </h3>
      <p className="text-sm" data-testid="homework-finished">
        {t.finished(data.finished, data.players.length)}
        {' · '}
        {data.averageScore === null
          ? t.noAverage
          : t.average(data.averageScore.toLocaleString('es-ES'))}
      </p>
      <ul className="grid gap-2">
        {data.players.map((p) => (
          <li
            key={p.nickname}
            className="flex items-center justify-between gap-3 text-sm"
            data-testid="homework-player"
          >
            <span className="grid min-w-0">
              <span className="font-medium [overflow-wrap:anywhere]">{p.nickname}</span>
              <span className="text-muted-foreground">
                {p.finished ? `${t.done} · ` : ''}
                {t.playerRow(p.answered, data.questions)} · {p.score.toLocaleString('es-ES')} pts
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <Label htmlFor={`more-${p.nickname}`} className="text-xs">
                {t.moreTime}
              </Label>
              <Switch
                id={`more-${p.nickname}`}
                aria-label={t.moreTimeHelp(p.nickname)}
                checked={p.moreTime}
                disabled={moreTime.isPending}
                onCheckedChange={(checked) =>
                  moreTime.mutate({ nickname: p.nickname, moreTime: checked })
                }
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
