import { percentile } from './quiz-players.ts';
import type { Row } from './report.ts';
import type { Report } from './room-phones.ts';

/**
 * bench:rooms' failover mode (ROOMS_FAILOVER=1, issue 29 "Failover"): partway through voting one
 * of three instances is killed (SIGKILL) and started again on its port some seconds later, as a
 * supervisor does. What the phones saw of it is summed up here, from their reports.
 */

export interface Failover {
  /** Epoch ms of the kill and of the restarted instance answering its health check. */
  killedAt: number;
  backAt: number;
  port: number;
}

/** nginx's `fail_timeout` in docs/scaling.md's upstream: a failed server gets no request for so long. */
export const FAIL_TIMEOUT_MS = 10_000;

export interface FailoverFigures {
  acked: number;
  stored: number;
  /** Ack ms of the ballots sent in the minute after the kill. */
  minuteAcks: number[];
  recoveries: Report['recoveries'];
  unrecovered: number;
  /** Ballots acknowledged from fail_timeout after the restart to the end, and the restarted
   *  instance's part of them. */
  after: number;
  afterOnRestarted: number;
}

export function failoverFigures(
  failover: Failover,
  reports: Report[],
  stored: number,
): FailoverFigures {
  const log = reports.flatMap((r) => r.ballotLog);
  const minuteAcks: number[] = [];
  let after = 0;
  let afterOnRestarted = 0;
  for (let i = 0; i < log.length; i += 3) {
    const [sentAt, ms, port] = [log[i]!, log[i + 1]!, log[i + 2]!];
    if (sentAt >= failover.killedAt && sentAt < failover.killedAt + 60_000) minuteAcks.push(ms);
    if (sentAt >= failover.backAt + FAIL_TIMEOUT_MS) {
      after++;
      if (port === failover.port) afterOnRestarted++;
    }
  }
  return {
    acked: reports.reduce((s, r) => s + r.acks.length, 0),
    stored,
    minuteAcks,
    recoveries: reports.flatMap((r) => r.recoveries),
    unrecovered: reports.reduce((s, r) => s + r.unrecovered, 0),
    after,
    afterOnRestarted,
  };
}

export function failoverRows(f: FailoverFigures, downSeconds: number): Row[] {
  const back = f.recoveries.map((r) => r.ms);
  const behind = f.recoveries.filter((r) => r.behind).length;
  const projectors = f.recoveries.filter((r) => r.projector).length;
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)} %`;
  return [
    {
      measure: 'Failover: ballots acknowledged (2xx) vs stored (recount of every poll)',
      result: `${f.acked} acknowledged, ${f.stored} stored, ${Math.max(0, f.acked - f.stored)} lost`,
      target: '0 lost',
      met: f.stored >= f.acked,
    },
    {
      measure: 'Failover: ballot ack p50 / p95 over the minute after the kill',
      result: `${percentile(f.minuteAcks, 50).toFixed(0)} / ${percentile(f.minuteAcks, 95).toFixed(0)} ms (${f.minuteAcks.length} ballots)`,
      target: 'p95 ≤ 1 s',
      met: percentile(f.minuteAcks, 95) <= 1000,
    },
    {
      measure: `Failover: streams cut by the kill (${projectors} projectors, the rest phones), end → first frame on a live instance (a projector's: with counts), p95 / max`,
      result: `${f.recoveries.length} back: ${(percentile(back, 95) / 1000).toFixed(2)} / ${(Math.max(0, ...back) / 1000).toFixed(2)} s; ${f.unrecovered} never back`,
      target: 'max ≤ 5 s, none left',
      met: Math.max(0, ...back) <= 5000 && f.unrecovered === 0,
    },
    {
      measure:
        'Failover: reconnected projectors whose first frame counted fewer ballots than the room had acknowledged before reconnecting',
      result: String(behind),
      target: '0',
      met: behind === 0,
    },
    {
      measure: `Failover: the restarted instance's share of ballots from fail_timeout (10 s) after it was back (down ${downSeconds.toFixed(1)} s)`,
      result: `${f.afterOnRestarted} / ${f.after} = ${pct(f.afterOnRestarted, f.after)}`,
      target: '≈ 33 %',
      met: f.after > 0 && f.afterOnRestarted / f.after >= 0.2,
    },
  ];
}
