/**
 * Experiments saved without a connection, kept on the device until they are sent:
 * IndexedDB database "gestao-agricola-offline", store "pendentes", one item per experiment with
 * its PDF as a Blob, so a closed tab or phone loses nothing. Each item's id is also the
 * Idempotency-Key it is sent with (docs/api.md). The storage is an interface: the app uses
 * IndexedDB (written by hand, no dependency), tests an in-memory map. Other tabs hear of changes
 * through a BroadcastChannel and reload their list.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ExperimentData } from '../../shared/experiment.js';
import { type Channel, idbDatabase, memoryTable, storedList } from './idb.js';

export type PendingStatus = 'pendente' | 'enviando' | 'recusado';

export interface PendingItem {
  /** A UUID, also the Idempotency-Key of its create. */
  id: string;
  /** ISO time it was queued: items are sent oldest first. */
  createdAt: string;
  /** The experiment as the form sends it (the `data` field of POST /api/experiments). */
  data: ExperimentData;
  pdf: { blob: Blob; filename: string } | null;
  status: PendingStatus;
  /** Who saved it: on a shared device, another account's items are neither listed nor sent. */
  userId?: string;
  /** Why the server refused it (status 'recusado'): its message and its field messages. */
  erro?: { message: string; fields?: Record<string, string> };
}

/** Where items live: IndexedDB in the browser, a Map in tests. */
export interface QueueStorage {
  all(): Promise<PendingItem[]>;
  get(id: string): Promise<PendingItem | undefined>;
  put(item: PendingItem): Promise<void>;
  delete(id: string): Promise<void>;
}

export const OFFLINE_DB = 'gestao-agricola-offline';
export const PENDING_STORE = 'pendentes';

export function memoryStorage(): QueueStorage {
  return memoryTable<PendingItem>((item) => item.id);
}

export function indexedDbStorage(factory: IDBFactory = indexedDB): QueueStorage {
  return idbDatabase(factory, OFFLINE_DB, { [PENDING_STORE]: 'id' })<PendingItem>(PENDING_STORE);
}

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts (not on plain http over a LAN). */
export function newItemId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const byAge = (a: PendingItem, b: PendingItem) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function createOfflineQueue(storage: QueueStorage, channel: Channel | null = null) {
  const { snapshot, subscribe, reload, changed } = storedList(async () => (await storage.all()).sort(byAge), channel);

  return {
    /** The items as last read, oldest first (a stable array for useSyncExternalStore). */
    snapshot,
    subscribe,
    /** Reads the stored items again (another tab may have changed them). */
    list: reload,
    get: (id: string) => storage.get(id),
    /** Keeps an experiment and its PDF on the device; resolves once it is stored. */
    async add(input: {
      id?: string;
      data: ExperimentData;
      pdf: { blob: Blob; filename: string } | null;
      userId?: string | undefined;
    }): Promise<PendingItem> {
      const item: PendingItem = {
        id: input.id ?? newItemId(),
        createdAt: new Date().toISOString(),
        data: input.data,
        pdf: input.pdf,
        status: 'pendente',
        ...(input.userId ? { userId: input.userId } : {}),
      };
      await storage.put(item);
      await changed();
      return item;
    },
    /** Changes a stored item (its status, its error, corrected data); nothing when it is gone. */
    async update(id: string, patch: Partial<Omit<PendingItem, 'id' | 'createdAt'>>): Promise<PendingItem | undefined> {
      const current = await storage.get(id);
      if (!current) return undefined;
      const next: PendingItem = { ...current, ...patch };
      if (next.status !== 'recusado') delete next.erro;
      await storage.put(next);
      await changed();
      return next;
    },
    async remove(id: string): Promise<void> {
      await storage.delete(id);
      await changed();
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

// Only in a page: Node (unit tests) has a BroadcastChannel too, and an open one keeps it running.
const channel = typeof window !== 'undefined' && typeof BroadcastChannel === 'function' ? new BroadcastChannel(OFFLINE_DB) : null;

/** The app's queue: IndexedDB where the browser has it (not in unit tests, which use memory). */
export const offlineQueue = createOfflineQueue(typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(), channel);

/** Whether `userId` may see and send an item (items saved before accounts were recorded: anyone signed in). */
export const belongsTo = (item: PendingItem, userId: string | null | undefined) => !item.userId || item.userId === userId;

/** The pending experiments of `userId`, oldest first, kept current (this tab's and other tabs' changes). */
export function usePendentes(userId: string | null | undefined, queue: OfflineQueue = offlineQueue): PendingItem[] {
  const all = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const items = useMemo(() => all.filter((i) => belongsTo(i, userId)), [all, userId]);
  // Items another tab queued before this one subscribed: read again when the page is shown.
  useEffect(() => {
    const onShow = () => document.visibilityState === 'visible' && void queue.list().catch(() => undefined);
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [queue]);
  return items;
}
