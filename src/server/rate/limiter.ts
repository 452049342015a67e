import type { Limits, RateLimitSettings } from '../limits.ts';
import { type BucketSpec, memoryBuckets, type RateBuckets } from './buckets.ts';
import type { RefusalLog } from './refusals.ts';
import { memoryRefusals } from './refusals.ts';

/** The buckets of limits.ts: who they count and how fast they refill. */
export type BucketName =
  | 'ballot'
  | 'participant'
  | 'pollCreate'
  | 'pollEdit'
  | 'export'
  | 'integrity'
  | 'read'
  | 'qaAsk'
  | 'qaAskAddress'
  | 'qaVote'
  | 'nickname';

export function bucketSpecs(limits: Limits): Record<BucketName, BucketSpec> {
  return {
    ballot: { burst: limits.BALLOT_BURST, perSecond: limits.BALLOT_RATE_PER_S },
    participant: { burst: limits.PARTICIPANT_BURST, perSecond: limits.PARTICIPANT_RATE_PER_S },
    pollCreate: { burst: limits.POLL_CREATE_BURST, perSecond: limits.POLL_CREATE_PER_MIN / 60 },
    pollEdit: { burst: limits.POLL_EDIT_BURST, perSecond: limits.POLL_EDIT_PER_MIN / 60 },
    export: { burst: limits.EXPORT_BURST, perSecond: limits.EXPORT_PER_MIN / 60 },
    integrity: { burst: limits.INTEGRITY_BURST, perSecond: limits.INTEGRITY_PER_MIN / 60 },
    read: { burst: limits.READ_BURST, perSecond: limits.READ_RATE_PER_S },
    qaAsk: { burst: limits.QA_ASK_BURST, perSecond: limits.QA_ASK_PER_MIN / 60 },
    qaAskAddress: {
      burst: limits.QA_ASK_ADDRESS_BURST,
      perSecond: limits.QA_ASK_ADDRESS_PER_MIN / 60,
    },
    qaVote: { burst: limits.QA_VOTE_BURST, perSecond: limits.QA_VOTE_RATE_PER_S },
    nickname: { burst: limits.NICKNAME_BURST, perSecond: limits.NICKNAME_PER_MIN / 60 },
  };
}

const PREFIX: Record<BucketName, string> = {
  ballot: 'b:',
  participant: 'p:',
  pollCreate: 'c:',
  pollEdit: 'e:',
  export: 'x:',
  integrity: 'i:',
  read: 'r:',
  qaAsk: 'qa:',
  qaAskAddress: 'qaa:',
  qaVote: 'qv:',
  nickname: 'n:',
};

export interface Limiter {
  readonly settings: RateLimitSettings;
  /** Takes a token of the named bucket for `key`: 0 when allowed (always with RATE_LIMITS=off),
   *  else the seconds to wait. */
  take(name: BucketName, key: string): Promise<number>;
  /** Ballots refused by the limits, per poll, for the host's integrity view. */
  readonly refusals: RefusalLog;
  /** Whether buckets and refusals are shared by every instance (Redis). */
  readonly shared: boolean;
  close(): Promise<void>;
}

export function createLimiter(
  settings: RateLimitSettings,
  shared?: { buckets: RateBuckets; refusals: RefusalLog },
): Limiter {
  const specs = bucketSpecs(settings.limits);
  const buckets = shared?.buckets ?? memoryBuckets(settings.limits.RATE_BUCKET_KEYS_MAX);
  const refusals = shared?.refusals ?? memoryRefusals(settings.limits.REFUSAL_POLLS_MAX);
  return {
    settings,
    refusals,
    shared: shared !== undefined,
    async take(name, key) {
      if (!settings.enabled) return 0;
      return buckets.take(specs[name], PREFIX[name] + key);
    },
    async close() {
      await buckets.close();
    },
  };
}
