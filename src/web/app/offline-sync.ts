/**
 * The app's sender of the offline queue (lib/offline-sync.ts) and when it runs: at start, when the
 * browser comes back online (again after 1, 3 and 6 s while the server cannot be reached yet:
 * lib/online-retry.ts), when a user signs in, every 30 s while something waits and the browser
 * believes it is online (a save that failed on a flaky network), and on demand from the header's
 * "Pendentes (N)" panel.
 */
import type { Experiment } from '../../shared/experiment.js';
import { toast } from '../components/ui/toast.js';
import { type ColetaSyncResult, coletaSync, refreshAfterColeta } from '../features/field-collection/index.js';
import { api, session } from '../lib/api.js';
import { belongsTo, offlineQueue } from '../lib/offline-queue.js';
import { type SyncResult, createSync, itemForm } from '../lib/offline-sync.js';
import { retryAfterOnline } from '../lib/online-retry.js';
import { afterExperimentWrite } from '../lib/query-keys.js';
import { queryClient } from './query-client.js';

/** A queued PDF goes up on a field connection: as long as the form's own upload may take. */
const SEND_TIMEOUT_MS = 5 * 60_000;
const RETRY_EVERY_MS = 30_000;

export const offlineSync = createSync({
  queue: offlineQueue,
  send: (item) =>
    api
      .request<{ experiment: Experiment }>('/api/experiments', {
        method: 'POST',
        body: itemForm(item),
        headers: { 'Idempotency-Key': item.id },
        timeoutMs: SEND_TIMEOUT_MS,
      })
      .then((r) => r.experiment),
  onSent: (experiment) => afterExperimentWrite(queryClient, { kind: 'create', experiment }),
  currentUser: () => (session.get().token ? (session.get().user?.id ?? null) : null),
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
});

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** What a run did, said once: sent items and refused ones (quiet when nothing happened). */
export function announce({ enviados, recusados }: SyncResult): void {
  if (enviados) toast.success(`${enviados} ${plural(enviados, 'experimento pendente enviado', 'experimentos pendentes enviados')}.`);
  if (recusados) {
    toast.error(
      `${recusados} ${plural(recusados, 'experimento pendente foi recusado', 'experimentos pendentes foram recusados')} pelo servidor: abra "Pendentes" para corrigir.`,
    );
  }
}

const run = () => {
  offlineSync
    .syncNow()
    .then(announce)
    .catch(() => undefined);
};

/** A run when the connection returns, tried again shortly while the server cannot be reached yet. */
export function runWhenOnline(
  sync: () => Promise<SyncResult> = () => offlineSync.syncNow(),
  wait?: (ms: number) => Promise<void>,
): Promise<void> {
  return retryAfterOnline(async () => {
    const result = await sync();
    announce(result);
    return result.stop !== 'sem-conexao';
  }, wait);
}

/**
 * The field collection's values (features/field-collection) go from any page: at start, on sign-in
 * and when the connection returns; the collection page also sends them itself while it is open.
 * Conflicts found meanwhile wait on the device for the user's choice on that page.
 */
export async function sendColeta(send: () => Promise<ColetaSyncResult> = () => coletaSync.sendNow()): Promise<boolean> {
  const result = await send();
  await refreshAfterColeta(queryClient, result);
  // On the collection page itself the conflicts are shown in the page.
  if (result.conflitos.length && !window.location.pathname.endsWith('/coleta')) {
    const n = result.conflitos.length;
    toast.error(
      `${n} ${plural(n, 'valor da coleta mudou', 'valores da coleta mudaram')} no servidor: abra a coleta do experimento para escolher qual fica.`,
    );
  }
  return result.stop !== 'sem-conexao';
}

let started = false;

/** Starts the triggers once (main.tsx). */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void runWhenOnline());
  window.addEventListener('online', () => void retryAfterOnline(() => sendColeta()));
  let signedIn = session.get().user !== null;
  session.subscribe(() => {
    const now = session.get().user !== null;
    if (now && !signedIn) {
      run();
      void sendColeta().catch(() => undefined);
    }
    signedIn = now;
  });
  setInterval(() => {
    const user = session.get().user?.id;
    if (navigator.onLine && offlineQueue.snapshot().some((i) => i.status === 'pendente' && belongsTo(i, user))) run();
  }, RETRY_EVERY_MS);
  // Subscribing loads the stored items (so the interval sees them) before the first run.
  offlineQueue.subscribe(() => undefined);
  run();
  void sendColeta().catch(() => undefined);
}
