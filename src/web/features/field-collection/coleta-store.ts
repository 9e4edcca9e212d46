/**
 * Plot values typed in the field, kept on the device until the server has them: IndexedDB database
 * "gestao-agricola-coleta" (apart from the experiment queue's "gestao-agricola-offline"), store
 * "valores" (one per user + experiment + assessment + plot, with `anterior`: what the device showed
 * before the first keystroke) and store "lotes" (a batch being sent: its id is the Idempotency-Key,
 * kept until the server's answer has been applied, so a retry after a lost answer is the same
 * request). The storage is an interface: IndexedDB in the browser, a Map in tests. Other tabs hear
 * of changes through a BroadcastChannel.
 */
import type { ColetaRequest, ColetaResponse, ConflitoColeta, ValorColeta } from '../../../shared/field-plan.js';
import { type Channel, idbDatabase, type IdbTable, memoryTable, storedList } from '../../lib/idb.js';
import { newItemId } from '../../lib/offline-queue.js';

export type ValorStatus = 'pendente' | 'conflito' | 'recusado';

export interface ValorLocal {
  /** `${userId}|${experimentId}|${avaliacao}|${numero}` */
  key: string;
  userId: string;
  experimentId: number;
  avaliacao: string;
  numero: number;
  valor: number | null;
  /** The value the device showed for the plot before it was first edited (null: empty). */
  anterior: number | null;
  status: ValorStatus;
  /** With status 'conflito': what the server holds. */
  servidor?: number | null;
  /** With status 'recusado': the server's message. */
  erro?: string;
  updatedAt: string;
}

/** A request being sent: stored before the first try, removed once its answer is applied. */
export interface Lote {
  /** A UUID, the request's Idempotency-Key. */
  id: string;
  /** `${userId}|${experimentId}|${avaliacao}` */
  scope: string;
  userId: string;
  experimentId: number;
  body: ColetaRequest;
  createdAt: string;
}

export interface ColetaStorage {
  valores: IdbTable<ValorLocal>;
  lotes: IdbTable<Lote>;
}

export const COLETA_DB = 'gestao-agricola-coleta';
const VALORES = 'valores';
const LOTES = 'lotes';

export const valorKey = (userId: string, experimentId: number, avaliacao: string, numero: number) =>
  `${userId}|${experimentId}|${avaliacao}|${numero}`;
export const scopeKey = (userId: string, experimentId: number, avaliacao: string) => `${userId}|${experimentId}|${avaliacao}`;
const scopeOf = (v: ValorLocal) => scopeKey(v.userId, v.experimentId, v.avaliacao);

export function memoryColetaStorage(): ColetaStorage {
  return { valores: memoryTable((v) => v.key), lotes: memoryTable((l) => l.id) };
}

export function indexedDbColetaStorage(factory: IDBFactory = indexedDB): ColetaStorage {
  const table = idbDatabase(factory, COLETA_DB, { [VALORES]: 'key', [LOTES]: 'id' });
  return { valores: table<ValorLocal>(VALORES), lotes: table<Lote>(LOTES) };
}

export interface EditInput {
  userId: string;
  experimentId: number;
  avaliacao: string;
  numero: number;
  valor: number | null;
  /** What the page showed for the plot before this edit (the server's value, or the local one). */
  mostrado: number | null;
}

export function createColetaStore(storage: ColetaStorage, channel: Channel | null = null, now: () => Date = () => new Date()) {
  // Writes one after another: an edit typed while a batch's answer is applied is never lost.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => undefined);
    return next;
  };

  const { snapshot, subscribe, reload, changed } = storedList(
    async () => (await storage.valores.all()).sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true })),
    channel,
  );

  return {
    /** Every stored value as last read (a stable array for useSyncExternalStore). */
    snapshot,
    subscribe,
    list: reload,

    /**
     * Keeps a typed value at once. The first edit of a plot records `anterior`; typing back what
     * the server had drops the entry (nothing to send). A value in conflict stays in conflict.
     */
    edit: (input: EditInput) =>
      serial(async () => {
        const key = valorKey(input.userId, input.experimentId, input.avaliacao, input.numero);
        const current = await storage.valores.get(key);
        const base: ValorLocal = current ?? {
          key,
          userId: input.userId,
          experimentId: input.experimentId,
          avaliacao: input.avaliacao,
          numero: input.numero,
          valor: input.valor,
          anterior: input.mostrado,
          status: 'pendente',
          updatedAt: now().toISOString(),
        };
        const next: ValorLocal = { ...base, valor: input.valor, updatedAt: now().toISOString() };
        if (next.status === 'recusado') {
          next.status = 'pendente';
          delete next.erro;
        }
        if (next.status === 'pendente' && next.valor === next.anterior && !(await inFlight(key))) await storage.valores.delete(key);
        else await storage.valores.put(next);
        await changed();
      }),

    /**
     * The request to send for one experiment and assessment: the stored batch when one was not
     * acknowledged (same Idempotency-Key, same body), else a new one of the pending values (stored
     * before it is sent); null when there is nothing to send.
     */
    nextBatch: (userId: string, experimentId: number, avaliacao: string) =>
      serial(async (): Promise<Lote | null> => {
        const scope = scopeKey(userId, experimentId, avaliacao);
        const stored = (await storage.lotes.all()).filter((l) => l.scope === scope).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        if (stored[0]) return stored[0];
        const valoresLote: ValorColeta[] = (await storage.valores.all())
          .filter((v) => scopeOf(v) === scope && v.status === 'pendente')
          .sort((a, b) => a.numero - b.numero)
          .map((v) => ({ numero: v.numero, valor: v.valor, anterior: v.anterior }));
        if (!valoresLote.length) return null;
        const lote: Lote = {
          id: newItemId(),
          scope,
          userId,
          experimentId,
          body: { avaliacao, valores: valoresLote },
          createdAt: now().toISOString(),
        };
        await storage.lotes.put(lote);
        return lote;
      }),

    /**
     * Applies the server's answer to a batch: a written plot leaves the device (or, when typed
     * again meanwhile, stays pending with `anterior` = what was written); a conflict is kept with
     * the server's value beside it, never overwritten. The batch is then forgotten.
     */
    acknowledge: (lote: Lote, answer: ColetaResponse) =>
      serial(async (): Promise<ConflitoColeta[]> => {
        const conflitos = new Map(answer.conflitos.map((c) => [c.numero, c]));
        for (const sent of lote.body.valores) {
          const key = valorKey(lote.userId, lote.experimentId, lote.body.avaliacao, sent.numero);
          const current = await storage.valores.get(key);
          const conflito = conflitos.get(sent.numero);
          if (conflito) {
            // The value kept is the one on the device now (it may have been typed again since).
            const local: ValorLocal = current ?? {
              key,
              userId: lote.userId,
              experimentId: lote.experimentId,
              avaliacao: lote.body.avaliacao,
              numero: sent.numero,
              valor: sent.valor,
              anterior: sent.anterior,
              status: 'conflito',
              updatedAt: now().toISOString(),
            };
            await storage.valores.put({ ...local, status: 'conflito', servidor: conflito.valor_servidor });
          } else if (current && current.status === 'pendente') {
            if (current.valor === sent.valor) await storage.valores.delete(key);
            else await storage.valores.put({ ...current, anterior: sent.valor });
          }
        }
        await storage.lotes.delete(lote.id);
        await changed();
        return answer.conflitos;
      }),

    /** The server refused the batch (invalid values): its plots wait, with the message, for a correction. */
    refuse: (lote: Lote, message: string) =>
      serial(async () => {
        for (const sent of lote.body.valores) {
          const key = valorKey(lote.userId, lote.experimentId, lote.body.avaliacao, sent.numero);
          const current = await storage.valores.get(key);
          if (current && current.status === 'pendente') await storage.valores.put({ ...current, status: 'recusado', erro: message });
        }
        await storage.lotes.delete(lote.id);
        await changed();
      }),

    /** "Manter o do servidor": the device's value is dropped. */
    keepServer: (key: string) =>
      serial(async () => {
        await storage.valores.delete(key);
        await changed();
      }),

    /** "Usar o meu": sent again, this time over the value the server holds. */
    useMine: (key: string) =>
      serial(async () => {
        const current = await storage.valores.get(key);
        if (!current || current.status !== 'conflito') return;
        const next: ValorLocal = { ...current, status: 'pendente', anterior: current.servidor ?? null, updatedAt: now().toISOString() };
        delete next.servidor;
        await storage.valores.put(next);
        await changed();
      }),

    /** What "Sair" deletes: every value and batch of `userId` on this device. */
    removeUser: (userId: string) =>
      serial(async () => {
        for (const v of await storage.valores.all()) if (v.userId === userId) await storage.valores.delete(v.key);
        for (const l of await storage.lotes.all()) if (l.userId === userId) await storage.lotes.delete(l.id);
        await changed();
      }),

    /** Every (experiment, assessment) of `userId` with something to send: pending values or a batch not acknowledged. */
    async scopes(userId: string): Promise<Array<{ experimentId: number; avaliacao: string }>> {
      const found = new Map<string, { experimentId: number; avaliacao: string }>();
      for (const l of await storage.lotes.all())
        if (l.userId === userId) found.set(l.scope, { experimentId: l.experimentId, avaliacao: l.body.avaliacao });
      for (const v of await storage.valores.all())
        if (v.userId === userId && v.status === 'pendente') found.set(scopeOf(v), { experimentId: v.experimentId, avaliacao: v.avaliacao });
      return [...found.values()];
    },
  };

  /** Whether a batch not yet acknowledged carries this plot (its entry must stay until the answer). */
  async function inFlight(key: string): Promise<boolean> {
    return (await storage.lotes.all()).some((l) =>
      l.body.valores.some((v) => valorKey(l.userId, l.experimentId, l.body.avaliacao, v.numero) === key),
    );
  }
}

export type ColetaStore = ReturnType<typeof createColetaStore>;

/** The question "Sair" asks when plot values of the user are still on the device. */
export function coletaUnsentMessage(n: number): string {
  return n === 1
    ? '1 valor de coleta não enviado será apagado deste aparelho'
    : `${n} valores de coleta não enviados serão apagados deste aparelho`;
}

// Only in a page: Node (unit tests) has a BroadcastChannel too, and an open one keeps it running.
const channel = typeof window !== 'undefined' && typeof BroadcastChannel === 'function' ? new BroadcastChannel(COLETA_DB) : null;

/** The app's store: IndexedDB where the browser has it (memory in unit tests). */
export const coletaStore = createColetaStore(typeof indexedDB === 'undefined' ? memoryColetaStorage() : indexedDbColetaStorage(), channel);
