/**
 * The wizard's notices above and inside its card: edit mode, the offline item being corrected, the
 * draft offered back, another person's newer version, and the upload's progress. Each is drawn only
 * while its state holds.
 */
import { formatLongDate } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import type { PendingItem } from '../../../lib/offline-queue.js';
import type { Draft } from '../storage.js';

/** An experiment already saved is open for editing. */
export function EditingNotice() {
  return (
    <div className="rounded-xl border border-blue-300 bg-blue-50 px-4 py-3 text-blue-950" role="status">
      <p className="font-semibold">Modo de Edição</p>
      <p className="text-sm">Você está editando um experimento existente. Os dados foram pré-carregados.</p>
    </div>
  );
}

/** An experiment of the offline queue opened by "Corrigir", with what the server said if it refused it. */
export function PendingNotice({ pending }: { pending: PendingItem }) {
  return (
    <Alert tone={pending.status === 'recusado' ? 'error' : 'info'} title="Experimento pendente, salvo neste aparelho">
      {pending.erro ? <p>O servidor recusou o envio: {pending.erro.message}</p> : null}
      <p>Corrija os campos indicados e salve de novo; o PDF anexado continua o mesmo.</p>
    </Alert>
  );
}

/** The older draft, offered until the user continues it or discards it. */
export function DraftOffer({
  draft,
  isEdit,
  isDirty,
  onRestore,
  onDiscard,
}: {
  draft: Draft;
  isEdit: boolean;
  isDirty: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      role="status"
    >
      {isDirty ? (
        <p className="text-sm">
          Há um rascunho {isEdit ? 'deste experimento' : 'de novo experimento'} salvo em {formatLongDate(draft.savedAt)}, guardado até você
          decidir. Você já começou a preencher este formulário: continuar o rascunho substituiria o que você digitou.
        </p>
      ) : (
        <p className="text-sm">
          Há um rascunho {isEdit ? 'deste experimento' : 'de novo experimento'} salvo em {formatLongDate(draft.savedAt)}. Deseja continuar
          de onde parou?
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Continuar rascunho
        </Button>
        <Button size="sm" variant="secondary" onClick={onDiscard}>
          Descartar
        </Button>
      </div>
    </div>
  );
}

/** The save was refused because someone saved a newer version while this one was edited. */
export function StaleVersion({ onReload }: { onReload: () => void }) {
  return (
    <Alert tone="warning" title="Este experimento foi alterado por outra pessoa">
      <p>
        Enquanto você editava, outra pessoa salvou uma nova versão. Para não sobrescrever o trabalho dela, carregue a versão atual e refaça
        suas alterações.
      </p>
      <Button size="sm" className="mt-2" onClick={onReload}>
        Recarregar versão atual
      </Button>
    </Alert>
  );
}

/** How much of the PDF has been sent (0–100). */
export function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="px-5 pb-4 sm:px-6">
      <div className="mb-1 flex justify-between text-xs text-slate-700">
        <span>Enviando arquivo...</span>
        <span>{progress}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-soil-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label="Envio do arquivo"
      >
        <div className="h-full bg-brand-500 transition-all" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
