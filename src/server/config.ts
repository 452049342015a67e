import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type RateLimitSettings, readLimits } from './limits.ts';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl?: string;
  /** Pub/sub channel of the instances that share changes; deployments on one Redis differ. */
  redisChannel?: string;
  /** Origin of participation links and QR codes, without a trailing slash. */
  publicUrl?: string;
  /** Rate buckets and caps (limits.ts), RATE_LIMITS=off turning the buckets off. */
  rateLimits: RateLimitSettings;
  /** Fastify's trustProxy: whom to believe about the client's address and protocol. */
  trustProxy: TrustProxy;
  /** Signs participant ids and keys source hashes; default: a key kept in the database. */
  secretKey?: string;
  /** Origins that may frame /embed/{slug} (EMBED_ORIGINS); none: only this origin may. */
  embedOrigins: string[];
}

/** false (default), true (any proxy), a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable counts as unset, as `FOO= npm start` means "no FOO". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const EnvSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535'),
  ),
  HOST: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')),
  REDIS_CHANNEL: optional(
    z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, 'must be letters, digits and : . _ - only'),
  ),
  PUBLIC_URL: optional(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  ),
  // Shared by every instance like the stored key it replaces; short keys are guessable.
  SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  TRUST_PROXY: optional(z.string().transform(parseTrustProxy)),
  EMBED_ORIGINS: optional(z.string().transform(parseEmbedOrigins)),
});

/**
 * EMBED_ORIGINS: a comma list of origins (`https://slides.example.org`), each scheme and host
 * (and port) only, as CSP's frame-ancestors takes them: a path, a wildcard or a quote would
 * either be ignored by browsers or open framing wider than meant.
 */
export function parseEmbedOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of value.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const web = url && (url.protocol === 'http:' || url.protocol === 'https:');
    // Browsers read `*.` in frame-ancestors as every subdomain: name the sites one by one.
    const bare = web && !url?.hostname.includes('*') && url?.origin;
    if (!bare || entry.replace(/\/$/, '') !== bare) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an origin like https://slides.example.org (scheme and host, no path)`,
      });
      return [];
    }
    origins.push(bare);
  }
  return origins;
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `true`/`false`, a number of proxy hops in front of the server, or a comma list
 * of the proxies' addresses or CIDRs (and proxy-addr's `loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (RANGE_NAMES.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || extra !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not true, false, a hop count, an address, a CIDR or loopback/linklocal/uniquelocal`,
      });
      return false;
    }
  }
  return entries;
}

/** A SQLite path (optionally `file:`-prefixed), `:memory:`, or a PostgreSQL URL. */
export function parseDatabaseUrl(value: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', url: value };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !value.startsWith('file:')) {
    throw new ConfigError(
      `DATABASE_URL: unsupported scheme in "${redact(value)}" (use a SQLite file path, :memory: or postgres://…)`,
    );
  }
  let file = value;
  if (file.startsWith('file://')) file = fileURLToPath(file);
  else if (file.startsWith('file:')) file = file.slice('file:'.length);
  if (file === '') throw new ConfigError('DATABASE_URL: the SQLite file path is empty');
  return { kind: 'sqlite', file };
}

/** Hides a password in a URL before it goes into a message or a log. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** Reads and checks the environment; throws ConfigError with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const limits = readLimits(env);
  const lines = (parsed.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  lines.push(...limits.errors);
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? '0.0.0.0',
    database: parseDatabaseUrl(e.DATABASE_URL ?? './data/sondeo.db'),
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    rateLimits: limits.settings,
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY ?? false,
    embedOrigins: e.EMBED_ORIGINS ?? [],
  };
}
