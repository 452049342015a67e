import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { IntegritySource } from '../../../../contract/integrity.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { esIntegrity } from '../../../i18n/es-integrity.ts';
import { integrityKey, integrityQueryOptions, useDiscardSource } from '../api/integrity.ts';
import { useVoteCount } from '../api/vote-count.ts';
import { useHostSession } from '../host-session.tsx';
import { DiscardUnusualButton } from './discard-unusual-button.tsx';
import { SetAsideBallots } from './set-aside-ballots.tsx';

const t = es.integrity;
/** Sources listed in the card; the rest only count in the overview. */
const SHOWN = 5;

/** "40 s", "3 min", "2 h": how long the source took for its ballots. */
export function spanText(firstAt: string, lastAt: string): string {
  const seconds = Math.max(1, Math.round((Date.parse(lastAt) - Date.parse(firstAt)) / 1000));
  if (seconds < 120) return t.seconds(seconds);
  if (seconds < 2 * 3600) return t.minutes(Math.round(seconds / 60));
  return t.hours(Math.round(seconds / 3600));
}

/** Why the server flagged a source, in words a host can weigh. */
export function reasonOf(source: IntegritySource): string {
  const burst = t.burst(source.ballots, spanText(source.firstAt, source.lastAt));
  const fresh = source.newParticipantBallots;
  const bulk = source.bulkIssuedBallots;
  const parts = [burst];
  if (fresh * 2 >= source.ballots) parts.push(t.newParticipants(fresh));
  if (bulk * 2 >= source.ballots) parts.push(esIntegrity.bulkIssued(bulk));
  if (source.quizBots) parts.push(esIntegrity.quizBots(source.instantQuizAnswers));
  return `${parts.join('; ')}.`;
}

function SourceRow({
  source,
  index,
  total,
}: {
  source: IntegritySource;
  index: number;
  total: number;
}) {
  const discard = useDiscardSource();
  const percent = Math.round((source.ballots / Math.max(1, total)) * 100);
  const name = source.source === '' ? t.previousVotes : t.sourceLabel(index + 1);
  return (
    <li
      className={
        source.unusual
          ? 'grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3'
          : 'grid gap-1 rounded-lg border p-3'
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{name}</span>
        {source.unusual && (
          <Badge variant="destructive">
            <ShieldAlert aria-hidden="true" />
            {t.unusual}
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground tabular-nums">
        {es.results.totalVotes(source.ballots)} · {t.share(percent)}
      </p>
      {source.unusual && <p className="text-sm">{reasonOf(source)}</p>}
      {source.source !== '' && (
        <ConfirmDialog
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start text-destructive hover:bg-destructive/10"
              disabled={discard.isPending}
              aria-label={`${t.discard} (${name})`}
            >
              <Trash2 aria-hidden="true" />
              {t.discard}
            </Button>
          }
          title={t.discardConfirmTitle}
          description={t.discardConfirmDescription(source.ballots)}
          confirmLabel={t.discardConfirm}
          onConfirm={() =>
            discard.mutate(source.source, {
              onSuccess: ({ discardedBallots }) =>
                toast.success(t.discarded, {
                  description: t.discardedDescription(discardedBallots),
                }),
            })
          }
        />
      )}
    </li>
  );
}

/**
 * Where the poll's ballots came from (issue 8), for the host only: sources are keyed hashes of
 * client addresses, shown as "Origen 1, 2…". A source the server finds unusual says why in
 * words, since a classroom on one Wi-Fi is one source too and only the host knows the room.
 */
export function IntegrityCard() {
  const { slug, secret } = useHostSession();
  const query = useQuery(integrityQueryOptions(slug, secret));
  useFollowVoteCount(slug);
  const data = query.data;
  return (
    <Card aria-labelledby="integrity-title">
      <CardHeader>
        <CardTitle id="integrity-title">{t.card}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3" aria-live="polite" data-testid="integrity">
        {!data ? (
          <p className="text-sm text-muted-foreground">
            {query.isError ? t.unavailable : t.loading}
          </p>
        ) : data.totalBallots === 0 && data.refusedBallots === 0 && data.setAsideBallots === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noVotes}</p>
        ) : (
          <>
            <p className="tabular-nums">{t.overview(data.totalBallots, data.sourceCount)}</p>
            {data.refusedBallots > 0 && (
              <p className="text-sm text-muted-foreground tabular-nums">
                {t.refused(data.refusedBallots)}
              </p>
            )}
            {data.unusualSources === 0 && (
              <p className="text-sm text-muted-foreground">{t.allClear}</p>
            )}
            <DiscardUnusualButton integrity={data} />
            <SetAsideBallots ballots={data.setAsideBallots} />
            <ul className="grid gap-2">
              {data.sources.slice(0, SHOWN).map((source, index) => (
                <SourceRow
                  key={source.source}
                  source={source}
                  index={index}
                  total={data.totalBallots}
                />
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">{t.help}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The ballots change through the host's summary (a reset, a discard, a live summary frame, a
 * refetch after any mutation): when its count moves, the card asks again at once rather than
 * showing the old sources until its next refresh (issue 17: 14 ballots shown after a reset).
 */
function useFollowVoteCount(slug: string) {
  const queryClient = useQueryClient();
  const votes = useVoteCount();
  const seen = useRef(votes);
  useEffect(() => {
    if (votes === undefined || votes === seen.current) return;
    const first = seen.current === undefined;
    seen.current = votes;
    // The first count read is the one the card was loaded with.
    if (!first) void queryClient.invalidateQueries({ queryKey: integrityKey(slug) });
  }, [votes, slug, queryClient]);
}
