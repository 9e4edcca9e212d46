// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../lib/offline-sync.js';
import { ONLINE_RETRY_MS } from '../lib/online-retry.js';
import { runWhenOnline, sendColeta } from './offline-sync.js';

const result = (stop: SyncResult['stop'], enviados = 0): SyncResult => ({ enviados, recusados: 0, stop });

describe('runWhenOnline', () => {
  it('tries again after short pauses while the server cannot be reached yet, and stops once it is', async () => {
    const sync = vi
      .fn<() => Promise<SyncResult>>()
      .mockResolvedValueOnce(result('sem-conexao'))
      .mockResolvedValueOnce(result('sem-conexao'))
      .mockResolvedValueOnce(result(null, 1));
    const waits: number[] = [];
    await runWhenOnline(sync, async (ms) => void waits.push(ms));
    expect(sync).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([ONLINE_RETRY_MS[0], ONLINE_RETRY_MS[1]]);
  });

  it('gives up after the last pause, leaving the rest to the periodic run', async () => {
    const sync = vi.fn<() => Promise<SyncResult>>().mockResolvedValue(result('sem-conexao'));
    const waits: number[] = [];
    await runWhenOnline(sync, async (ms) => void waits.push(ms));
    expect(sync).toHaveBeenCalledTimes(1 + ONLINE_RETRY_MS.length);
    expect(waits).toEqual([...ONLINE_RETRY_MS]);
  });

  it('does not repeat a run the server answered, nor one stopped by the session', async () => {
    for (const stop of ['servidor', 'sessao', null] as const) {
      const sync = vi.fn<() => Promise<SyncResult>>().mockResolvedValue(result(stop));
      await runWhenOnline(sync, async () => undefined);
      expect(sync, String(stop)).toHaveBeenCalledTimes(1);
    }
  });
});

describe('sendColeta', () => {
  const coleta = (stop: 'sem-conexao' | null) => ({ gravados: 0, conflitos: [], experimentos: [], erro: null, stop });

  it('tells the online retry whether the server was reached', async () => {
    expect(await sendColeta(async () => coleta('sem-conexao'))).toBe(false);
    expect(await sendColeta(async () => coleta(null))).toBe(true);
  });
});
