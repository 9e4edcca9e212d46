/**
 * The report page's section "Conformidade com a IN 53/2013": the server's checklist on the saved
 * trial (with its yields' analysis), and the technical-scientific report as a PDF to download.
 */
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { baixarRelatorioTecnico, useConformidade } from '../api/queries.js';
import { ConformityChecklist } from './conformity-checklist.js';

/** "Baixar relatório técnico (PDF)": a spinner while the server makes it, an error in pt-BR if it fails. */
export function TechnicalReportButton({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await baixarRelatorioTecnico(id);
    } catch (err) {
      // 429: another heavy read of this user is running (the server's message says so).
      setError(
        err instanceof ApiError && err.status === 429 ? err.message : 'Não foi possível gerar o relatório técnico. Tente novamente.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 print:hidden">
      <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner className="h-4 w-4" /> : null}
        {busy ? 'Gerando relatório técnico…' : 'Baixar relatório técnico (PDF)'}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export function TrialCompliance({ id }: { id: number }) {
  const checklist = useConformidade(id);
  return (
    <section className="mt-8 break-inside-avoid-page" aria-labelledby="conformidade-titulo">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="conformidade-titulo" className="text-base font-semibold text-slate-900 sm:text-lg">
          Conformidade com a IN 53/2013
        </h2>
        <TechnicalReportButton id={id} />
      </div>
      {checklist.isPending ? (
        <div className="flex items-center gap-2 py-4 text-sm text-slate-600" role="status">
          <Spinner className="h-4 w-4" />
          Verificando as regras do MAPA…
        </div>
      ) : checklist.isError ? (
        <Alert tone="error">Erro ao verificar a conformidade com a IN 53/2013.</Alert>
      ) : (
        <ConformityChecklist conformidade={checklist.data} />
      )}
    </section>
  );
}
