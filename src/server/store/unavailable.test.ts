import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it('recognises a database that cannot answer right now', () => {
    const codes = ['ECONNREFUSED', 'ECONNRESET', '08006', '57P01', '57P03', '53300', 'SQLITE_BUSY'];
    for (const code of codes) {
      expect(isStoreUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isStoreUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // node-postgres' words for a connection that died under a query or between two.
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isStoreUnavailable(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
  });

  it('leaves bugs and constraint violations alone', () => {
    for (const code of ['23505', '42P01', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ERR_SOMETHING']) {
      expect(isStoreUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isStoreUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isStoreUnavailable('ECONNREFUSED')).toBe(false);
  });
});
