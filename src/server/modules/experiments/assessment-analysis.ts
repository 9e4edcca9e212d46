/**
 * The trial analysis of an assessment instead of yield (docs/api.md#contract, "Assessments"):
 * `?avaliacao=<chave>` analyses one assessment's plot values, `?aacpd=<nome>` the area under the
 * progress curve of the assessments of that name over their dates. Both keep the complete blocks
 * (missing plots are named in the answer), add Abbott's efficacy when the assessment has a target,
 * and the progress curve for the AACPD.
 */
import type { AnalysisVariable } from '../../../shared/api-types.js';
import { rotuloAvaliacao } from '../../../shared/assessments.js';
import type { Experiment } from '../../../shared/experiment.js';
import {
  type AnalyzeInput,
  type CurvaProgresso,
  type DesignInput,
  type EficaciaAbbott,
  type NaturezaVariavel,
  type ParcelaFaltante,
  StatsInputError,
  aacpd,
  curvaProgresso,
  eficaciaAbbott,
  parcelasCompletas,
} from '../../../shared/stats/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { analysisInput } from './trial-summary.js';

/** Which variable a request analyses: yield (null), one assessment, or the AACPD of a name. */
export type VariableQuery = { avaliacao: string } | { aacpd: string } | null;

/** The analysis input of an assessment, and what its answer adds to the yield's shape. */
export interface VariableAnalysis {
  input: AnalyzeInput;
  natureza: NaturezaVariavel;
  variavel: AnalysisVariable;
  parcelas: { faltantes: ParcelaFaltante[]; blocosRemovidos: number[] };
  eficacia?: EficaciaAbbott[];
  curva?: CurvaProgresso[];
}

const unprocessable = (message: string) => new AppError(422, 'UNPROCESSABLE', message);

/** Each treatment's plots of one assessment, as long as the longest (a short list is missing its last plots). */
function plotsOf(e: Experiment, chave: string): (number | null)[][] {
  const lists = e.tratamentos.map((t) => t.observacoes?.[chave] ?? []);
  const blocks = Math.max(0, ...lists.map((l) => l.length));
  return lists.map((l) => Array.from({ length: blocks }, (_, j) => l[j] ?? null));
}

/** The yield analysis' input with these plot values in place of the yields (no bag price: gains are not in kg/ha). */
function withValues(e: Experiment, values: readonly number[][]): AnalyzeInput {
  const base = analysisInput(e);
  return {
    ...base,
    precoSaca: null,
    tratamentos: base.tratamentos.map((t, i) => ({ ...t, repeticoes: [...(values[i] ?? [])], produtos: [] })),
  };
}

/** The complete blocks of these plots, or 422 naming the plots that keep the design from being analysed. */
function complete(e: Experiment, plots: (number | null)[][]) {
  if (plots.every((row) => row.every((v) => v === null))) {
    throw unprocessable('Esta avaliação não tem valores por parcela: registre-os no formulário para ver a análise estatística.');
  }
  try {
    return parcelasCompletas(
      e.tipo_estatistica as DesignInput,
      e.tratamentos.map((t, i) => ({ nome: t.nome, valores: plots[i] ?? [] })),
    );
  } catch (err) {
    if (err instanceof StatsInputError) throw unprocessable(err.message);
    throw err;
  }
}

function efficacy(e: Experiment, repeticoes: number[][]): EficaciaAbbott[] {
  return eficaciaAbbott(
    e.tipo_estatistica as DesignInput,
    e.tratamentos.map((t, i) => ({ nome: t.nome, repeticoes: repeticoes[i] ?? [] })),
  );
}

/** The analysis of `query`'s variable, or null for yield; 404 for an assessment the experiment does not have. */
export function variableAnalysis(e: Experiment, query: VariableQuery): VariableAnalysis | null {
  if (!query) return null;
  if ('avaliacao' in query) {
    const a = e.avaliacoes.find((x) => x.chave === query.avaliacao);
    if (!a) throw notFound('Avaliação não encontrada neste experimento');
    const { tratamentos, faltantes, blocosRemovidos } = complete(e, plotsOf(e, a.chave));
    const repeticoes = tratamentos.map((t) => t.repeticoes);
    return {
      input: withValues(e, repeticoes),
      natureza: a.tipo,
      variavel: {
        chave: a.chave,
        nome: a.nome,
        unidade: a.unidade,
        tipo: a.tipo,
        rotulo: rotuloAvaliacao(a),
        datas: a.data ? [a.data] : [],
      },
      parcelas: { faltantes, blocosRemovidos },
      ...(a.alvo ? { eficacia: efficacy(e, repeticoes) } : {}),
    };
  }
  const nome = query.aacpd.trim().toLocaleLowerCase('pt-BR');
  const rated = e.avaliacoes
    .filter((a) => a.nome.trim().toLocaleLowerCase('pt-BR') === nome && a.data)
    .sort((x, y) => (x.data ?? '').localeCompare(y.data ?? ''));
  const datas = [...new Set(rated.map((a) => a.data as string))];
  if (!rated.length && !e.avaliacoes.some((a) => a.nome.trim().toLocaleLowerCase('pt-BR') === nome)) {
    throw notFound('Avaliação não encontrada neste experimento');
  }
  if (datas.length < 2 || datas.length !== rated.length) {
    throw unprocessable(
      datas.length !== rated.length
        ? 'Há duas avaliações com esse nome na mesma data: a área abaixo da curva precisa de uma avaliação por data.'
        : 'A área abaixo da curva de progresso precisa da mesma avaliação em pelo menos duas datas.',
    );
  }
  const byDate = rated.map((a) => plotsOf(e, a.chave));
  const blocks = Math.max(...byDate.map((plots) => Math.max(0, ...plots.map((p) => p.length))));
  // Each plot's area over the dates; null when the plot misses a date (the plot is then missing).
  const areas = e.tratamentos.map((_, i) =>
    Array.from({ length: blocks }, (_, j) => aacpd(rated.map((a, d) => ({ data: a.data as string, valor: byDate[d]?.[i]?.[j] ?? null })))),
  );
  const { tratamentos, faltantes, blocosRemovidos } = complete(e, areas);
  const repeticoes = tratamentos.map((t) => t.repeticoes);
  const first = rated[0]!;
  return {
    input: withValues(e, repeticoes),
    natureza: 'medida',
    variavel: {
      chave: null,
      nome: `AACPD de ${first.nome}`,
      unidade: first.unidade ? `${first.unidade} × dias` : 'dias',
      tipo: 'medida',
      rotulo: `Área abaixo da curva de progresso (AACPD) de ${first.nome}`,
      datas,
    },
    parcelas: { faltantes, blocosRemovidos },
    curva: curvaProgresso(
      datas,
      e.tratamentos.map((t, i) => ({ nome: t.nome, valores: byDate.map((plots) => plots[i] ?? []) })),
    ),
    ...(rated.some((a) => a.alvo) ? { eficacia: efficacy(e, repeticoes) } : {}),
  };
}
