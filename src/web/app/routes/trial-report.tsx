import { Link, useParams } from 'react-router';
import { formatLongDate } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { SituacaoBadge } from '../../components/situacao-badge.js';
import { TrialFieldLinks } from '../../components/trial-field-links.js';
import { useExperiment } from '../../features/dashboard/index.js';
import { AnalysisView, TrialSummary } from '../../features/trial-analysis/index.js';
import { preloadOnIntent } from '../prefetch.js';

/**
 * A4 report of a trial: the site, soil, design and treatments (what each applied, at which dose and
 * cost), then its analysis; print CSS hides the app around it. On a wide screen it is wider than A4
 * so that the gains' eight columns fit without scrolling; on paper it is A4.
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
    <article className="report mx-auto max-w-[210mm] rounded-xl lg:max-w-6xl bg-white p-4 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none sm:p-10">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link
          to="/dashboard?aba=experimentos"
          {...preloadOnIntent('/dashboard?aba=experimentos')}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Voltar ao dashboard
        </Link>
        <Button onClick={() => window.print()}>Imprimir</Button>
      </div>
      <header className="mb-5 border-b border-soil-200 pb-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Gestão Agrícola · Relatório de análise estatística</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">
          {e.cultura} {e.cultivar} · {e.cidade}/{e.estado} · {e.ano}{' '}
          <SituacaoBadge situacao={e.situacao} showConcluido className="align-middle" />
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {e.consultoria} · Marca {e.marca} ({e.bu}) · Regional {e.regional} · Experimento nº {e.id} · emitido em{' '}
          {formatLongDate(new Date())}
        </p>
        <TrialFieldLinks experiment={e} className="mt-3 print:hidden" />
      </header>
      <TrialSummary experiment={e} />
      <AnalysisView id={e.id} avaliacoes={e.avaliacoes} semProdutividade={e.tratamentos.some((t) => t.produtividade === null)} />
    </article>
  );
}
