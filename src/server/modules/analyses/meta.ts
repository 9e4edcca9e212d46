/**
 * The meta-analysis of a product across trials (docs/api.md, "Across trials"; decision 024): which
 * trials enter and why the others do not, each trial's effect from its own ANOVA, the REML model
 * (shared/stats/meta-analise.ts), the economics and the subgroups. The trials are read in one query
 * and their layouts in another, whatever their number.
 */
import { rotuloAvaliacao } from '../../../shared/assessments.js';
import { type Experiment, indiceTestemunha } from '../../../shared/experiment.js';
import { redeDeEnsaios } from '../../../shared/conformidade-regras.js';
import { QUADRADO_LATINO } from '../../../shared/field-plan.js';
import { indicatorFilters } from '../../../shared/filters.js';
import {
  type EnsaioExcluido,
  type EstudoMeta,
  type GrupoMeta,
  MAX_ENSAIOS_META,
  type MetaAnaliseRequest,
  type MetaAnaliseResponse,
  SUBGRUPOS,
  ic95DoEnsaio,
  pontoDeEquilibrio,
  probRetorno,
} from '../../../shared/meta-analise.js';
import { clayClass } from '../../../shared/soil.js';
import { type AnalyzeInput, StatsInputError, efeitoContraTestemunha } from '../../../shared/stats/index.js';
import { metaAnalise } from '../../../shared/stats/meta-analise.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  analysisInput,
  anyExperimentHoldsProduct,
  colunasDoCroqui,
  experimentsHoldingProduct,
  getExperiments,
  getLayouts,
  variableAnalysis,
} from '../experiments/public.js';

const unprocessable = (message: string) => new AppError(422, 'UNPROCESSABLE', message);
const fold = (s: string) => s.trim().toLocaleLowerCase('pt-BR');
const int = (n: number) => n.toLocaleString('pt-BR');

/** A trial's variance this many times the median of the others' is named in `avisos`. */
const VARIANCIA_DESTOANTE = 10;

/** "Cascavel/PR · 2024 · Agro Consultoria": how the page and the messages name a trial. */
const localDe = (e: Experiment) => `${e.cidade}/${e.estado} · ${e.ano} · ${e.consultoria}`;

const mediana = (xs: readonly number[]): number | null => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A trial that enters, before the model gives it a weight. */
type Entrada = Omit<EstudoMeta, 'peso'> & { custoProduto: number | null; unidade: string; variavelNome: string };

/** The trials the request names, or those holding the product under the filters; 404 for ids that do not exist. */
async function trialsOf(db: Db, req: MetaAnaliseRequest): Promise<Experiment[]> {
  if (req.experimentIds) {
    const found = new Map((await getExperiments(db, req.experimentIds)).map((e) => [e.id, e]));
    const missing = req.experimentIds.filter((id) => !found.has(id));
    if (missing.length) {
      throw notFound(
        missing.length === 1 ? `Experimento não encontrado: nº ${missing[0]}.` : `Experimentos não encontrados: nº ${missing.join(', ')}.`,
      );
    }
    return req.experimentIds.map((id) => found.get(id)!);
  }
  // The product is the request's, whole; the filters' substring of a product does not apply.
  const filters = indicatorFilters({ ...req.filtros, produto: undefined });
  const trials = await experimentsHoldingProduct(db, filters, req.produto, MAX_ENSAIOS_META + 1);
  if (trials.length > MAX_ENSAIOS_META) {
    throw unprocessable(
      `Há mais de ${int(MAX_ENSAIOS_META)} experimentos com o produto "${req.produto}" nestes filtros: filtre por regional, cultura ou ano para analisar até ${int(MAX_ENSAIOS_META)} de cada vez.`,
    );
  }
  return trials;
}

/** The treatment holding the product that the trial contributes, or why none can. */
function escolherTratamento(
  e: Experiment,
  produto: string,
): { indice: number; testemunha: number; outros: string[]; custo: number | null } | string {
  const alvo = fold(produto);
  const holds = (t: Experiment['tratamentos'][number]) => t.produtos_aplicados.some((p) => fold(p.nome) === alvo);
  const comProduto = e.tratamentos.map((t, i) => (holds(t) ? i : -1)).filter((i) => i >= 0);
  if (!comProduto.length) return `Nenhum tratamento tem o produto "${produto}".`;
  // The control is the declared absolute control, else the first treatment (decision 024): a trial
  // whose control holds the product has no untreated comparison for it.
  const testemunha = indiceTestemunha(e.tratamentos);
  const candidatos = comProduto.filter((i) => i !== testemunha);
  if (!candidatos.length) {
    return e.tratamentos.length < 2
      ? 'Sem testemunha: o ensaio tem um tratamento só.'
      : `O produto "${produto}" está na testemunha: não há com o que comparar.`;
  }
  // The product alone, when a treatment has it so; otherwise the first that holds it.
  const indice = candidatos.find((i) => e.tratamentos[i]!.produtos_aplicados.length === 1) ?? candidatos[0]!;
  const t = e.tratamentos[indice]!;
  const custo = t.produtos_aplicados.find((p) => fold(p.nome) === alvo)?.custo ?? null;
  return { indice, testemunha, outros: candidatos.filter((i) => i !== indice).map((i) => e.tratamentos[i]!.nome), custo };
}

/** The analysis input of the request's variable in this trial, or why there is none. */
function entradaDe(e: Experiment, avaliacao: string | null): { input: AnalyzeInput; unidade: string; nome: string } | string {
  if (!avaliacao) {
    if (!e.tratamentos.every((t) => t.repeticoes?.length)) {
      return e.tratamentos.some((t) => t.produtividade === null)
        ? 'Ainda sem produtividade (ensaio não colhido).'
        : 'Sem repetições: o ensaio tem só a média de cada tratamento, sem a variância do resíduo.';
    }
    return { input: analysisInput(e), unidade: 'kg/ha', nome: 'Produtividade' };
  }
  // Several of that name (dates): the latest dated one, the usual final assessment.
  const doNome = e.avaliacoes.filter((a) => fold(a.nome) === fold(avaliacao)).sort((x, y) => (y.data ?? '').localeCompare(x.data ?? ''));
  const a = doNome[0];
  if (!a) return `Sem a avaliação "${avaliacao}".`;
  try {
    const analise = variableAnalysis(e, { avaliacao: a.chave })!;
    return { input: analise.input, unidade: a.unidade, nome: a.nome };
  } catch (err) {
    if (err instanceof AppError || err instanceof StatsInputError) return `${rotuloAvaliacao(a)}: ${err.message}`;
    throw err;
  }
}

type Escolha = ReturnType<typeof escolherTratamento>;

/** One trial in or out of the meta-analysis, given the treatment it contributes (or why none). */
function avaliarEnsaio(e: Experiment, escolha: Escolha, req: MetaAnaliseRequest, colunas: number[][] | null): Entrada | string {
  if (typeof escolha === 'string') return escolha;
  const entrada = entradaDe(e, req.avaliacao);
  if (typeof entrada === 'string') return entrada;
  const input = e.tipo_estatistica === QUADRADO_LATINO ? { ...entrada.input, colunas } : entrada.input;
  try {
    const ef = efeitoContraTestemunha(input, escolha.indice, escolha.testemunha, req.escala);
    if (!(ef.variancia > 0) || !Number.isFinite(ef.variancia) || !Number.isFinite(ef.efeito)) {
      return 'Variância nula: as repetições não variam, o ensaio não tem erro para pesar.';
    }
    const argila = clayClass(e.teor_argila);
    return {
      experimentId: e.id,
      efeito: ef.efeito,
      variancia: ef.variancia,
      tratamento: e.tratamentos[escolha.indice]!.nome,
      testemunha: e.tratamentos[escolha.testemunha]!.nome,
      mediaTratamento: ef.mediaTratamento,
      mediaTestemunha: ef.mediaTestemunha,
      repeticoes: ef.r,
      cv: ef.cv,
      local: localDe(e),
      regional: e.regional,
      cultura: e.cultura,
      ano: e.ano,
      solo: argila ? argila.label : 'Sem análise de solo',
      outrosTratamentos: escolha.outros,
      custoProduto: escolha.custo,
      unidade: entrada.unidade,
      variavelNome: entrada.nome,
    };
  } catch (err) {
    if (err instanceof StatsInputError) return err.message;
    throw err;
  }
}

/** The pooled effect within each region, crop, soil class and season, with k per group. */
function subgrupos(estudos: readonly Entrada[], equilibrio: number | null): GrupoMeta[] {
  return SUBGRUPOS.flatMap((por) => {
    const grupos = new Map<string, Entrada[]>();
    for (const s of estudos) {
      const g = String(s[por]);
      const lista = grupos.get(g);
      if (lista) lista.push(s);
      else grupos.set(g, [s]);
    }
    return [...grupos.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))
      .map(([grupo, lista]): GrupoMeta => {
        if (lista.length === 1) {
          const s = lista[0]!;
          const ep = Math.sqrt(s.variancia);
          return {
            por,
            grupo,
            k: 1,
            estimativa: s.efeito,
            ep,
            ic95: ic95DoEnsaio(s),
            tau2: null,
            prob_retorno: null,
          };
        }
        const m = metaAnalise(
          lista.map((s) => s.efeito),
          lista.map((s) => s.variancia),
        );
        return {
          por,
          grupo,
          k: m.k,
          estimativa: m.estimativa,
          ep: m.ep,
          ic95: m.ic95,
          tau2: m.tau2,
          prob_retorno: probRetorno(m, equilibrio),
        };
      });
  });
}

/** The meta-analysis the request asks for (docs/api.md, "Across trials"). */
export async function metaAnaliseDoProduto(db: Db, req: MetaAnaliseRequest): Promise<MetaAnaliseResponse> {
  const trials = await trialsOf(db, req);
  // Each trial's treatment is chosen once: it decides both the 404 and the trial's entry.
  const escolhas = trials.map((e) => escolherTratamento(e, req.produto));
  const holding = trials.filter((_, i) => typeof escolhas[i] !== 'string');
  if (!holding.length && !(await anyExperimentHoldsProduct(db, req.produto))) {
    throw notFound(`Nenhum experimento tem o produto "${req.produto}".`);
  }
  const latinos = trials.filter((e) => e.tipo_estatistica === QUADRADO_LATINO);
  const layouts = await getLayouts(
    db,
    latinos.map((e) => e.id),
  );
  const estudos: Entrada[] = [];
  const excluidos: EnsaioExcluido[] = [];
  trials.forEach((e, i) => {
    const croqui = layouts.get(e.id);
    const colunas = croqui ? colunasDoCroqui(croqui, e.tratamentos.length) : null;
    if (e.tipo_estatistica === QUADRADO_LATINO && !colunas) {
      excluidos.push({
        experimentId: e.id,
        local: localDe(e),
        motivo: 'Quadrado latino sem croqui sorteado: a análise precisa da coluna de cada parcela.',
      });
      return;
    }
    const r = avaliarEnsaio(e, escolhas[i]!, req, colunas);
    if (typeof r === 'string') excluidos.push({ experimentId: e.id, local: localDe(e), motivo: r });
    else estudos.push(r);
  });

  if (estudos.length < 2) {
    const fora = excluidos.slice(0, 3).map((x) => `nº ${x.experimentId} (${x.motivo.replace(/\.$/, '')})`);
    throw unprocessable(
      `A meta-análise precisa de pelo menos 2 ensaios com o produto "${req.produto}" e uma testemunha: ${
        estudos.length === 1 ? 'há 1' : 'não há nenhum'
      }.${fora.length ? ` Deixados de fora: ${fora.join('; ')}${excluidos.length > 3 ? `; e mais ${int(excluidos.length - 3)}` : ''}.` : ''}`,
    );
  }
  // Differences in kg/ha (or an assessment's unit) are pooled within one crop and one unit only.
  if (req.escala === 'diferenca') {
    const porGrupo = new Map<string, number[]>();
    for (const s of estudos) {
      const g = req.avaliacao ? s.unidade.trim() : s.cultura;
      const ids = porGrupo.get(g);
      if (ids) ids.push(s.experimentId);
      else porGrupo.set(g, [s.experimentId]);
    }
    if (porGrupo.size > 1) {
      const detalhe = [...porGrupo.entries()].map(([g, ids]) => `${g || 'sem unidade'}: nº ${ids.join(', ')}`).join('; ');
      throw unprocessable(
        !req.avaliacao
          ? `Os ensaios são de culturas diferentes (${detalhe}): a diferença em kg/ha só se soma na mesma cultura. Filtre uma cultura ou use o efeito relativo (razão).`
          : `A avaliação tem unidades diferentes nos ensaios (${detalhe}): filtre os ensaios ou use o efeito relativo (razão).`,
      );
    }
  }

  const m = metaAnalise(
    estudos.map((s) => s.efeito),
    estudos.map((s) => s.variancia),
  );
  // The economics are in kg/ha: yield on the difference scale only.
  const economico = !req.avaliacao && req.escala === 'diferenca';
  const equilibrio = economico ? pontoDeEquilibrio(req.preco_saca, req.custo_ha) : null;
  const medianaVar = mediana(estudos.map((s) => s.variancia))!;
  const avisos = estudos
    .map((s, i) => ({ s, peso: m.pesos[i]! }))
    .filter(({ s }) => s.variancia > VARIANCIA_DESTOANTE * medianaVar)
    .map(
      ({ s, peso }) =>
        `O ensaio nº ${s.experimentId} (${s.local}) tem variância ${int(Math.round(s.variancia / medianaVar))} vezes a mediana dos ensaios (CV de ${s.cv.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%): entra com peso de ${peso.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%.`,
    );
  const incluidos = new Set(estudos.map((s) => s.experimentId));
  const precos = trials.filter((e) => incluidos.has(e.id)).map((e) => e.preco_saca);
  const { pesos, ...modelo } = m;
  return {
    ...modelo,
    prob_retorno: probRetorno(m, equilibrio),
    estudos: estudos.map(({ custoProduto: _custo, unidade: _unidade, variavelNome: _nome, ...s }, i) => ({ ...s, peso: pesos[i]! })),
    produto: req.produto,
    escala: req.escala,
    variavel: { nome: estudos[0]!.variavelNome, unidade: estudos[0]!.unidade },
    equilibrio,
    sugestoes: economico
      ? {
          preco_saca: mediana(precos.filter((p): p is number => p !== null && p > 0)),
          custo_ha: mediana(estudos.map((s) => s.custoProduto).filter((c): c is number => c !== null)),
        }
      : { preco_saca: null, custo_ha: null },
    excluidos,
    subgrupos: subgrupos(estudos, equilibrio),
    avisos,
    rede: redeDeEnsaios(holding),
  };
}
