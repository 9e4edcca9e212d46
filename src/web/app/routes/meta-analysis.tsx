import { useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/format.js';
import { META_FILTER_KEYS, MetaAnalysisScreen, stateFromParams } from '../../features/meta-analysis/index.js';
import { ReportPage } from '../report-page.js';

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
    <ReportPage
      back={{ to: backTo, label: 'Voltar ao dashboard' }}
      printable={Boolean(state.produto)}
      kicker="Gestão Agrícola · Meta-análise"
      title={state.produto ? `Meta-análise de ${state.produto}` : 'Meta-análise por produto'}
      subtitle={`O ganho do produto sobre a testemunha em cada ensaio e combinado · emitido em ${formatLongDate(new Date())}`}
    >
      <MetaAnalysisScreen />
    </ReportPage>
  );
}
