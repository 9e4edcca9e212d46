import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, formatWait } from '../../../shared/imports.js';
import { ImportAllowance, QUOTA_WINDOW_MS } from './quota.js';

const MB = 1024 * 1024;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 10, 12);
const limits = { filesPerDay: 3, bytesPerDay: 10 * MB, storageBytes: 100 * MB, failedRetentionDays: 7 };

describe('ImportAllowance', () => {
  it('takes files while they fit, then names the limit and when it frees up', () => {
    // Two drafts sent 23 h and 20 h ago: the first frees up in 1 h, the second in 4 h.
    const a = new ImportAllowance(limits, {
      now: NOW,
      window: [
        { at: NOW - 23 * HOUR, size: 4 * MB },
        { at: NOW - 20 * HOUR, size: 4 * MB },
      ],
      held: 8 * MB,
    });
    expect(a.room()).toEqual({ files: 1, bytes: 2 * MB });
    // 3 MB more than fits the 10 MB a day: the first draft has to leave the window.
    expect(a.take(3 * MB)).toBe(IMPORT_MSG.quotaBytes(10, 'em 1 h'));
    // 7 MB: both have to.
    expect(a.refusal(7 * MB)).toBe(IMPORT_MSG.quotaBytes(10, 'em 4 h'));
    expect(a.take(MB)).toBeNull();
    // The third file of the day was the last: the oldest frees a place in 1 h.
    expect(a.take(1000)).toBe(IMPORT_MSG.quotaFiles(3, 'em 1 h'));
    expect(a.spent()).toEqual({ waitMs: HOUR });
    expect(a.room()).toEqual({ files: 0, bytes: MB });
  });

  it('refuses a file larger than the whole daily quota, and any file once the installation is full', () => {
    const a = new ImportAllowance({ ...limits, bytesPerDay: 2 * MB, storageBytes: 5 * MB }, { now: NOW, window: [], held: 4 * MB });
    expect(a.take(3 * MB)).toBe(IMPORT_MSG.quotaFileTooBig(2));
    expect(a.take(2 * MB)).toBe(IMPORT_MSG.storageFull);
    expect(a.storageFull()).toBe(false);
    expect(a.take(MB)).toBeNull();
    expect(a.storageFull()).toBe(true);
    expect(a.spent()).toBeNull();
  });

  it('writes waits in hours and minutes, at least a minute', () => {
    expect(formatWait(0)).toBe('em 1 min');
    expect(formatWait(59 * 60_000 + 1)).toBe('em 1 h');
    expect(formatWait(QUOTA_WINDOW_MS - 60_000)).toBe('em 23 h 59 min');
    expect(formatWait(3 * HOUR + 20 * 60_000)).toBe('em 3 h 20 min');
  });
});
