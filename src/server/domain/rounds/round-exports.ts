import type { PollStore } from '../../store/store.ts';
import type { SummaryRow } from '../export-results.ts';

/** Issue 27: an archived round as the export lists it: its number, ballots and summary rows. */
export interface ArchivedRoundRows {
  round: number;
  ballots: number;
  summary: SummaryRow[];
}

/** The kept rounds' rows, oldest first, as each round closed (rows stored with the round). */
export async function archivedRoundRows(
  store: PollStore,
  pollId: number,
): Promise<ArchivedRoundRows[]> {
  const kept = await store.listRounds(pollId);
  const rounds: ArchivedRoundRows[] = [];
  for (const r of kept) {
    const row = await store.getRound(pollId, r.round);
    if (!row) continue;
    rounds.push({
      round: r.round,
      ballots: r.ballots,
      summary: JSON.parse(row.exportRows) as SummaryRow[],
    });
  }
  return rounds;
}
