/**
 * Sends the offline queue: oldest first, one at a time, each with its id as the
 * Idempotency-Key, so an item whose answer was lost is answered again instead of created twice.
 * Runs when the connection returns, when the app starts or the user signs in, and on demand.
 * One sender across tabs: a Web Lock where the browser has it (the key makes a double send
 * harmless anyway). An expired session is renewed by the API client's refresh; when that fails
 * the client signs the user out and the queue waits, untouched, for the next sign-in.
 */
import type { Experiment } from '../../shared/experiment.js';
import { ApiError } from './api-client.js';
import { type OfflineQueue, type PendingItem, belongsTo } from './offline-queue.js';

/** What ended a run early (nothing: every item was tried). */
export type SyncStop = 'sem-conexao' | 'sessao' | 'servidor' | null;

export interface SyncResult {
  enviados: number;
  recusados: number;
  stop: SyncStop;
}

export interface SyncDeps {
  queue: OfflineQueue;
  /** Sends one item (POST /api/experiments with `Idempotency-Key: item.id`). */
  send: (item: PendingItem) => Promise<Experiment>;
  /** After a successful send (the dashboard's queries are refreshed). */
  onSent?: (experiment: Experiment, item: PendingItem) => void | Promise<void>;
  /** The signed-in user's id (null: signed out, nothing is sent); only their items are sent. */
  currentUser: () => string | null;
  /** `navigator.locks` when present. */
  locks?: Pick<LockManager, 'request'> | undefined;
}

const LOCK_NAME = 'gestao-agricola-offline-sync';

/** A refusal the user must correct: the item waits as 'recusado' with the server's messages. */
function isRefusal(err: ApiError): boolean {
  return (err.status === 400 && !!err.fields && Object.keys(err.fields).length > 0) || [409, 413, 415, 422].includes(err.status);
}

export function createSync(deps: SyncDeps) {
  let running: Promise<SyncResult> | null = null;

  async function runOnce(): Promise<SyncResult> {
    const result: SyncResult = { enviados: 0, recusados: 0, stop: null };
    // Under the lock no other tab is sending: an item left 'enviando' was cut off (tab closed).
    for (const listed of await deps.queue.list()) {
      const user = deps.currentUser();
      if (!user) return { ...result, stop: 'sessao' };
      const item = await deps.queue.get(listed.id);
      if (!item || item.status === 'recusado' || !belongsTo(item, user)) continue;
      await deps.queue.update(item.id, { status: 'enviando' });
      try {
        const experiment = await deps.send(item);
        await deps.queue.remove(item.id);
        result.enviados++;
        await deps.onSent?.(experiment, item);
      } catch (err) {
        if (err instanceof ApiError && isRefusal(err)) {
          await deps.queue.update(item.id, {
            status: 'recusado',
            erro: { message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
          });
          result.recusados++;
          continue;
        }
        await deps.queue.update(item.id, { status: 'pendente' });
        // No connection, a session that could not be renewed, or the server failing: try later, in order.
        const stop: SyncStop = !(err instanceof ApiError) || err.isNetwork ? 'sem-conexao' : err.status === 401 ? 'sessao' : 'servidor';
        return { ...result, stop };
      }
    }
    return result;
  }

  /** Sends what is pending; a call while a run is under way joins it. */
  function syncNow(): Promise<SyncResult> {
    if (running) return running;
    const run = (async (): Promise<SyncResult> => {
      if (!deps.currentUser()) return { enviados: 0, recusados: 0, stop: 'sessao' };
      if (!deps.locks) return runOnce();
      return deps.locks.request(LOCK_NAME, { mode: 'exclusive' }, () => runOnce());
    })();
    // Cleared once settled, never from inside the run: a run that ends at once (signed out)
    // would clear it before it was set, and every later call would get that stale answer.
    running = run;
    const clear = () => {
      if (running === run) running = null;
    };
    run.then(clear, clear);
    return run;
  }

  return { syncNow };
}

export type OfflineSync = ReturnType<typeof createSync>;

/** The multipart body of an item, as the form would have sent it. */
export function itemForm(item: PendingItem): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(item.data));
  if (item.pdf) form.append('pdf', item.pdf.blob, item.pdf.filename);
  return form;
}
