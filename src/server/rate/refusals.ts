/**
 * Ballots the limits refused, counted per poll for the host's integrity view. In memory they are
 * this instance's only and start again at 0 with the process; with Redis every instance adds to
 * one count that lasts a month.
 */
export interface RefusalLog {
  add(slug: string): void;
  count(slug: string): Promise<number>;
}

/** At most `maxPolls` polls remembered; past it the least recently refused one is forgotten. */
export function memoryRefusals(maxPolls: number): RefusalLog {
  const counts = new Map<string, number>();
  return {
    add(slug) {
      const n = (counts.get(slug) ?? 0) + 1;
      counts.delete(slug);
      counts.set(slug, n);
      if (counts.size > maxPolls) counts.delete(counts.keys().next().value!);
    },
    async count(slug) {
      return counts.get(slug) ?? 0;
    },
  };
}

const MONTH_S = 30 * 24 * 60 * 60;

export interface CounterClient {
  incr(key: string): Promise<unknown>;
  expire(key: string, seconds: number): Promise<unknown>;
  get(key: string): Promise<string | null>;
}

export function redisRefusals(
  redis: CounterClient,
  prefix: string,
  onError: (error: unknown) => void,
): RefusalLog {
  return {
    add(slug) {
      const key = `${prefix}${slug}`;
      // Not awaited: the refusal is answered at once; a lost increment only undercounts.
      redis
        .incr(key)
        .then(() => redis.expire(key, MONTH_S))
        .catch(onError);
    },
    async count(slug) {
      try {
        return Number((await redis.get(`${prefix}${slug}`)) ?? 0);
      } catch (error) {
        onError(error);
        return 0;
      }
    },
  };
}
