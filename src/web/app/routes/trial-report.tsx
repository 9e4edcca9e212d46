import { useParams } from 'react-router';
import { formatLongDate } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { Spinner } from '../../components/ui/spinner.js';
import { SituacaoBadge } from '../../components/situacao-badge.js';
import { TrialFieldLinks } from '../../components/trial-field-links.js';
import { TrialCompliance } from '../../features/compliance/index.js';
import { useExperiment } from '../../features/dashboard/index.js';
import { AnalysisView, TrialSummary } from '../../features/trial-analysis/index.js';
import { ReportPage } from '../report-page.js';

/**
 * A4 report of a trial: the site, soil, design and treatments (what each applied, at which dose and
 * cost), then its analysis; print CSS hides the app around it. On a wide screen it is wider than A4
 * so that the gains' eight columns fit without scrolling; on paper it is A4. Last, its compliance with
 * IN 53/2013 and the technical report as a PDF.
 */
export function TrialReportPage() {
  const id = Number(useParams().id);
  const experiment = useExperiment(Number.isInteger(id) && id > 0 ? id : null);
  if (experiment.isPending)
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="h-8 w-8" />
      </div>
    );
  if (experiment.isError || !experiment.data) return <Alert tone="error">Erro ao buscar experimento</Alert>;
  const e = experiment.data;
  return (
    <ReportPage
      back={{ to: '/dashboard?aba=experimentos', label: 'Voltar ao dashboard' }}
      printable
      wide
      kicker="Gestão Agrícola · Relatório de análise estatística"
      title={
        <>
          {e.cultura} {e.cultivar} · {e.cidade}/{e.estado} · {e.ano}{' '}
          <SituacaoBadge situacao={e.situacao} showConcluido className="align-middle" />
        </>
      }
      subtitle={`${e.consultoria} · Marca ${e.marca} (${e.bu}) · Regional ${e.regional} · Experimento nº ${e.id} · emitido em ${formatLongDate(new Date())}`}
      headerExtra={<TrialFieldLinks experiment={e} className="mt-3 print:hidden" />}
    >
      <TrialSummary experiment={e} />
      <AnalysisView id={e.id} avaliacoes={e.avaliacoes} semProdutividade={e.tratamentos.some((t) => t.produtividade === null)} />
      <TrialCompliance id={e.id} />
    </ReportPage>
  );
}
