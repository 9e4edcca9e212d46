import { describe, expect, it } from 'vitest';
import { FETCHED_AT_HEADER } from '../sw/routes.js';
import { createOfflineStore, offlineBannerText } from './offline.js';

function setup(online = true) {
  let isOnline = online;
  const handlers: Record<string, () => void> = {};
  const store = createOfflineStore({ isOnline: () => isOnline, listen: (event, fn) => (handlers[event] = fn) });
  const go = (value: boolean) => {
    isOnline = value;
    handlers[value ? 'online' : 'offline']?.();
  };
  return { store, go };
}

const cached = (iso: string) => new Headers({ [FETCHED_AT_HEADER]: iso });

describe('offline store', () => {
  it('follows the device and keeps the oldest date of the data served from the cache', () => {
    const { store, go } = setup();
    expect(store.get()).toEqual({ offline: false, dataAt: null });
    go(false);
    expect(store.get().offline).toBe(true);
    store.reportResponse(cached('2026-11-24T12:05:00Z'));
    store.reportResponse(cached('2026-11-24T11:00:00Z'));
    store.reportResponse(cached('2026-11-24T12:30:00Z'));
    expect(store.get()).toEqual({ offline: true, dataAt: Date.parse('2026-11-24T11:00:00Z') });
    go(true);
    expect(store.get()).toEqual({ offline: false, dataAt: null });
  });

  it('a request that finds no server or a cached answer while "online" means offline; a fresh answer ends it', () => {
    const { store } = setup();
    store.reportNetworkError();
    expect(store.get().offline).toBe(true);
    store.reportResponse(new Headers());
    expect(store.get().offline).toBe(false);
    store.reportResponse(cached('2026-11-24T12:05:00Z'));
    expect(store.get().offline).toBe(true);
  });

  it('a cached reference list means offline but does not date the data', () => {
    const { store } = setup();
    store.reportResponse(cached('2026-11-20T08:00:00Z'), 'http://x/api/lookups/marcas');
    expect(store.get()).toEqual({ offline: true, dataAt: null });
    store.reportResponse(cached('2026-11-24T12:05:00Z'), 'http://x/api/dashboard?cultura=Soja');
    expect(store.get()).toEqual({ offline: true, dataAt: Date.parse('2026-11-24T12:05:00Z') });
  });

  it('notifies only on a change', () => {
    const { store } = setup();
    let calls = 0;
    store.subscribe(() => calls++);
    store.reportResponse(new Headers());
    expect(calls).toBe(0);
    store.reportNetworkError();
    store.reportNetworkError();
    expect(calls).toBe(1);
  });
});

describe('offline banner', () => {
  it('says when the data were fetched, in local time', () => {
    const at = new Date(2026, 10, 4, 9, 5).getTime();
    expect(offlineBannerText(at)).toBe('Sem conexão — dados de 04/11 09:05');
    expect(offlineBannerText(null)).toBe('Sem conexão');
  });
});
