/**
 * What the printed report says about the trial before its statistics (a client expects
 * the site, the soil, the design and what each treatment applied): place and coordinates, clay and
 * organic matter, the design as entered and its factors, and one row per treatment with its
 * application mode, its products with their doses and costs, its yield and its difference from the
 * control (the first treatment, as everywhere in the product), and the treatment's cost: a trial
 * entered without yields per block still reports its results.
 */
import { ApplicationsTable } from '../../components/applications-table.js';
import { AssessmentMeans } from '../../components/assessment-means.js';
import { custoTratamento, isConcluido, type Experiment } from '../../../shared/experiment.js';
import { formatBRL, formatNumber } from '../../../shared/format.js';
import { situacaoLabel } from '../../../shared/field-plan.js';
import { Alert } from '../../components/ui/alert.js';
import { ReportTable } from './report-table.js';
import { DescriptionItem } from '../../components/ui/description-item.js';

const dash = '—';
const pct = (v: number | null | undefined) => (v === null || v === undefined ? 'não informado' : `${formatNumber(v, 1)} %`);

/** "0,5 L/ha" (a dose without unit as typed; no dose: nothing). */
function dose(p: { dose: number | null; unidade: string | null }): string {
  if (p.dose === null || p.dose === undefined) return '';
  return `${formatNumber(p.dose, 4)}${p.unidade ? ` ${p.unidade}` : ''}`;
}

/** "+243 (+6,7 %)" kg/ha over the control's yield; a missing yield: a dash. */
export function overControl(y: number | null | undefined, control: number | null | undefined): string {
  if (y === null || y === undefined || control === null || control === undefined || !(control > 0)) return dash;
  const diff = y - control;
  const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '');
  return `${sign(diff)}${formatNumber(Math.abs(diff), 0)} (${sign(diff)}${formatNumber(Math.abs((diff / control) * 100), 1)} %)`;
}

export function TrialSummary({ experiment: e }: { experiment: Experiment }) {
  const blocos = Math.max(0, ...e.tratamentos.map((t) => t.repeticoes?.length ?? 0));
  const coords =
    e.latitude !== null && e.latitude !== undefined && e.longitude !== null && e.longitude !== undefined
      ? `${formatNumber(e.latitude, 6)}; ${formatNumber(e.longitude, 6)}`
      : 'não informadas';
  const fatores = [e.fator_a, e.fator_b].filter(Boolean).join(' × ');
  const control = e.tratamentos[0]?.produtividade;
  const tratamentosERepeticoes =
    `${e.tratamentos.length} ${e.tratamentos.length === 1 ? 'tratamento' : 'tratamentos'}` +
    (blocos > 0 ? ` × ${blocos} ${blocos === 1 ? 'repetição' : 'repetições'}` : '');
  return (
    <section className="report-summary mb-5 space-y-4 text-sm" aria-label="Dados do ensaio">
      {!isConcluido(e.situacao) ? (
        <Alert tone="info">
          Ensaio {situacaoLabel(e.situacao).toLowerCase()}: a análise de produtividade aparece quando as produtividades forem registradas.
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-soil-200 p-3 sm:grid-cols-4 print:grid-cols-4">
        <DescriptionItem look="summary" label="Local" value={`${e.cidade}/${e.estado}`} />
        <DescriptionItem look="summary" label="Coordenadas (lat.; long.)" value={coords} />
        <DescriptionItem look="summary" label="Teor de argila" value={pct(e.teor_argila)} />
        <DescriptionItem look="summary" label="Matéria orgânica" value={pct(e.teor_materia_organica)} />
        <DescriptionItem look="summary" label="Delineamento" value={e.tipo_estatistica || dash} />
        <DescriptionItem look="summary" label="Tratamentos e repetições" value={tratamentosERepeticoes} />
        {fatores ? <DescriptionItem look="summary" label="Fatores" value={fatores} /> : null}
        <DescriptionItem look="summary" label="Custo do protocolo" value={formatBRL(e.custo_protocolo)} />
        {e.preco_saca !== null && e.preco_saca !== undefined ? (
          <DescriptionItem look="summary" label="Preço da saca" value={formatBRL(e.preco_saca)} />
        ) : null}
      </dl>
      <ReportTable
        caption="Tratamentos: produtos, doses, modalidade, produtividade e custo"
        columns={[
          { header: 'Tratamento', cell: (t) => t.nome },
          { header: 'Modalidade', cell: (t) => t.modalidade || dash },
          {
            header: 'Produtos e doses',
            // The products' list wraps (TD never does) within a width that keeps it readable.
            cellClassName: 'min-w-[12rem] px-3 py-1.5 text-slate-900',
            cell: (t) =>
              t.produtos_aplicados.length ? (
                <ul className="space-y-0.5">
                  {t.produtos_aplicados.map((p, k) => {
                    const d = dose(p);
                    return (
                      <li key={`${k}-${p.nome}`}>
                        {p.nome}
                        {d ? <span className="tabular-nums"> · {d}</span> : null}
                        {p.custo !== null && p.custo !== undefined ? (
                          <span className="tabular-nums text-slate-600"> · {formatBRL(p.custo)}</span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <span className="text-slate-600">sem produto aplicado</span>
              ),
          },
          {
            header: 'Produtividade (kg/ha) e diferença da testemunha',
            kind: 'number',
            cell: (t, i) =>
              t.produtividade === null || t.produtividade === undefined ? (
                <>
                  {dash}
                  {i === 0 ? <span className="block text-xs text-slate-600">testemunha</span> : null}
                </>
              ) : (
                <>
                  {formatNumber(t.produtividade, 0)}
                  <span className="block text-xs text-slate-600">{i === 0 ? 'testemunha' : overControl(t.produtividade, control)}</span>
                </>
              ),
          },
          { header: 'Custo (R$/ha)', kind: 'number', cell: (t) => formatBRL(custoTratamento(t)) },
        ]}
        rows={e.tratamentos}
        rowKey={(t) => String(t.id)}
        rowClassName="align-top"
      />
      <ApplicationsTable experiment={e} />
      <AssessmentMeans experiment={e} />
    </section>
  );
}
