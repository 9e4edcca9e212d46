/**
 * The joint analysis across sites (análise conjunta) as a report like the single trial's: the
 * sites, the joint ANOVA, the ratio of residual mean squares with its warning, the overall means
 * with Tukey's letters, each site's means and each treatment's win rate over the control.
 */
import { Link } from 'react-router';
import { avisoLocalRepetido } from '../../../shared/analise-conjunta.js';
import type { JointAnalysisResponse } from '../../../shared/api-types.js';
import { Alert } from '../../components/ui/alert.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ApiError } from '../../lib/api-client.js';
import { cn } from '../../lib/cn.js';
import { useJointAnalysis } from './api/joint-analysis.js';
import { AnovaTable, Avisos, COLUNAS_MEDIA, ReportTable, type ReportColumn, TD_NUM, TH_NUM, n, p } from './report-table.js';

// A site's name may wrap in its column's header (TH never wraps), so that four sites fit an A4 page.
const SITE_TH = cn(TH_NUM.replace('whitespace-nowrap', 'whitespace-normal'), 'min-w-[6.5rem]');

function SitesTable({ a }: { a: JointAnalysisResponse }) {
  return (
    <ReportTable
      caption={`Locais (${a.locais.length})`}
      columns={[
        {
          header: 'Local',
          cell: (l) => (
            <>
              {l.nome} <span className="whitespace-nowrap text-xs font-normal text-slate-600">(nº {l.experimentId})</span>
            </>
          ),
        },
        { header: 'Delineamento', cell: (l) => l.delineamento },
        { header: 'Média (kg/ha)', kind: 'number', cell: (l) => n(l.media) },
        { header: 'CV (%)', kind: 'number', cell: (l) => n(l.cv, 1) },
        { header: 'QM resíduo', kind: 'number', cell: (l) => n(l.qmRes) },
        { header: 'p (trat.)', kind: 'number', cell: (l) => p(l.pTratamentos) },
      ]}
      rows={a.locais}
      rowKey={(l) => String(l.experimentId)}
    />
  );
}

function MeansTable({ a }: { a: JointAnalysisResponse }) {
  return (
    <div className="min-w-0">
      <ReportTable
        caption="Médias gerais (kg/ha) e letras de Tukey a 5%"
        columns={[...COLUNAS_MEDIA, { header: 'Tukey', kind: 'letters', cell: (g) => g.letras }]}
        rows={a.grupos}
        rowKey={(g) => g.nome}
      />
      <p className="mt-1 text-xs text-slate-600">
        DMS (Tukey 5%): {n(a.tukey.dms)} kg/ha, com o erro de {a.erroTratamentos.fonte} (GL {a.erroTratamentos.gl}). Médias seguidas da
        mesma letra não diferem entre si.
      </p>
    </div>
  );
}

function SiteMeansTable({ a }: { a: JointAnalysisResponse }) {
  const geral = new Map(a.grupos.map((g) => [g.nome, g.media]));
  return (
    <ReportTable
      caption="Médias por local (kg/ha)"
      columns={[
        { header: 'Tratamento', cell: (nome) => nome },
        ...a.locais.map((l): ReportColumn<string> => ({
          header: l.nome,
          key: `local-${l.experimentId}`,
          kind: 'number',
          headerClassName: SITE_TH,
          cell: (_, i) => n(l.medias[i]),
        })),
        { header: 'Geral', kind: 'number', cellClassName: cn(TD_NUM, 'font-semibold'), cell: (nome) => n(geral.get(nome)) },
      ]}
      rows={a.tratamentos}
      rowKey={(nome) => nome}
    />
  );
}

function WinsTable({ a }: { a: JointAnalysisResponse }) {
  return (
    <ReportTable
      caption="Vitórias sobre a testemunha"
      columns={[
        { header: 'Tratamento', cell: (v) => v.nome },
        { header: 'Vitórias', kind: 'number', cell: (v) => `${v.vitorias} de ${v.locais}` },
        { header: 'Taxa', kind: 'number', cell: (v) => `${n(100 * v.taxa, 0)}%` },
        { header: 'Ganho médio (kg/ha)', kind: 'number', cell: (v) => n(v.ganhoKgHa, 1) },
        { header: 'Ganho (%)', kind: 'number', cell: (v) => (v.ganhoPct === null ? '-' : `${n(v.ganhoPct, 1)}%`) },
      ]}
      rows={a.vitorias}
      rowKey={(v) => v.nome}
    />
  );
}

/** The report of `ids` analysed together; `backTo` is where "ajuste a seleção" leads when they cannot be. */
export function JointAnalysisView({ ids, backTo }: { ids: readonly number[]; backTo: string }) {
  const q = useJointAnalysis(ids);
  if (q.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-700" role="status" aria-label="Calculando a análise conjunta">
        <Spinner />
      </div>
    );
  if (q.isError) {
    const known = q.error instanceof ApiError && q.error.status > 0 && q.error.status < 500;
    return (
      <Alert tone="info" title="Não foi possível fazer a análise conjunta destes experimentos">
        <p>{known ? q.error.message : 'Erro ao calcular a análise conjunta. Tente novamente em instantes.'}</p>
        <p className="mt-2">
          <Link to={backTo} className="font-medium text-brand-700 underline underline-offset-2">
            Voltar aos experimentos e ajustar a seleção
          </Link>
        </p>
      </Alert>
    );
  }
  const a = q.data;
  const heterogeneo = a.razao_qmr > 7;
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-slate-800">
        <span>
          Locais: <strong>{a.locais.length}</strong>
        </span>
        <span>
          Tratamentos: <strong>{a.tratamentos.length}</strong> × <strong>{a.repeticoes}</strong> repetições
        </span>
        <span>
          Média geral: <strong>{n(a.media)} kg/ha</strong>
        </span>
        <span>
          CV: <strong>{n(a.cv)}%</strong>
        </span>
        <span>
          Razão QMR (maior/menor): <strong className={heterogeneo ? 'text-amber-800' : undefined}>{n(a.razao_qmr)}</strong>
        </span>
      </div>
      {a.locaisRepetidos?.length ? (
        <Alert tone="warning" title="Experimentos da mesma cidade e do mesmo ano">
          <ul className="list-disc space-y-1 pl-5">
            {a.locaisRepetidos.map((r) => (
              <li key={r.experimentIds.join(',')}>{avisoLocalRepetido(r)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Avisos avisos={a.avisos} tone={heterogeneo ? 'warning' : 'info'} />
      <SitesTable a={a} />
      <AnovaTable caption="Análise de variância conjunta" linhas={a.anova.linhas} />
      <MeansTable a={a} />
      <SiteMeansTable a={a} />
      <WinsTable a={a} />
      <p className="text-xs text-slate-600">
        Testemunha: {a.testemunha.nome} (média geral {n(a.testemunha.media)} kg/ha), o primeiro tratamento do primeiro experimento. Uma
        vitória é um local em que a média do tratamento superou a dela.
      </p>
    </div>
  );
}
