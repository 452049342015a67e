import autocannon from 'autocannon';

export interface LoadResult {
  /** Completed 2xx responses per second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

export interface LoadOptions {
  /** One or more instances; connections and requests are split evenly between them. */
  urls: string[];
  connections: number;
  /** A fixed number of requests (all answered before the run ends), or a duration. */
  amount?: number;
  seconds?: number;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (a participant cookie per ballot). */
  vary?: () => { headers?: Record<string, string>; body?: string };
}

function once(url: string, connections: number, amount: number | undefined, o: LoadOptions) {
  const base = { method: o.method, path: o.path, headers: o.headers ?? {}, body: o.body };
  const vary = o.vary;
  return autocannon({
    url,
    connections,
    ...(amount !== undefined ? { amount } : { duration: o.seconds ?? 10 }),
    timeout: 30,
    // autocannon ends a fixed-amount run only at its next sample tick (default every 1,000 ms):
    // a 5 s run's time was rounded up by as much as a second, the ratios by as much as 20 %
    // (issue 29). At 100 ms the rounding is at most 0.1 s.
    sampleInt: 100,
    requests: [
      vary
        ? {
            ...base,
            setupRequest: (request: autocannon.Request) => {
              const v = vary();
              return {
                ...request,
                headers: { ...base.headers, ...v.headers },
                ...(v.body !== undefined && { body: v.body }),
              };
            },
          }
        : base,
    ],
  });
}

/** Runs autocannon against every URL at once and adds the results up. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const n = o.urls.length;
  const started = performance.now();
  const results = await Promise.all(
    o.urls.map((url, i) => {
      const connections = Math.floor(o.connections / n) + (i < o.connections % n ? 1 : 0);
      const amount =
        o.amount === undefined ? undefined : Math.floor(o.amount / n) + (i < o.amount % n ? 1 : 0);
      return once(url, connections, amount, o);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = results.reduce((s, r) => s + r['2xx'], 0);
  const weight = (pick: (r: autocannon.Result) => number) =>
    // Two instances: a request-weighted mean of their percentiles, an approximation.
    results.reduce((s, r) => s + pick(r) * r['2xx'], 0) / Math.max(ok, 1);
  return {
    rps: ok / seconds,
    p50: weight((r) => r.latency.p50),
    p99: weight((r) => r.latency.p99),
    ok,
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
    seconds,
  };
}

/** Loads run side by side (each instance on its own poll, bench/scale.ts's `N-apart`) as one:
 *  their ballots over the longest one's time. */
export function combineLoads(results: LoadResult[]): LoadResult {
  const ok = results.reduce((s, r) => s + r.ok, 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  const weight = (pick: (r: LoadResult) => number) =>
    results.reduce((s, r) => s + pick(r) * r.ok, 0) / Math.max(ok, 1);
  return {
    rps: ok / seconds,
    p50: weight((r) => r.p50),
    p99: weight((r) => r.p99),
    ok,
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
    seconds,
  };
}
