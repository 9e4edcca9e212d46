/**
 * MAPA's rules for agronomic-efficiency trials, declared in one table (issue 34, decision 025):
 * each rule names its norm and article, what it asks, and how it is computed from the trial (and
 * its analysis, once there are yields). Another norm is a new entry of REGRAS and its tests. Pure:
 * the form checks a trial while it is planned, the server answers GET …/conformidade and writes the
 * checklist into the technical report, all with these functions.
 */
import { PAPEL_LABEL, type Papel } from './constants.js';
import type { ConformidadeResponse, EficienciaRelativa, Norma, RegraConformidade } from './conformidade.js';
import { NORMA_TITULO } from './conformidade.js';
import { QUADRADO_LATINO } from './field-plan.js';
import { formatNumber } from './format.js';
import { FONTE_PRODUTIVIDADE_OFICIAL, produtividadeOficial } from './produtividade-oficial.js';

/** The least residual degrees of freedom IN 53/2013 accepts. */
export const GL_RESIDUO_MINIMO = 15;
/** The least distinct doses of the tested product for a dose–response regression. */
export const DOSES_MINIMAS = 3;

/** What the rules read of a trial: saved, or still in the form. */
export interface EnsaioConformidade {
  tipo_estatistica: string;
  /** Blocks (replicates) planned; else the count of plot yields per treatment. */
  blocos: number | null;
  latitude: number | null;
  longitude: number | null;
  tratamentos: readonly {
    nome: string;
    papel?: Papel | null;
    dose: number | null;
    nivel_a: string;
    nivel_b: string;
    produtividade: number | null;
    repeticoes?: readonly number[] | undefined;
  }[];
  aplicacoes: readonly { data: string | null; estadio: string | null }[];
  /** The region's average yield (kg/ha) the trial is compared with; null when not entered. */
  produtividade_regional: number | null;
  /** Crop and state (UF): the official average of the region when none was entered. */
  cultura: string;
  estado: string;
}

/** What the rules read of the trial's analysis; null while it has no yields to analyse. */
export interface AnaliseConformidade {
  /** The analysis' error when it could not be computed (unbalanced replicates…); null when it was. */
  erro: string | null;
  /** Each treatment's mean, in the trial's order (null without the analysis). */
  medias: readonly number[] | null;
  /** Whether the dose–response regression was computed. */
  regressao: boolean;
  /** The trial's general mean (kg/ha); null without the analysis. */
  media: number | null;
}

/** The residual degrees of freedom of a design, and the formula the checklist shows. */
export interface GlResiduo {
  gl: number;
  formula: string;
}

const nivelCount = (values: readonly string[]) => new Set(values.map((v) => v.trim()).filter(Boolean)).size;

/**
 * The residual degrees of freedom of `t` treatments in `r` replicates of the design, equal to R's
 * df.residual(aov(...)) of that design's model (tests/fixtures/stats/gl-residuo.R): DIC t(r − 1);
 * blocks (t − 1)(r − 1); Latin square (t − 1)(t − 2); split plots the subplot error a(b − 1)(r − 1).
 * Null when the design is not one the product analyses or there is nothing to count.
 */
export function glResiduo(design: string, t: number, r: number, niveis: { a: number; b: number } = { a: 0, b: 0 }): GlResiduo | null {
  if (!(t >= 1) || !(r >= 1)) return null;
  switch (design.trim()) {
    case 'Inteiramente Casualizado':
    case 'DIC':
    case 'Fatorial DIC':
      return { gl: t * (r - 1), formula: `t × (r − 1) = ${t} × (${r} − 1)` };
    case 'DBC':
    case 'Blocos Casualizados':
    case 'ANOVA':
    case 'Fatorial DBC':
    case 'Fatorial DBC com adicional':
      return { gl: (t - 1) * (r - 1), formula: `(t − 1) × (b − 1) = (${t} − 1) × (${r} − 1)` };
    case QUADRADO_LATINO:
      return { gl: (t - 1) * (t - 2), formula: `(t − 1) × (t − 2) = (${t} − 1) × (${t} − 2)` };
    case 'Parcelas Subdivididas DBC': {
      const { a, b } = niveis;
      if (!(a >= 1) || !(b >= 1)) return null;
      return { gl: a * (b - 1) * (r - 1), formula: `a × (b − 1) × (r − 1) = ${a} × (${b} − 1) × (${r} − 1) (resíduo da subparcela)` };
    }
    default:
      return null;
  }
}

/** The replicates a trial has or plans: its blocks, else its plot yields per treatment. */
function repeticoesDe(e: EnsaioConformidade): number {
  if (e.blocos && e.blocos > 0) return e.blocos;
  return Math.max(0, ...e.tratamentos.map((t) => t.repeticoes?.length ?? 0));
}

function niveisDe(e: EnsaioConformidade) {
  const fatorial = e.tratamentos.filter((t) => t.nivel_a.trim() || t.nivel_b.trim());
  return { a: nivelCount(fatorial.map((t) => t.nivel_a)), b: nivelCount(fatorial.map((t) => t.nivel_b)) };
}

const gl = (n: number) => `${n} ${n === 1 ? 'grau' : 'graus'} de liberdade do resíduo`;

/** The least change that brings the residual df to the minimum: more blocks, or (Latin square) more treatments. */
function sugestaoGl(e: EnsaioConformidade, t: number, r: number): string | null {
  const design = e.tipo_estatistica.trim();
  const niveis = niveisDe(e);
  if (design === QUADRADO_LATINO) {
    for (let t2 = t + 1; t2 <= t + 20; t2++) {
      const g = glResiduo(design, t2, t2, niveis);
      if (g && g.gl >= GL_RESIDUO_MINIMO)
        return `No quadrado latino os graus de liberdade dependem só dos tratamentos: com ${t2} tratamentos (e ${t2} linhas e colunas), ${gl(g.gl)}.`;
    }
    return null;
  }
  for (let r2 = r + 1; r2 <= r + 30; r2++) {
    const g = glResiduo(design, t, r2, niveis);
    if (g && g.gl >= GL_RESIDUO_MINIMO) {
      const mais = r2 - r;
      return `Com ${r2} ${design.includes('Inteiramente') || design.endsWith('DIC') ? 'repetições' : 'blocos'} (${mais} a mais): ${gl(g.gl)}.`;
    }
  }
  return null;
}

/** Relative agronomic efficiency of each tested treatment: (Y − Y testemunha) / (Y padrão − Y testemunha) × 100. */
export function eficienciaRelativa(tratamentos: EnsaioConformidade['tratamentos'], medias: readonly number[]): EficienciaRelativa[] | null {
  const it = tratamentos.findIndex((t) => t.papel === 'testemunha');
  const ip = tratamentos.findIndex((t) => t.papel === 'padrao');
  if (it < 0 || ip < 0) return null;
  const yt = medias[it];
  const yp = medias[ip];
  if (yt === undefined || yp === undefined) return null;
  return tratamentos
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.papel === 'teste')
    .map(({ t, i }) => ({ nome: t.nome, pct: yp !== yt && medias[i] !== undefined ? ((medias[i]! - yt) / (yp - yt)) * 100 : null }));
}

interface Contexto {
  e: EnsaioConformidade;
  analise: AnaliseConformidade | null;
}

/** A rule of a norm: what it asks, where the norm says it, and how it is checked. */
interface Regra {
  codigo: string;
  titulo: string;
  referencia: string;
  /** `pendente`: a null verdict that waits for the yields (otherwise a null is "not applicable"). */
  avaliar: (c: Contexto) => Pick<RegraConformidade, 'atende' | 'valor' | 'detalhe' | 'sugestao'> & { pendente?: true };
}

const papelDeclarado = (e: EnsaioConformidade, papel: Papel) => e.tratamentos.filter((t) => t.papel === papel);

/**
 * The region's average yield a trial is compared with: the one typed in step 4, else the official
 * average of its crop in its state that the product ships (produtividade-oficial.ts); null when neither.
 */
export function mediaDaRegiao(
  e: Pick<EnsaioConformidade, 'produtividade_regional' | 'cultura' | 'estado'>,
): { regional: number; fonte: string; oficial: boolean } | null {
  if (e.produtividade_regional !== null && e.produtividade_regional > 0) {
    return { regional: e.produtividade_regional, fonte: 'informada no ensaio', oficial: false };
  }
  const oficial = produtividadeOficial(e.cultura, e.estado);
  if (oficial === null) return null;
  return {
    regional: oficial,
    fonte: `média de ${e.cultura.trim()} em ${e.estado.trim().toUpperCase()}, ${FONTE_PRODUTIVIDADE_OFICIAL}`,
    oficial: true,
  };
}

/** The rules of IN MAPA 53/2013 (fertilisers, inoculants, biofertilisers), art. 37–42. */
const IN53: readonly Regra[] = [
  {
    codigo: 'gl_residuo',
    titulo: `Graus de liberdade do resíduo ≥ ${GL_RESIDUO_MINIMO}`,
    referencia: 'IN 53/2013, art. 38',
    avaliar: ({ e }) => {
      const t = e.tratamentos.length;
      const r = repeticoesDe(e);
      const g = glResiduo(e.tipo_estatistica, t, r, niveisDe(e));
      if (!g) {
        return {
          atende: null,
          ...(r ? {} : { pendente: true as const }),
          valor: null,
          detalhe: r
            ? `Delineamento sem cálculo de graus de liberdade: ${e.tipo_estatistica || 'não informado'}.`
            : 'Informe o número de blocos (repetições) para calcular os graus de liberdade do resíduo.',
          sugestao: null,
        };
      }
      const atende = g.gl >= GL_RESIDUO_MINIMO;
      return {
        atende,
        valor: g.gl,
        detalhe: `${gl(g.gl)}: ${atende ? 'atende ao mínimo de' : 'mínimo'} ${GL_RESIDUO_MINIMO} (${g.formula}).`,
        sugestao: atende ? null : sugestaoGl(e, t, r),
      };
    },
  },
  {
    codigo: 'testemunha_absoluta',
    titulo: 'Testemunha absoluta (sem o nutriente ou princípio ativo)',
    referencia: 'IN 53/2013, art. 39',
    avaliar: ({ e }) => {
      const declaradas = papelDeclarado(e, 'testemunha');
      return declaradas.length
        ? {
            atende: true,
            valor: declaradas.map((t) => t.nome),
            detalhe: `${PAPEL_LABEL.testemunha}: ${declaradas.map((t) => t.nome).join(', ')}.`,
            sugestao: null,
          }
        : {
            atende: false,
            valor: null,
            detalhe: 'Nenhum tratamento marcado como testemunha absoluta.',
            sugestao: 'Em Tratamentos, marque o papel "Testemunha absoluta" do tratamento sem o produto.',
          };
    },
  },
  {
    codigo: 'padrao',
    titulo: 'Testemunha padrão (produto registrado de função semelhante)',
    referencia: 'IN 53/2013, art. 39',
    avaliar: ({ e }) => {
      const padroes = papelDeclarado(e, 'padrao');
      return padroes.length
        ? {
            atende: true,
            valor: padroes.map((t) => t.nome),
            detalhe: `${PAPEL_LABEL.padrao}: ${padroes.map((t) => t.nome).join(', ')}.`,
            sugestao: null,
          }
        : {
            atende: false,
            valor: null,
            detalhe: 'Nenhum tratamento marcado como padrão (referência).',
            sugestao: 'Inclua um produto registrado de função semelhante e marque o papel "Padrão (referência)".',
          };
    },
  },
  {
    codigo: 'analise_estatistica',
    titulo: 'Análise estatística com comparação de médias',
    referencia: 'IN 53/2013, art. 40',
    avaliar: ({ analise }) => {
      if (!analise)
        return {
          atende: null,
          pendente: true,
          valor: null,
          detalhe: 'Será verificada com as produtividades por parcela (ensaio ainda sem colheita).',
          sugestao: null,
        };
      if (analise.erro)
        return {
          atende: false,
          valor: null,
          detalhe: analise.erro,
          sugestao: 'Registre a produtividade de cada parcela, com o mesmo número de repetições em todos os tratamentos.',
        };
      return {
        atende: true,
        valor: true,
        detalhe: 'Análise de variância e comparação de médias (Tukey a 5%) calculadas com repetições balanceadas.',
        sugestao: null,
      };
    },
  },
  {
    codigo: 'regressao_doses',
    titulo: `Regressão quando o produto testado tem ${DOSES_MINIMAS} ou mais doses`,
    referencia: 'IN 53/2013, art. 40',
    avaliar: ({ e, analise }) => {
      const doses = new Set(papelDeclarado(e, 'teste').flatMap((t) => (t.dose === null || !Number.isFinite(t.dose) ? [] : [t.dose])));
      if (doses.size < DOSES_MINIMAS) {
        return {
          atende: null,
          valor: doses.size,
          detalhe: `Não se aplica: ${doses.size} ${doses.size === 1 ? 'dose' : 'doses'} do produto testado (a regressão pede ${DOSES_MINIMAS} ou mais).`,
          sugestao: null,
        };
      }
      if (!analise)
        return {
          atende: null,
          pendente: true,
          valor: doses.size,
          detalhe: `${doses.size} doses do produto testado: a regressão será calculada com as produtividades.`,
          sugestao: null,
        };
      return analise.regressao
        ? { atende: true, valor: doses.size, detalhe: `Regressão de dose–resposta calculada com ${doses.size} doses.`, sugestao: null }
        : {
            atende: false,
            valor: doses.size,
            detalhe: `${doses.size} doses do produto testado, mas a regressão não foi calculada.`,
            sugestao: 'Informe a dose numérica (Dose para regressão) de cada tratamento testado.',
          };
    },
  },
  {
    codigo: 'eficiencia_relativa',
    titulo: 'Eficiência agronômica relativa de cada produto testado',
    referencia: 'IN 53/2013, art. 41',
    avaliar: ({ e, analise }) => {
      if (!papelDeclarado(e, 'teste').length) {
        return {
          atende: null,
          valor: [],
          detalhe: 'Não se aplica: nenhum tratamento marcado como produto testado.',
          sugestao: 'Marque o papel "Produto testado" dos tratamentos com o produto.',
        };
      }
      if (!papelDeclarado(e, 'testemunha').length || !papelDeclarado(e, 'padrao').length) {
        return {
          atende: false,
          valor: [],
          detalhe: 'A eficiência relativa precisa da testemunha absoluta e do padrão.',
          sugestao: 'Marque a testemunha absoluta e o padrão em Tratamentos.',
        };
      }
      if (!analise?.medias)
        return { atende: null, pendente: true, valor: [], detalhe: 'Será calculada com as produtividades.', sugestao: null };
      const valor = eficienciaRelativa(e.tratamentos, analise.medias) ?? [];
      const texto = valor
        .map((v) => `${v.nome}: ${v.pct === null ? 'sem valor (padrão igual à testemunha)' : `${formatNumber(v.pct, 1)}%`}`)
        .join('; ');
      return {
        atende: valor.every((v) => v.pct !== null),
        valor,
        detalhe: `(Y − Y testemunha) ÷ (Y padrão − Y testemunha) × 100. ${texto}.`,
        sugestao: null,
      };
    },
  },
  {
    codigo: 'media_regional',
    titulo: 'Produtividade comparada com a média da região',
    referencia: 'IN 53/2013, art. 40',
    avaliar: ({ e, analise }) => {
      const base = mediaDaRegiao(e);
      if (!base) {
        const uf = e.estado.trim() || 'estado não informado';
        return {
          atende: false,
          valor: null,
          detalhe: `Sem a produtividade média da região para comparar (a tabela da Conab não tem ${e.cultura.trim() || 'a cultura'} em ${uf}).`,
          sugestao: 'Informe a produtividade média da cultura na região (passo Cultura), de fonte oficial (Conab, IBGE).',
        };
      }
      const { regional, fonte, oficial } = base;
      if (!analise?.media) {
        return {
          atende: null,
          pendente: true,
          valor: { regional, fonte, oficial },
          detalhe: `Média da região: ${formatNumber(regional, 0)} kg/ha (${fonte}); a do ensaio virá com as produtividades.`,
          sugestao: null,
        };
      }
      const pct = (analise.media / regional) * 100;
      return {
        atende: true,
        valor: { ensaio: analise.media, regional, pct, fonte, oficial },
        detalhe: `Média do ensaio ${formatNumber(analise.media, 0)} kg/ha, ${formatNumber(pct, 0)}% da média da região (${formatNumber(regional, 0)} kg/ha; ${fonte}).`,
        sugestao: null,
      };
    },
  },
  {
    codigo: 'coordenadas',
    titulo: 'Local identificado com coordenadas geográficas',
    referencia: 'IN 53/2013, art. 42',
    avaliar: ({ e }) =>
      e.latitude !== null && e.longitude !== null
        ? {
            atende: true,
            valor: [e.latitude, e.longitude],
            detalhe: `Latitude ${formatNumber(e.latitude, 5)}, longitude ${formatNumber(e.longitude, 5)}.`,
            sugestao: null,
          }
        : {
            atende: false,
            valor: null,
            detalhe: 'Sem coordenadas do ensaio.',
            sugestao: 'Informe a latitude e a longitude do ensaio (passo Localização).',
          },
  },
  {
    codigo: 'aplicacoes',
    titulo: 'Aplicações com datas e estádios da cultura',
    referencia: 'IN 53/2013, art. 42',
    avaliar: ({ e }) => {
      if (!e.aplicacoes.length) {
        return {
          atende: false,
          valor: 0,
          detalhe: 'Nenhuma aplicação registrada.',
          sugestao: 'Registre as aplicações com data e estádio (plano de campo).',
        };
      }
      const sem = e.aplicacoes.filter((a) => !a.data || !a.estadio?.trim()).length;
      return sem
        ? {
            atende: false,
            valor: e.aplicacoes.length,
            detalhe: `${sem} de ${e.aplicacoes.length} aplicações sem data ou sem estádio.`,
            sugestao: 'Informe a data e o estádio de cada aplicação.',
          }
        : {
            atende: true,
            valor: e.aplicacoes.length,
            detalhe: `${e.aplicacoes.length} ${e.aplicacoes.length === 1 ? 'aplicação' : 'aplicações'} com data e estádio.`,
            sugestao: null,
          };
    },
  },
];

/** Every norm's rules: the one table the checklist, the API and the report read. */
export const REGRAS: Readonly<Record<Norma, readonly Regra[]>> = { in53: IN53 };

/** The trial's checklist under `norma`: each rule's verdict, and whether every rule that applies holds. */
export function conformidade(norma: Norma, e: EnsaioConformidade, analise: AnaliseConformidade | null): ConformidadeResponse {
  const regras = REGRAS[norma].map((r): RegraConformidade => {
    const { pendente, ...v } = r.avaliar({ e, analise });
    const situacao = v.atende === true ? 'atende' : v.atende === false ? 'nao_atende' : pendente ? 'pendente' : 'nao_se_aplica';
    return { codigo: r.codigo, titulo: r.titulo, referencia: r.referencia, ...v, situacao };
  });
  return { norma, normaTitulo: NORMA_TITULO[norma], atende: regras.every((r) => r.atende !== false), regras };
}

/** A trial of a product in the network of trials a registration rests on: where and in which season. */
export interface EnsaioDaRede {
  cidade: string;
  estado: string;
  ano: number;
}

/** IN SDA 13/2011's rule for inoculants, over every trial of the product. */
export interface RedeDeEnsaios {
  norma: 'in13';
  titulo: string;
  referencia: string;
  /** Distinct sites (city/state) and seasons; the sites of each season. */
  locais: number;
  safras: number;
  porSafra: { ano: number; locais: number }[];
  atende: boolean;
  detalhe: string;
  sugestao: string | null;
}

const localKey = (e: EnsaioDaRede) => `${e.cidade.trim().toLocaleLowerCase('pt-BR')}/${e.estado}`;
const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/**
 * Whether a product's trials satisfy IN SDA 13/2011 (inoculants): at least 2 sites in each of 2
 * seasons, or 4 sites in one season. A site is a city of a state; a season, the trial's year.
 */
export function redeDeEnsaios(ensaios: readonly EnsaioDaRede[]): RedeDeEnsaios {
  const porAno = new Map<number, Set<string>>();
  for (const e of ensaios) {
    const locais = porAno.get(e.ano) ?? new Set<string>();
    locais.add(localKey(e));
    porAno.set(e.ano, locais);
  }
  const porSafra = [...porAno.entries()].sort(([a], [b]) => a - b).map(([ano, locais]) => ({ ano, locais: locais.size }));
  const locais = new Set(ensaios.map(localKey)).size;
  const safrasCom2 = porSafra.filter((s) => s.locais >= 2).length;
  const maior = Math.max(0, ...porSafra.map((s) => s.locais));
  const atende = safrasCom2 >= 2 || maior >= 4;
  const resumo = porSafra.length
    ? porSafra.map((s) => `${s.ano}: ${plural(s.locais, 'local', 'locais')}`).join('; ')
    : 'nenhum ensaio concluído';
  return {
    norma: 'in13',
    titulo: 'Ensaios em pelo menos 2 locais × 2 safras, ou 4 locais em uma safra',
    referencia: 'IN SDA 13/2011 (inoculantes)',
    locais,
    safras: porSafra.length,
    porSafra,
    atende,
    detalhe: `${plural(ensaios.length, 'ensaio', 'ensaios')} em ${plural(locais, 'local', 'locais')} e ${plural(porSafra.length, 'safra', 'safras')} (${resumo}).`,
    sugestao: atende
      ? null
      : safrasCom2 === 1
        ? `Repita o ensaio em 2 locais em outra safra, ou conduza ${plural(4 - maior, 'local', 'locais')} a mais na safra de ${maior} locais.`
        : 'Conduza o ensaio em 2 locais em cada uma de 2 safras, ou em 4 locais na mesma safra.',
  };
}
