/**
 * "Salvo neste aparelho — será enviado quando houver conexão", above the form after a
 * save kept in the offline queue. It says something about one queued item, so it lasts as long as
 * that item waits: once the item is sent (it leaves the queue) or the server refuses it ("Pendentes"
 * then says why and offers "Corrigir"), the notice goes. The sync announces the send in a toast.
 */
import { Alert } from '../../../components/ui/alert.js';
import { useSession } from '../../../lib/api.js';
import { type OfflineQueue, offlineQueue, usePendentes } from '../../../lib/offline-queue.js';

export const SAVED_ON_DEVICE = 'Salvo neste aparelho — será enviado quando houver conexão';

export function SavedOnDeviceNotice({ itemId, queue = offlineQueue }: { itemId: string | null; queue?: OfflineQueue }) {
  const items = usePendentes(useSession().user?.id, queue);
  const item = itemId ? items.find((i) => i.id === itemId) : undefined;
  if (!item || item.status === 'recusado') return null;
  return (
    <Alert tone="success" title={SAVED_ON_DEVICE}>
      <p>
        O experimento aparece em &quot;Pendentes&quot; (no topo da página; no celular, no menu) até ser enviado. Você já pode registrar o
        próximo.
      </p>
    </Alert>
  );
}
