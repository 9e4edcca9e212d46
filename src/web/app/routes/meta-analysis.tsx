import { Link, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/format.js';
import { Button } from '../../components/ui/button.js';
import { META_FILTER_KEYS, MetaAnalysisScreen, stateFromParams } from '../../features/meta-analysis/index.js';
import { preloadOnIntent } from '../prefetch.js';

/**
 * `/meta-analise?produto=…&escala=…&regional=…`: a product against the control across trials,
 * printable like a trial's report; the way back keeps the dashboard's filters.
 */
export function MetaAnalysisPage() {
  const [params] = useSearchParams();
  const state = stateFromParams(params);
  const back = new URLSearchParams();
  for (const k of META_FILTER_KEYS) if (state.filtros[k]) back.set(k, state.filtros[k]);
  const backTo = `/dashboard${back.size ? `?${back}` : ''}`;
  return (
    <article className="report mx-auto max-w-[210mm] rounded-xl bg-white p-4 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none sm:p-10">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link to={backTo} {...preloadOnIntent(backTo)} className="text-sm font-medium text-brand-700 hover:underline">
          Voltar ao dashboard
        </Link>
        {state.produto ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
      </div>
      <header className="mb-5 border-b border-soil-200 pb-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Gestão Agrícola · Meta-análise</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
          {state.produto ? `Meta-análise de ${state.produto}` : 'Meta-análise por produto'}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          O ganho do produto sobre a testemunha em cada ensaio e combinado · emitido em {formatLongDate(new Date())}
        </p>
      </header>
      <MetaAnalysisScreen />
    </article>
  );
}
