/**
 * The meta-analysis' report: the pooled effect and its heterogeneity in plain words, the economics
 * (break-even and probability of paying back, recomputed here as prices are typed, with the same
 * functions as the server), the forest plot, each trial's effect, the subgroups, the trials left out
 * and why, and the download of the effects as CSV.
 */
import { Link } from 'react-router';
import { formatBRL, formatNumber, formatPercent } from '../../../shared/format.js';
import {
  CUSTO_HA_MAX,
  type GrupoMeta,
  type MetaAnaliseResponse,
  SUBGRUPOS,
  SUBGRUPO_LABEL,
  type Subgrupo,
  ic95DoEnsaio,
  pontoDeEquilibrio,
  probRetorno,
} from '../../../shared/meta-analise.js';
import { PRICE_PER_BAG_MAX } from '../../../shared/constants.js';
import { Alert } from '../../components/ui/alert.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { NumberInput } from '../../components/ui/number-input.js';
import { ReportTable, type ReportColumn } from '../../components/ui/report-table.js';
import { TextList } from '../../components/ui/text-list.js';
import { saveBlob } from '../../lib/save-blob.js';
import { metaCsv, metaCsvName } from './csv.js';
import { type EffectFormat, effectFormat, formatFlex, formatP } from './effect-format.js';

/** "p = 0,0123", or "p < 0,0001". */
const pIgual = (v: number) => (v < 0.0001 ? 'p < 0,0001' : `p = ${formatP(v)}`);
import { ForestPlot } from './forest-plot.js';

const KG_SACA = 60;

/** The prices of the economics and their inputs, or why there are none. */
export type Economia =
  | {
      aplica: true;
      /** What the inputs hold: a number, null when empty, NaN when the text is not a number. */
      preco: number | null;
      custo: number | null;
      onPreco: (v: number | null) => void;
      onCusto: (v: number | null) => void;
    }
  | { aplica: false; motivo: string };

/** The error of a price input, or undefined when it can be used (or is empty). */
function precoErro(v: number | null): string | undefined {
  if (v === null || Number.isNaN(v)) return undefined;
  if (!(v > 0)) return 'Informe um preço maior que zero.';
  if (v > PRICE_PER_BAG_MAX) return `Preço muito alto (máximo de ${formatBRL(PRICE_PER_BAG_MAX)}).`;
  return undefined;
}
function custoErro(v: number | null): string | undefined {
  if (v === null || Number.isNaN(v)) return undefined;
  if (!(v >= 0)) return 'Informe um custo maior ou igual a zero.';
  if (v > CUSTO_HA_MAX) return `Custo muito alto (máximo de ${formatBRL(CUSTO_HA_MAX)}).`;
  return undefined;
}
const usable = (v: number | null, erro: string | undefined) => (v === null || Number.isNaN(v) || erro ? null : v);

/** 0,0123 → "1%", 0,999 → "> 99%": a probability as people read it. */
function probText(p: number): string {
  if (p < 0.01) return '< 1%';
  if (p > 0.99) return '> 99%';
  return formatPercent(p, 0);
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function Summary({ r, fmt }: { r: MetaAnaliseResponse; fmt: EffectFormat }) {
  const yieldVar = r.variavel.nome === 'Produtividade';
  const what = yieldVar ? 'o ganho' : `o efeito em ${r.variavel.nome}`;
  const significativo = r.p < 0.05;
  // I² comes in % (0 to 100).
  const i2 = r.i2 / 100;
  return (
    <Card className="p-4 sm:p-5" data-testid="meta-resumo">
      <h2 className="text-base font-semibold text-slate-900">Resultado combinado</h2>
      <p className="mt-2 text-sm text-slate-800">
        Em <strong>{r.k} ensaios</strong>, {yieldVar ? 'o ganho médio' : `o efeito médio em ${r.variavel.nome}`} de {r.produto} sobre a
        testemunha foi de <strong>{fmt.value(r.estimativa)}</strong>, ponderado pela precisão de cada ensaio (IC 95%:{' '}
        {fmt.range(r.ic95[0], r.ic95[1])}; {pIgual(r.p)}).{' '}
        {significativo
          ? 'O efeito combinado é diferente de zero a 5% de significância.'
          : 'O efeito combinado não difere de zero a 5% de significância.'}
      </p>
      <p className="mt-2 text-sm text-slate-800" data-testid="meta-predicao">
        Em um novo ensaio, {what} deve ficar entre <strong>{fmt.range(r.predicao[0], r.predicao[1])}</strong> (95%).
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Stat label="Ensaios (k)" value={String(r.k)} />
        <Stat label="τ² (entre ensaios)" value={formatFlex(r.tau2)} hint={r.escala === 'razao' ? 'na escala ln da razão' : undefined} />
        <Stat label="I²" value={formatPercent(i2, 0)} hint="da variação vem de diferenças reais entre ensaios" />
        <Stat label="Q de Cochran" value={formatNumber(r.q, 2)} hint={`${pIgual(r.q_p)} (GL ${r.k - 1})`} />
      </dl>
    </Card>
  );
}

function Economics({ r, economia, equilibrio }: { r: MetaAnaliseResponse; economia: Economia; equilibrio: number | null }) {
  if (!economia.aplica)
    return (
      <Card className="p-4 sm:p-5" data-testid="meta-economia">
        <h2 className="text-base font-semibold text-slate-900">Retorno econômico</h2>
        <p className="mt-2 text-sm text-slate-700">{economia.motivo}</p>
      </Card>
    );
  const ePreco = precoErro(economia.preco);
  const eCusto = custoErro(economia.custo);
  const preco = usable(economia.preco, ePreco);
  const custo = usable(economia.custo, eCusto);
  const prob = probRetorno(r, equilibrio);
  return (
    <Card className="p-4 sm:p-5" data-testid="meta-economia">
      <h2 className="text-base font-semibold text-slate-900">Retorno econômico</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 print:hidden">
        <NumberInput
          name="preco"
          label="Preço da saca (R$)"
          kind="money"
          unit="R$/sc"
          value={economia.preco}
          onChange={economia.onPreco}
          error={ePreco}
          hint={r.sugestoes.preco_saca !== null ? `Mediana dos ensaios: ${formatBRL(r.sugestoes.preco_saca)}` : 'Saca de 60 kg.'}
        />
        <NumberInput
          name="custo"
          label="Custo do produto (R$/ha)"
          kind="money"
          unit="R$/ha"
          value={economia.custo}
          onChange={economia.onCusto}
          error={eCusto}
          hint={
            r.sugestoes.custo_ha !== null
              ? `Mediana dos ensaios: ${formatBRL(r.sugestoes.custo_ha)}`
              : 'Custo do produto aplicado por hectare.'
          }
        />
      </div>
      <p className="mt-3 hidden text-sm text-slate-700 print:block">
        Preço da saca: {formatBRL(preco)} · Custo do produto: {formatBRL(custo)}/ha
      </p>
      {equilibrio === null || prob === null ? (
        <p className="mt-3 text-sm text-slate-700" role="status">
          Informe o preço da saca e o custo do produto para calcular o ponto de equilíbrio e a probabilidade de retorno.
        </p>
      ) : (
        <div className="mt-3 space-y-1.5 text-sm text-slate-800" role="status" aria-live="polite">
          <p data-testid="meta-equilibrio">
            O produto se paga com ganho de <strong>{formatNumber(equilibrio, 0)} kg/ha</strong> ({formatNumber(equilibrio / KG_SACA, 1)}{' '}
            sc/ha).
          </p>
          <p data-testid="meta-probabilidade" className="text-base">
            Probabilidade de se pagar em um novo ensaio: <strong className="text-brand-800">{probText(prob)}</strong>
          </p>
          <p className="text-xs text-slate-600">
            Sob a distribuição de predição (efeito combinado {formatNumber(r.estimativa, 0)} kg/ha, variação entre ensaios e incerteza da
            média): a chance de um novo ensaio ganhar mais que {formatNumber(equilibrio, 0)} kg/ha.
          </p>
        </div>
      )}
    </Card>
  );
}

function TrialsTable({ r, fmt }: { r: MetaAnaliseResponse; fmt: EffectFormat }) {
  const unidade = r.variavel.unidade;
  const columns: ReportColumn<MetaAnaliseResponse['estudos'][number]>[] = [
    {
      header: 'Ensaio',
      cell: (s) => (
        // A name of three parts ("Cascavel/PR · 2025 · Consultoria") on two or three lines, not five.
        <span className="inline-block sm:min-w-[14rem]">
          <Link
            to={`/experimentos/${s.experimentId}/relatorio`}
            className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {s.local} <span className="whitespace-nowrap text-xs font-normal text-slate-600">(nº {s.experimentId})</span>
          </Link>
        </span>
      ),
    },
    { header: 'Tratamento', cell: (s) => s.tratamento },
    { header: `Média trat. (${unidade})`, kind: 'number', cell: (s) => formatNumber(s.mediaTratamento, fmt.digits) },
    { header: `Média test. (${unidade})`, kind: 'number', cell: (s) => formatNumber(s.mediaTestemunha, fmt.digits) },
    {
      header: `Efeito (${r.escala === 'razao' ? '%' : unidade})`,
      kind: 'number',
      cell: (s) => fmt.bare(s.efeito),
    },
    {
      header: 'IC 95%',
      kind: 'number',
      cell: (s) => {
        const [inf, sup] = ic95DoEnsaio(s);
        return `${fmt.bare(inf)} a ${fmt.bare(sup)}`;
      },
    },
    { header: 'Peso', kind: 'number', cell: (s) => `${formatNumber(s.peso, 1)}%` },
    { header: 'CV (%)', kind: 'number', cell: (s) => formatNumber(s.cv, 1) },
    { header: 'Rep.', kind: 'number', cell: (s) => s.repeticoes },
  ];
  return (
    <div className="space-y-1">
      <ReportTable caption="Efeito em cada ensaio" columns={columns} rows={r.estudos} rowKey={(s) => String(s.experimentId)} />
      {r.estudos.some((s) => s.outrosTratamentos.length) ? (
        <p className="text-xs text-slate-600">
          Ensaios com mais de um tratamento com o produto entram uma vez, com o tratamento mostrado (o produto sozinho, quando há):{' '}
          {r.estudos
            .filter((s) => s.outrosTratamentos.length)
            .map((s) => `nº ${s.experimentId} também tem ${s.outrosTratamentos.join(', ')}`)
            .join('; ')}
          .
        </p>
      ) : null}
    </div>
  );
}

function Subgroups({ r, fmt, equilibrio }: { r: MetaAnaliseResponse; fmt: EffectFormat; equilibrio: number | null }) {
  const porGrupo = new Map<Subgrupo, GrupoMeta[]>(SUBGRUPOS.map((por) => [por, r.subgrupos.filter((g) => g.por === por)]));
  const tabelas = SUBGRUPOS.filter((por) => porGrupo.get(por)!.length > 1);
  const unicos = SUBGRUPOS.filter((por) => porGrupo.get(por)!.length === 1);
  const economia = equilibrio !== null;
  return (
    <section className="space-y-3" aria-labelledby="meta-subgrupos">
      <h2 id="meta-subgrupos" className="text-base font-semibold text-slate-900">
        Por subgrupo
      </h2>
      {unicos.length ? (
        <p className="text-sm text-slate-700">
          Todos os ensaios em um só grupo de{' '}
          {unicos.map((por) => `${SUBGRUPO_LABEL[por].toLocaleLowerCase('pt-BR')}: ${porGrupo.get(por)![0]!.grupo}`).join('; ')}.
        </p>
      ) : null}
      <div className="space-y-3">
        {tabelas.map((por) => (
          <ReportTable
            key={por}
            caption={SUBGRUPO_LABEL[por]}
            rows={porGrupo.get(por)!}
            rowKey={(g) => g.grupo}
            columns={[
              { header: SUBGRUPO_LABEL[por], cell: (g) => g.grupo },
              { header: 'k', kind: 'number', cell: (g) => g.k },
              {
                header: `Efeito (${r.escala === 'razao' ? '%' : r.variavel.unidade})`,
                kind: 'number',
                cell: (g) => fmt.bare(g.estimativa),
              },
              { header: 'IC 95%', kind: 'number', cell: (g) => `${fmt.bare(g.ic95[0])} a ${fmt.bare(g.ic95[1])}` },
              ...(economia
                ? [
                    {
                      header: 'Prob. de se pagar',
                      kind: 'number' as const,
                      cell: (g: GrupoMeta) => {
                        const p = g.k > 1 ? probRetorno(g, equilibrio) : null;
                        return p === null ? '-' : probText(p);
                      },
                    },
                  ]
                : []),
            ]}
          />
        ))}
      </div>
      {tabelas.length ? (
        <p className="text-xs text-slate-600">
          Um grupo de um ensaio só mostra o efeito desse ensaio, sem variação entre ensaios para estimar
          {economia ? ' (nem probabilidade)' : ''}. Grupos com poucos ensaios têm intervalos largos: leia-os como pistas, não como
          conclusões.
        </p>
      ) : null}
    </section>
  );
}

function Excluded({ r }: { r: MetaAnaliseResponse }) {
  if (!r.excluidos.length) return null;
  return (
    <ReportTable
      caption={`Ensaios deixados de fora (${r.excluidos.length})`}
      rows={r.excluidos}
      rowKey={(x) => String(x.experimentId)}
      columns={[
        {
          header: 'Ensaio',
          cell: (x) => (
            <Link
              to={`/experimentos/${x.experimentId}/relatorio`}
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {x.local} <span className="whitespace-nowrap text-xs font-normal text-slate-600">(nº {x.experimentId})</span>
            </Link>
          ),
        },
        { header: 'Motivo', cellClassName: 'min-w-[16rem] px-3 py-1.5 text-slate-900', cell: (x) => x.motivo },
      ]}
    />
  );
}

/** IN SDA 13/2011 (inoculants) over every trial of the product: sites per season, and the verdict. */
function Network({ r }: { r: MetaAnaliseResponse }) {
  const rede = r.rede;
  return (
    <Card className="p-4 sm:p-5" data-testid="meta-rede">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Rede de ensaios do produto</h3>
        <Badge tone={rede.atende ? 'green' : 'red'}>{rede.atende ? 'Atende' : 'Não atende'}</Badge>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {rede.titulo} · {rede.referencia}
      </p>
      <p className="mt-2 text-slate-800">{rede.detalhe}</p>
      {rede.sugestao ? <p className="mt-1 font-medium text-slate-900">{rede.sugestao}</p> : null}
    </Card>
  );
}

/** The report of one meta-analysis answer; `economia` holds the prices typed on the page. */
export function MetaAnalysisResults({ r, economia }: { r: MetaAnaliseResponse; economia: Economia }) {
  const fmt = effectFormat(r);
  const equilibrio = economia.aplica
    ? pontoDeEquilibrio(usable(economia.preco, precoErro(economia.preco)), usable(economia.custo, custoErro(economia.custo)))
    : null;
  return (
    <div className="space-y-5 text-sm">
      <div className="space-y-4">
        <Summary r={r} fmt={fmt} />
        <Economics r={r} economia={economia} equilibrio={equilibrio} />
      </div>
      {r.avisos.length ? (
        <Alert tone="info" title="Ensaios com pouco peso">
          <TextList items={r.avisos} className="space-y-1" />
        </Alert>
      ) : null}
      <ForestPlot r={r} equilibrio={equilibrio} />
      <div className="flex justify-end print:hidden">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => saveBlob(new Blob([metaCsv(r)], { type: 'text/csv;charset=utf-8' }), metaCsvName(r.produto))}
        >
          Baixar CSV
        </Button>
      </div>
      <TrialsTable r={r} fmt={fmt} />
      <Subgroups r={r} fmt={fmt} equilibrio={equilibrio} />
      <Excluded r={r} />
      <Network r={r} />
    </div>
  );
}
