/**
 * Tells a database that cannot answer right now (down, restarting, out of connections, locked
 * for too long) from a bug. Only the store knows its drivers' errors, so the test lives here and
 * the HTTP layer asks it.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
// PostgreSQL SQLSTATEs: 08xxx connection exceptions; 57P01–57P03 shutdown or not accepting yet;
// 53300 too many connections.
const PG_UNAVAILABLE = /^(08\d{3}|57P0[123]|53300)$/;
const SQLITE_UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
// node-postgres reports a pool that could not hand out a connection in time only by message.
const PG_POOL_TIMEOUT = /timeout exceeded when trying to connect|Connection terminated/i;

export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.has(code)) {
      return true;
    }
  }
  return PG_POOL_TIMEOUT.test(error.message);
}
