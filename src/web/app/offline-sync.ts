/**
 * The app's sender of the offline queue (lib/offline-sync.ts) and when it runs: at start, when the
 * browser comes back online (again after 1, 3 and 6 s while the server cannot be reached yet:
 * lib/online-retry.ts), when a user signs in, every 30 s while something waits and the browser
 * believes it is online (a save that failed on a flaky network), and on demand from the header's
 * "Pendentes (N)" panel.
 */
import type { Experiment } from '../../shared/experiment.js';
import { toast } from '../components/ui/toast.js';
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

let started = false;

/** Starts the triggers once (main.tsx). */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void runWhenOnline());
  let signedIn = session.get().user !== null;
  session.subscribe(() => {
    const now = session.get().user !== null;
    if (now && !signedIn) run();
    signedIn = now;
  });
  setInterval(() => {
    const user = session.get().user?.id;
    if (navigator.onLine && offlineQueue.snapshot().some((i) => i.status === 'pendente' && belongsTo(i, user))) run();
  }, RETRY_EVERY_MS);
  // Subscribing loads the stored items (so the interval sees them) before the first run.
  offlineQueue.subscribe(() => undefined);
  run();
}
