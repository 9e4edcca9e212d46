/**
 * "Pendentes (N)": the experiments saved on this device and not yet sent. The header
 * shows the button when N > 0; it opens a small panel listing them with "Enviar agora", and for
 * an item the server refused, its messages and "Corrigir" (the form with its data and PDF).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeFieldError } from '../../shared/fields/issue-labels.js';
import { formatDateTime } from '../../shared/format.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Modal } from '../components/ui/modal.js';
import { toast } from '../components/ui/toast.js';
import { useSession } from '../lib/api.js';
import { type PendingItem, usePendentes } from '../lib/offline-queue.js';
import { announce, offlineSync } from './offline-sync.js';

export const PENDING_MSG = {
  noConnection: 'Sem conexão: os experimentos continuam salvos neste aparelho e serão enviados quando houver conexão.',
  signIn: 'Sua sessão expirou: entre novamente para enviar os experimentos pendentes. Eles continuam salvos neste aparelho.',
  server: 'O servidor não respondeu agora. Os experimentos continuam salvos neste aparelho; tente de novo em instantes.',
} as const;

const STATUS: Record<PendingItem['status'], { label: string; tone: 'yellow' | 'blue' | 'red' }> = {
  pendente: { label: 'Aguardando envio', tone: 'yellow' },
  enviando: { label: 'Enviando...', tone: 'blue' },
  recusado: { label: 'Recusado', tone: 'red' },
};

/** "Pendentes (N)" in the header bar (desktop) or as a full-width item (phone menu); nothing when N = 0. */
export function PendingButton({ className, onOpen }: { className?: string; onOpen: () => void }) {
  const items = usePendentes(useSession().user?.id);
  if (!items.length) return null;
  const refused = items.some((i) => i.status === 'recusado');
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`Pendentes (${items.length}): ${items.length === 1 ? 'experimento salvo' : 'experimentos salvos'} neste aparelho${refused ? ', com recusa para corrigir' : ', aguardando envio'}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${refused ? 'bg-red-600' : 'bg-amber-500'}`} />
      Pendentes ({items.length})
    </Button>
  );
}

function itemTitle(item: PendingItem): string {
  const d = item.data;
  return [d.consultoria, d.cultura, [d.cidade, d.estado].filter(Boolean).join('/')].filter(Boolean).join(' · ') || 'Experimento';
}

export function PendingPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const items = usePendentes(useSession().user?.id);
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const sendNow = async () => {
    setSending(true);
    try {
      const result = await offlineSync.syncNow();
      announce(result);
      if (result.stop === 'sem-conexao') toast.error(PENDING_MSG.noConnection);
      else if (result.stop === 'sessao') toast.error(PENDING_MSG.signIn);
      else if (result.stop === 'servidor') toast.error(PENDING_MSG.server);
    } finally {
      setSending(false);
    }
  };

  const correct = (item: PendingItem) => {
    onClose();
    navigate(`/novo-experimento?pendente=${encodeURIComponent(item.id)}`);
  };

  const waiting = items.some((i) => i.status !== 'recusado');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Pendentes (${items.length})`}
      size="md"
      footer={
        <Button onClick={() => void sendNow()} disabled={sending || !waiting}>
          {sending ? 'Enviando...' : 'Enviar agora'}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        Experimentos salvos neste aparelho. São enviados, na ordem em que foram salvos, assim que houver conexão.
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum experimento pendente.</p>
      ) : (
        <ul className="divide-y divide-soil-100 rounded-xl border border-soil-200">
          {items.map((item) => (
            <li key={item.id} className="space-y-1.5 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-words text-slate-900">{itemTitle(item)}</p>
                <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
              </div>
              <p className="text-xs text-slate-600">
                Salvo em {formatDateTime(item.createdAt)}
                {item.pdf ? ` · ${item.pdf.filename}` : ''}
              </p>
              {item.status === 'recusado' && item.erro ? (
                <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                  <p>{item.erro.message}</p>
                  {item.erro.fields ? (
                    <ul className="mt-1 list-disc pl-5">
                      {Object.entries(item.erro.fields).map(([path, m]) => (
                        <li key={path}>{describeFieldError(path, m, item.data)}</li>
                      ))}
                    </ul>
                  ) : null}
                  <Button size="sm" className="mt-2" onClick={() => correct(item)}>
                    Corrigir
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
