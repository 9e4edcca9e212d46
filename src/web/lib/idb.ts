/**
 * IndexedDB written by hand (no dependency), for what the app keeps on the device until the server
 * has it: the offline queue of experiments (offline-queue.ts) and the plot values of the field
 * collection. One database, its stores created on first open; each store read and written whole.
 */

/** A store: every item, one by key, a write that resolves once its transaction has committed. */
export interface IdbTable<T> {
  all(): Promise<T[]>;
  get(key: IDBValidKey): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: IDBValidKey): Promise<void>;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

/** The database `name` (version 1) with these stores (name → key path); returns its tables by store name. */
export function idbDatabase(factory: IDBFactory, name: string, stores: Readonly<Record<string, string>>) {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const [store, keyPath] of Object.entries(stores)) {
          if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath });
        }
      };
      request.onsuccess = () => {
        // Another tab upgrading the database (a later version of the app) must not be blocked by us.
        request.result.onversionchange = () => {
          request.result.close();
          opened = null;
        };
        resolve(request.result);
      };
      request.onerror = () => {
        opened = null;
        reject(request.error ?? new Error('IndexedDB'));
      };
    }));
  return function table<T>(store: string): IdbTable<T> {
    const objectStore = async (mode: IDBTransactionMode) => (await open()).transaction(store, mode).objectStore(store);
    /** Resolves once the transaction has committed: a tab closed right after keeps the value. */
    const write = async (fn: (s: IDBObjectStore) => IDBRequest) => {
      const s = await objectStore('readwrite');
      await new Promise<void>((resolve, reject) => {
        const request = fn(s);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        s.transaction.oncomplete = () => resolve();
        s.transaction.onabort = () => reject(s.transaction.error ?? new Error('IndexedDB'));
      });
    };
    return {
      all: async () => done((await objectStore('readonly')).getAll() as IDBRequest<T[]>),
      get: async (key) => done((await objectStore('readonly')).get(key) as IDBRequest<T | undefined>),
      put: (value) => write((s) => s.put(value)),
      delete: (key) => write((s) => s.delete(key)),
    };
  };
}

/** A store kept in a Map (tests, and where IndexedDB is missing): `keyOf` is the store's key path. */
export function memoryTable<T>(keyOf: (value: T) => IDBValidKey): IdbTable<T> {
  const items = new Map<IDBValidKey, T>();
  return {
    all: async () => [...items.values()],
    get: async (key) => items.get(key),
    put: async (value) => void items.set(keyOf(value), value),
    delete: async (key) => void items.delete(key),
  };
}

/** How tabs tell each other a store changed (a BroadcastChannel in a page). */
export interface Channel {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * What a store holds, as the last read left it, for useSyncExternalStore: read on the first
 * subscription, again when another tab says it changed, and after each of our writes (`changed()`,
 * which also tells the other tabs). `snapshot()` is a stable array between reads.
 */
export function storedList<T>(read: () => Promise<T[]>, channel: Channel | null) {
  let items: T[] = [];
  let loaded: Promise<unknown> | null = null;
  const listeners = new Set<() => void>();
  const reload = async (): Promise<T[]> => {
    items = await read();
    listeners.forEach((l) => l());
    return items;
  };
  const changed = async () => {
    await reload();
    channel?.postMessage('changed');
  };
  if (channel) channel.onmessage = () => void reload();
  return {
    snapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      loaded ??= reload().catch(() => undefined);
      return () => void listeners.delete(listener);
    },
    reload,
    changed,
  };
}
