import { describe, expect, it, vi } from 'vitest';
import { ONLINE_RETRY_MS, retryAfterOnline } from './online-retry.js';

describe('retryAfterOnline', () => {
  it('counts a rejected attempt as unreached and stops at the first that reaches the server', async () => {
    const attempt = vi.fn<() => Promise<boolean>>().mockRejectedValueOnce(new Error('rede')).mockResolvedValueOnce(true);
    const waits: number[] = [];
    await retryAfterOnline(attempt, async (ms) => void waits.push(ms));
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([ONLINE_RETRY_MS[0]]);
  });
});
