import { Button } from '../components/ui/button.js';
import { applyUpdate, useUpdateAvailable } from '../lib/sw-register.js';

/** "Nova versão disponível — Atualizar": shown while a new version waits; nothing changes until it is pressed. */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-brand-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg print:hidden"
    >
      <span>Nova versão disponível — </span>
      <Button size="sm" onClick={applyUpdate}>
        Atualizar
      </Button>
    </div>
  );
}
