import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from './errors.js';

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, by code or by message, also when a query error wraps it', () => {
    const wrap = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrap(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrap(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrap(wrap(new Error('timeout exceeded when trying to connect'))))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('isDiskFull', () => {
  it("recognises the file system's ENOSPC and PostgreSQL's disk_full, also wrapped by a query error", () => {
    const wrap = (cause: unknown) => Object.assign(new Error('Failed query: insert into import_drafts'), { cause });
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(
      isDiskFull(wrap(Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' }))),
    ).toBe(true);
    expect(isDiskFull(wrap(new Error('could not write to file "pg_wal/xlogtemp.1": No space left on device')))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDiskFull(new Error('boom'))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });
});
