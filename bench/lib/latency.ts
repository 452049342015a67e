/** Latency histograms of the fan-out: 1 ms buckets up to 10 s, then one overflow bucket, so
 *  client processes can add theirs up exactly. */
export const HIST_MS = 10_000;

export function emptyHistogram(): number[] {
  return new Array<number>(HIST_MS + 1).fill(0);
}

/** The smallest ms below which a share `p` of the samples fall. */
export function percentile(hist: number[], p: number): number {
  const total = hist.reduce((s, n) => s + n, 0);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= total * p) return ms;
  }
  return HIST_MS;
}

/** Runs `work` in this process and measures its wall time and the longest gap a 1 ms timer saw
 *  meanwhile: how long the event loop was held in one piece. */
export async function eventLoopBlock(work: () => Promise<unknown>): Promise<{
  wall: number;
  block: number;
}> {
  let last = performance.now();
  let block = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    block = Math.max(block, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  block = Math.max(block, performance.now() - last);
  return { wall: performance.now() - started, block };
}
