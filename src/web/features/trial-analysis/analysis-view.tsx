/**
 * The trial analysis as agronomists read it: ANOVA table, CV, means with Tukey and Scott-Knott
 * letters, a bar chart of means with their letters, and gains over the control.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { formatBRL, formatNumber } from '../../../shared/format.js';
import { Spinner } from '../../components/ui/spinner.js';
import { queryKeys } from '../../lib/query-keys.js';
import { ApiError } from '../../lib/api-client.js';
import { api } from '../../lib/api.js';
import { RegressionSection } from './regression-section.js';
import { FactorialSection } from './factorial-section.js';
import { DunnettSection } from './dunnett-section.js';
import { AnovaTable, Avisos, COLUNAS_MEDIA, ReportTable, type ReportColumn, TH_NUM_WRAP, n } from './report-table.js';
import type { Transformacao } from '../../../shared/stats/index.js';
import { Button } from '../../components/ui/button.js';
import { PressupostosSection } from './pressupostos-section.js';
import type { AnalysisSlotProps } from '../../lib/slots.js';
import { EfficacySection, ProgressCurve, type Variavel, VariableSelect, analiseQuery, missingPlotsNote } from './assessment-sections.js';

/** The analysis of yield or of an assessment (`variavel`), on the original data or (`transformacao`) on transformed values. */
export function useAnalysis(id: number | null, transformacao: Transformacao | null = null, variavel: Variavel = '') {
  return useQuery({
    queryKey: transformacao || variavel ? [...queryKeys.analysis(id), transformacao ?? '', variavel] : queryKeys.analysis(id),
    queryFn: () => api.request<AnalysisResponse>(`/api/experiments/${id}/analise${analiseQuery(variavel, transformacao)}`),
    enabled: id !== null,
    retry: false,
    // Switching scale keeps this experiment's report on screen until the other analysis arrives.
    placeholderData: (previous, query) => (query?.queryKey[1] === id ? previous : undefined),
  });
}

type Ganho = AnalysisResponse['ganhos'][number];

/** The gains' eight columns fit a wide screen only with their headers allowed to wrap. */
const colunaGanho = (header: string, cell: (g: Ganho) => ReactNode): ReportColumn<Ganho> => ({
  header,
  kind: 'number',
  headerClassName: TH_NUM_WRAP,
  cell,
});

/** `casas`: the decimals of the means under the bars (none for kg/ha; one for an assessment such as 12,5 %). */
function MeansChart({ grupos, casas }: { grupos: { nome: string; media: number; letras: string }[]; casas: number }) {
  const W = 640;
  const H = 240;
  const pad = { l: 8, r: 8, t: 22, b: 48 };
  const max = Math.max(...grupos.map((g) => g.media)) * 1.1 || 1;
  const bw = (W - pad.l - pad.r) / grupos.length;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label="Médias dos tratamentos com as letras do teste de Tukey">
      {grupos.map((g, i) => {
        const h = ((H - pad.t - pad.b) * g.media) / max;
        const x = pad.l + i * bw + bw * 0.15;
        const y = H - pad.b - h;
        return (
          <g key={g.nome}>
            <rect x={x} y={y} width={bw * 0.7} height={h} fill={i === 0 ? '#2d6a3e' : '#5fae5a'} rx={3} />
            <text x={x + bw * 0.35} y={y - 6} textAnchor="middle" fontSize={13} fontWeight={700} fill="#1e452a">
              {g.letras}
            </text>
            <text x={x + bw * 0.35} y={H - pad.b + 16} textAnchor="middle" fontSize={11} fill="#334155">
              {g.nome.length > 14 ? `${g.nome.slice(0, 14)}…` : g.nome}
            </text>
            <text x={x + bw * 0.35} y={H - pad.b + 32} textAnchor="middle" fontSize={11} fill="#475569">
              {formatNumber(g.media, casas)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function AnalysisView({ id, avaliacoes = [], semProdutividade = false }: AnalysisSlotProps) {
  // Yield, or a trial's first assessment while it has no yields.
  const inicial: Variavel = semProdutividade && avaliacoes[0] ? `a:${avaliacoes[0].chave}` : '';
  // The variable and scale chosen for this experiment (another experiment in the same view starts on its first variable, original data).
  const [escolha, setEscolha] = useState<{ id: number; transformacao: Transformacao | null; variavel: Variavel }>({
    id,
    transformacao: null,
    variavel: inicial,
  });
  const transformacao = escolha.id === id ? escolha.transformacao : null;
  const variavel = escolha.id === id ? escolha.variavel : inicial;
  const setTransformacao = (t: Transformacao | null) => setEscolha({ id, transformacao: t, variavel });
  // Another variable starts on its original data.
  const setVariavel = (v: Variavel) => setEscolha({ id, transformacao: null, variavel: v });
  const q = useAnalysis(id, transformacao, variavel);
  const selector = <VariableSelect avaliacoes={avaliacoes} value={variavel} onChange={setVariavel} />;
  if (q.isPending)
    return (
      <div className="space-y-3">
        {selector}
        <div className="flex justify-center py-6 text-brand-700">
          <Spinner />
        </div>
      </div>
    );
  if (q.isError)
    return (
      <div className="space-y-2">
        {selector}
        <p className="text-sm text-slate-600">{q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimento'}</p>
        {transformacao ? (
          <Button variant="secondary" size="sm" onClick={() => setTransformacao(null)}>
            Voltar aos dados originais
          </Button>
        ) : null}
      </div>
    );
  const a = q.data;
  const sk = new Map(a.scottKnott.grupos.map((g) => [g.nome, g.letras]));
  // Yield in kg/ha; an assessment in its own unit, without gains in kg/ha or R$.
  const unidade = a.variavel ? a.variavel.unidade : 'kg/ha';
  const emUnidade = unidade ? ` ${unidade}` : '';
  const faltantes = missingPlotsNote(a);
  return (
    <div className="space-y-4 text-sm">
      {selector}
      {a.variavel ? <h3 className="text-base font-semibold text-slate-900">{a.variavel.rotulo}</h3> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-slate-800">
        <span>
          Delineamento:{' '}
          <strong>
            {a.fatorial?.delineamento ?? (a.delineamento === 'DBC' ? 'Blocos casualizados (DBC)' : 'Inteiramente casualizado (DIC)')}
          </strong>
        </span>
        <span>
          Média geral:{' '}
          <strong>
            {n(a.media)}
            {emUnidade}
          </strong>
        </span>
        <span>
          CV: <strong>{n(a.cv)}%</strong> ({a.cvClasse})
        </span>
      </div>
      <Avisos avisos={faltantes ? [faltantes, ...a.avisos] : a.avisos} tone="warning" />
      <AnovaTable caption="Análise de variância" linhas={a.anova.linhas} />
      <PressupostosSection analise={a} onTransformar={setTransformacao} carregando={q.isPlaceholderData} />
      <FactorialSection a={a} />
      <div className="space-y-4">
        <div className="min-w-0">
          <ReportTable
            caption={`Médias${unidade ? ` (${unidade})` : ''} e letras a 5%`}
            columns={[
              ...COLUNAS_MEDIA,
              { header: 'Tukey', kind: 'letters', cell: (g) => g.letras },
              { header: 'Scott-Knott', kind: 'letters', cell: (g) => sk.get(g.nome) ?? '' },
            ]}
            rows={a.tukey.grupos}
            rowKey={(g) => g.nome}
          />
          <p className="mt-1 text-xs text-slate-600">
            DMS (Tukey 5%): {n(a.tukey.dms)} {a.transformacao.aplicada ? '(escala transformada)' : unidade}. Médias seguidas da mesma letra
            não diferem entre si.
          </p>
        </div>
        <div className="min-w-0 max-w-2xl">
          <MeansChart grupos={a.tukey.grupos} casas={a.variavel ? 1 : 0} />
        </div>
      </div>
      <EfficacySection a={a} />
      <ProgressCurve a={a} />
      {a.testemunha && !a.variavel ? (
        <ReportTable
          caption={`Ganho sobre a testemunha (${a.testemunha.nome}: ${n(a.testemunha.media)} kg/ha)`}
          columns={[
            { header: 'Tratamento', cell: (g) => g.nome },
            colunaGanho('kg/ha', (g) => n(g.kgHa, 1)),
            colunaGanho('sc/ha', (g) => n(g.scHa, 2)),
            colunaGanho('%', (g) => (g.pct === null ? '-' : `${n(g.pct, 1)}%`)),
            colunaGanho('Receita extra (R$/ha)', (g) => (g.receitaExtra === null ? '-' : formatBRL(g.receitaExtra))),
            colunaGanho('Custo (R$/ha)', (g) => formatBRL(g.custo)),
            colunaGanho('Retorno líquido (R$/ha)', (g) => (g.retornoLiquido === null ? '-' : formatBRL(g.retornoLiquido))),
            colunaGanho('Retorno por R$ 1', (g) => (g.retornoPorReal === null ? '-' : `${n(g.retornoPorReal, 2)}×`)),
          ]}
          rows={a.ganhos}
          rowKey={(g) => g.nome}
        />
      ) : null}
      {!a.variavel && a.ganhos.every((g) => g.receitaExtra === null) ? (
        <p className="text-xs text-slate-600">
          Informe o preço da saca no passo 6 do formulário para ver a receita extra e o retorno de cada tratamento.
        </p>
      ) : null}
      {/* The dose–response section speaks of yield and its economic dose. */}
      <RegressionSection regressao={a.variavel ? null : a.regressao} residuo={a.anova.residuo} />
      <DunnettSection a={a} />
    </div>
  );
}
