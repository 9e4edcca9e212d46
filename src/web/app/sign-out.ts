/**
 * "Sair" (header menu and profile page): signs out of this device at once, online or offline
 * (lib/sign-out.ts), after asking when the user's unsent experiments would be deleted; and the
 * server's part of past sign-outs, sent at start, when the connection returns and before a
 * sign-in.
 */
import { useNavigate } from 'react-router';
import { AUTH_MSG } from '../../shared/auth.js';
import { chooseDialog } from '../components/ui/confirm-dialog.js';
import { coletaStore, coletaSync, coletaUnsentMessage } from '../features/field-collection/index.js';
import { toast } from '../components/ui/toast.js';
import { session } from '../lib/api.js';
import { clearOfflineData } from '../lib/offline.js';
import { belongsTo, offlineQueue } from '../lib/offline-queue.js';
import { adoptDevice, createSignOut, fetchSignOut, unsentMessage } from '../lib/sign-out.js';
import { announce, offlineSync } from './offline-sync.js';
import { PENDING_MSG } from './pending-panel.js';
import { queryClient } from './query-client.js';

export const signOutFlow = createSignOut({
  storage: window.localStorage,
  session,
  queue: offlineQueue,
  clearCaches: async () => {
    queryClient.clear();
    await clearOfflineData(null);
  },
  send: fetchSignOut(),
  online: () => navigator.onLine,
});

export const SIGN_OUT_TEXT = {
  title: 'Sair deste aparelho?',
  confirm: 'Apagar e sair',
  sendFirst: 'Enviar antes de sair',
} as const;

/** The user's unsent experiments on this device (all of them, refused ones too). */
async function unsentOf(userId: string) {
  const items = await offlineQueue.list().catch(() => offlineQueue.snapshot());
  return items.filter((i) => belongsTo(i, userId));
}

/** The user's plot values of the field collection still on this device (pending, in conflict or refused). */
async function unsentValuesOf(userId: string) {
  const values = await coletaStore.list().catch(() => coletaStore.snapshot());
  return values.filter((v) => v.userId === userId);
}

/**
 * Asks first when experiments or collected plot values of the user are still on the device: cancel
 * (stay signed in), send them first (online, when some wait to be sent: signs out once none is
 * left, else says why and stays), or delete them and sign out.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    const user = session.get().user;
    if (user) {
      const unsent = await unsentOf(user.id);
      const values = await unsentValuesOf(user.id);
      if (unsent.length || values.length) {
        const canSend = navigator.onLine && (unsent.some((i) => i.status === 'pendente') || values.some((v) => v.status === 'pendente'));
        const choice = await chooseDialog({
          title: SIGN_OUT_TEXT.title,
          message: [unsent.length ? unsentMessage(unsent.length) : '', values.length ? coletaUnsentMessage(values.length) : '']
            .filter(Boolean)
            .join('. '),
          confirmLabel: SIGN_OUT_TEXT.confirm,
          tone: 'danger',
          ...(canSend ? { alternativeLabel: SIGN_OUT_TEXT.sendFirst } : {}),
        });
        if (choice === 'cancel') return;
        if (choice === 'alternative') {
          const result = await offlineSync.syncNow().catch(() => null);
          if (result) announce(result);
          const sent = await coletaSync.sendNow().catch(() => null);
          if ((await unsentOf(user.id)).length || (await unsentValuesOf(user.id)).length) {
            if (result?.stop === 'sem-conexao' || sent?.stop === 'sem-conexao') toast.error(PENDING_MSG.noConnection);
            else if (result?.stop === 'servidor' || sent?.stop === 'servidor') toast.error(PENDING_MSG.server);
            else if ((await unsentValuesOf(user.id)).length)
              toast.error('Há valores da coleta em conflito ou recusados: resolva-os na página da coleta.');
            return;
          }
        }
      }
    }
    await signOutFlow.signOut();
    if (user) await coletaStore.removeUser(user.id).catch(() => undefined);
    toast.success(AUTH_MSG.logoutSuccess);
    void navigate('/login', { replace: true });
  };
}

let started = false;

/** While a sign-out waits and the browser believes it is online (a connection that came back flaky). */
const RETRY_EVERY_MS = 30_000;

/**
 * Starts sending past sign-outs (main.tsx): now, when the connection returns, when someone signs
 * in, and every 30 s while one waits.
 */
export function startSignOutSync(): void {
  if (started) return;
  started = true;
  const flush = () => void signOutFlow.flush();
  window.addEventListener('online', flush);
  setInterval(() => {
    if (navigator.onLine && signOutFlow.pending().length) flush();
  }, RETRY_EVERY_MS);
  let userId = session.get().user?.id ?? null;
  if (userId) adoptDevice(window.localStorage, userId);
  session.subscribe(() => {
    const now = session.get().user?.id ?? null;
    if (now && now !== userId) {
      adoptDevice(window.localStorage, now);
      flush();
    }
    userId = now;
  });
  // Nobody signed in: no cached answers of anyone are kept (a sign-out cut short by a closed tab).
  if (!userId) void clearOfflineData(null);
  flush();
}
