import { Link, useSearchParams } from 'react-router';
import { MAX_LOCAIS, MIN_LOCAIS, idsDaUrl } from '../../../shared/analise-conjunta.js';
import { formatLongDate } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { JointAnalysisView } from '../../features/trial-analysis/index.js';
import { preloadOnIntent } from '../prefetch.js';

const BACK = '/dashboard?aba=experimentos';

/** `/analise-conjunta?ids=1,2,3`: the joint analysis of experiments chosen in the Experimentos tab, printable like a trial's report. */
export function JointAnalysisPage() {
  const [params] = useSearchParams();
  const ids = idsDaUrl(params.get('ids'));
  return (
    <article className="report mx-auto max-w-[210mm] rounded-xl bg-white p-4 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none sm:p-10">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link to={BACK} {...preloadOnIntent(BACK)} className="text-sm font-medium text-brand-700 hover:underline">
          Voltar aos experimentos
        </Link>
        {ids ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
      </div>
      <header className="mb-5 border-b border-soil-200 pb-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Gestão Agrícola · Análise conjunta</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Análise conjunta de {ids ? ids.length : ''} experimentos</h1>
        <p className="mt-1 text-sm text-slate-700">
          {ids ? `Experimentos nº ${ids.join(', ')} · ` : ''}emitido em {formatLongDate(new Date())}
        </p>
      </header>
      {ids ? (
        <JointAnalysisView ids={ids} backTo={BACK} />
      ) : (
        <Alert tone="info" title="Nenhuma seleção válida">
          <p>
            Selecione de {MIN_LOCAIS} a {MAX_LOCAIS} experimentos diferentes na aba Experimentos e use o botão “Análise conjunta”.
          </p>
          <p className="mt-2">
            <Link to={BACK} className="font-medium text-brand-700 underline underline-offset-2">
              Ir para a lista de experimentos
            </Link>
          </p>
        </Alert>
      )}
    </article>
  );
}
