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
// node-postgres reports some failures only by message: a pool that could not hand out a
// connection in time, a connection that died under a query, and a query on a client whose
// connection had died between two queries.
const PG_POOL_TIMEOUT =
  /timeout exceeded when trying to connect|Connection terminated|not queryable/i;

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

/** PostgreSQL's class 22, data exceptions: the value sent, not the database, is wrong. */
const PG_DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/**
 * The SQLSTATE of a value the database refused (invalid byte sequence 22021, invalid text
 * representation 22P02, out of range 22003…), else undefined. Only node-postgres errors carry
 * one: they have a `severity` as well as the code.
 */
export function dataErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string' || typeof severity !== 'string') return undefined;
  return PG_DATA_EXCEPTION.test(code) ? code : undefined;
}
