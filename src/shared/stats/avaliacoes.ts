/**
 * Statistics of assessments (avaliações): disease severity, % control, insect counts, plant
 * height… rated per plot and per date. Reference: tests/fixtures/stats/avaliacoes.R.
 *
 * - Missing plots: the balanced ANOVA of anova.ts needs every plot. In block designs the blocks
 *   with a missing plot are left out (the complete blocks are still a balanced DBC); in DIC a
 *   missing plot leaves unequal replicates, which the analysis does not handle, so it is refused.
 *   So is one in the Latin square: leaving out its row would leave the columns incomplete.
 * - Abbott's efficacy (Abbott 1925, J. Econ. Entomol. 18:265-267): E = (1 − T/C)·100, T and C the
 *   means of the treatment and of the untreated control; the letters come from Tukey's test on the
 *   plot efficacies (1 − y_ij/C)·100 with the trial's design. In the Latin square the control's
 *   plots leave the columns incomplete (each misses one treatment) while every row still holds each
 *   other treatment once: the efficacies are analysed with the rows as blocks (the column effect
 *   stays in the residual).
 * - Area under the disease progress curve (AACPD/AUDPC; Shaner & Finney 1977, Phytopathology
 *   67:1051-1056): Σ (y_i + y_{i+1})/2 · (t_{i+1} − t_i), trapezoids over the days between dates.
 */
import { anova } from './anova.js';
import { delineamentoDe, type DesignInput } from './delineamento.js';
import { StatsInputError } from './stats-input-error.js';
import { tukey } from './tukey.js';

const ALPHA = 0.05;

/** A treatment's plots as typed: null is a missing plot (never 0). */
export interface TratamentoAvaliacao {
  nome: string;
  /** One value per block (DBC) or plot (DIC); null where the plot has no value. */
  valores: (number | null)[];
}

export interface ParcelaFaltante {
  tratamento: string;
  /** 1-based block (or plot, in DIC). */
  bloco: number;
}

export interface ParcelasCompletas {
  tratamentos: { nome: string; repeticoes: number[] }[];
  faltantes: ParcelaFaltante[];
  /** 1-based blocks left out because some plot in them has no value. */
  blocosRemovidos: number[];
}

const nomeDe = (nome: string, i: number): string => String(nome ?? '').trim() || `tratamento ${i + 1}`;

/** "T2 (Fungicida A) bloco 3" ("parcela 3" in DIC, which has no blocks; "linha 3" in the Latin square): how the messages name a plot. */
const descreverParcela = (f: ParcelaFaltante, indice: number, unidade: 'bloco' | 'parcela' | 'linha'): string =>
  `T${indice + 1} (${f.tratamento}) ${unidade} ${f.bloco}`;

/**
 * The plots the analysis can use. Block designs keep the blocks every treatment has a value in
 * (at least 2 of them); DIC with a missing plot is refused. Throws StatsInputError (pt-BR) naming
 * the missing plots when nothing analysable remains.
 */
export function parcelasCompletas(design: DesignInput, tratamentos: TratamentoAvaliacao[]): ParcelasCompletas {
  const delineamento = delineamentoDe(design);
  if (!Array.isArray(tratamentos) || tratamentos.length === 0) {
    throw new StatsInputError('Não há tratamentos informados na avaliação.');
  }
  const r = Math.max(...tratamentos.map((t) => (Array.isArray(t.valores) ? t.valores.length : 0)));
  const faltantes: ParcelaFaltante[] = [];
  const indices: number[] = [];
  tratamentos.forEach((t, i) => {
    for (let j = 0; j < r; j++) {
      const v = t.valores?.[j];
      if (v === null || v === undefined) {
        faltantes.push({ tratamento: nomeDe(t.nome, i), bloco: j + 1 });
        indices.push(i);
      } else if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new StatsInputError(`Valor inválido no bloco ${j + 1} de "${nomeDe(t.nome, i)}": informe um número.`);
      }
    }
  });
  const unidade = delineamento === 'DIC' ? 'parcela' : delineamento === 'DQL' ? 'linha' : 'bloco';
  const lista = (): string => faltantes.map((f, n) => descreverParcela(f, indices[n] ?? 0, unidade)).join(', ');
  if (faltantes.length === 0) {
    return {
      tratamentos: tratamentos.map((t) => ({ nome: t.nome, repeticoes: t.valores.map((v) => v ?? 0) })),
      faltantes,
      blocosRemovidos: [],
    };
  }
  if (delineamento === 'DIC') {
    throw new StatsInputError(
      `Parcelas sem valor: ${lista()}. No delineamento inteiramente casualizado todos os tratamentos precisam ter o mesmo número de parcelas com valor: preencha ou confira essas parcelas.`,
    );
  }
  if (delineamento === 'DQL') {
    throw new StatsInputError(
      `Parcelas sem valor: ${lista()}. No quadrado latino cada tratamento aparece uma vez em cada linha e em cada coluna, e deixar uma linha de fora desfaz as colunas: preencha ou confira essas parcelas.`,
    );
  }
  const removidos = [...new Set(faltantes.map((f) => f.bloco))].sort((a, b) => a - b);
  const completos = Array.from({ length: r }, (_, j) => j).filter((j) => !removidos.includes(j + 1));
  if (completos.length < 2) {
    throw new StatsInputError(
      `Parcelas sem valor: ${lista()}. A análise em blocos usa só os blocos completos e precisa de pelo menos 2 blocos completos (restam ${completos.length}): preencha essas parcelas.`,
    );
  }
  return {
    tratamentos: tratamentos.map((t) => ({ nome: t.nome, repeticoes: completos.map((j) => t.valores[j] ?? 0) })),
    faltantes,
    blocosRemovidos: removidos,
  };
}

export interface EficaciaAbbott {
  nome: string;
  /** (1 − mean/mean of the control)·100; null when the control's mean is 0. */
  pct: number | null;
  /** Tukey's letters on the plot efficacies at 5 % ("a" the highest efficacy); "" when pct is null. */
  letras: string;
}

const media = (values: readonly number[]): number => values.reduce((acc, v) => acc + v, 0) / values.length;

/**
 * Abbott's efficacy of every treatment but the first (the control), with Tukey's letters from the
 * ANOVA of the plot efficacies in the trial's design (blocks in DBC); every treatment gets "a"
 * when F is not significant at 5 % (index.ts's convention) or when fewer than 2 treatments are compared.
 */
export function eficaciaAbbott(design: DesignInput, tratamentos: { nome: string; repeticoes: number[] }[]): EficaciaAbbott[] {
  const delineamento = delineamentoDe(design);
  if (!Array.isArray(tratamentos) || tratamentos.length < 2) {
    throw new StatsInputError('A eficácia de Abbott precisa da testemunha (o primeiro tratamento) e de pelo menos mais um tratamento.');
  }
  const r = tratamentos[0]?.repeticoes.length ?? 0;
  tratamentos.forEach((t, i) => {
    if (t.repeticoes.length !== r || r === 0) {
      throw new StatsInputError(
        `Número de parcelas diferente entre os tratamentos ("${nomeDe(t.nome, i)}" tem ${t.repeticoes.length}, a testemunha ${r}): use parcelasCompletas() antes.`,
      );
    }
    if (t.repeticoes.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
      throw new StatsInputError(`Valor inválido em "${nomeDe(t.nome, i)}": informe um número em cada parcela.`);
    }
  });
  const [controle, ...outros] = tratamentos;
  const c = media(controle?.repeticoes ?? []);
  if (c === 0) return outros.map((t) => ({ nome: t.nome, pct: null, letras: '' }));
  const eficacias = outros.map((t) => t.repeticoes.map((y) => (1 - y / c) * 100));
  const pcts = outros.map((t) => (1 - media(t.repeticoes) / c) * 100);
  const todosA = (): EficaciaAbbott[] => outros.map((t, i) => ({ nome: t.nome, pct: pcts[i] ?? null, letras: 'a' }));
  if (outros.length < 2) return todosA();
  // Equal efficacies everywhere (e.g. 100 % in every plot) differ in nothing: no ANOVA to run.
  const todas = eficacias.flat();
  if (todas.every((v) => v === todas[0])) return todosA();
  // Without the control a Latin square's rows are still complete blocks; its columns are not.
  const result = anova(eficacias, delineamento === 'DQL' ? 'DBC' : delineamento);
  // Names may repeat or be blank: the letters are matched back by index.
  const hsd = tukey({
    nomes: outros.map((_, i) => String(i)),
    medias: result.medias,
    r: result.r,
    qmRes: result.residuo.qm,
    glRes: result.residuo.gl,
    significativo: result.tratamentos.p < ALPHA,
    alpha: ALPHA,
  });
  const letras = new Map(hsd.grupos.map((g) => [Number(g.nome), g.letras]));
  return outros.map((t, i) => ({ nome: t.nome, pct: pcts[i] ?? null, letras: letras.get(i) ?? 'a' }));
}

export interface PontoAvaliacao {
  /** YYYY-MM-DD. */
  data: string;
  valor: number | null;
}

const DIA_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC: no daylight-saving hour in a difference). */
function diaDe(data: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(data ?? '').trim());
  const [, ano, mes, dia] = m ?? [];
  const t = Date.UTC(Number(ano), Number(mes) - 1, Number(dia));
  const d = new Date(t);
  if (!m || d.getUTCFullYear() !== Number(ano) || d.getUTCMonth() !== Number(mes) - 1 || d.getUTCDate() !== Number(dia)) {
    throw new StatsInputError(`Data de avaliação inválida: "${String(data)}". Use o formato AAAA-MM-DD.`);
  }
  return t / DIA_MS;
}

/** The dates as days with their input positions, sorted; a repeated date is refused. */
function ordenarDatas(datas: readonly string[]): { indice: number; dia: number }[] {
  const dias = datas.map((d, indice) => ({ indice, dia: diaDe(d) }));
  const vistos = new Set<number>();
  for (const [i, d] of dias.entries()) {
    if (vistos.has(d.dia))
      throw new StatsInputError(`A data ${datas[i] ?? ''} aparece mais de uma vez: cada avaliação precisa de uma data diferente.`);
    vistos.add(d.dia);
  }
  return dias.sort((a, b) => a.dia - b.dia);
}

/**
 * AACPD of one plot: trapezoids over the days between its assessments, sorted by date. null when
 * a value is missing or there are fewer than 2 dates; repeated dates are refused.
 */
export function aacpd(pontos: PontoAvaliacao[]): number | null {
  const ordem = ordenarDatas(pontos.map((p) => p.data));
  const valores = pontos.map((p) => p.valor);
  if (valores.some((v) => v !== null && (typeof v !== 'number' || !Number.isFinite(v)))) {
    throw new StatsInputError('Valor de avaliação inválido: informe um número ou deixe a parcela vazia.');
  }
  if (ordem.length < 2 || valores.some((v) => v === null)) return null;
  let area = 0;
  for (let i = 0; i + 1 < ordem.length; i++) {
    const a = ordem[i];
    const b = ordem[i + 1];
    if (!a || !b) continue;
    area += (((valores[a.indice] ?? 0) + (valores[b.indice] ?? 0)) / 2) * (b.dia - a.dia);
  }
  return area;
}

export interface CurvaProgresso {
  nome: string;
  /** Sorted by date; media is null when no plot has a value on that date. */
  pontos: { data: string; media: number | null }[];
}

/** Each treatment's mean over its filled plots on every date (the disease progress curve), sorted by date. */
export function curvaProgresso(datas: string[], tratamentos: { nome: string; valores: (number | null)[][] }[]): CurvaProgresso[] {
  const ordem = ordenarDatas(datas);
  return tratamentos.map((t, i) => {
    if (!Array.isArray(t.valores) || t.valores.length !== datas.length) {
      throw new StatsInputError(
        `"${nomeDe(t.nome, i)}" tem valores para ${Array.isArray(t.valores) ? t.valores.length : 0} datas, e a avaliação tem ${datas.length}.`,
      );
    }
    return {
      nome: t.nome,
      pontos: ordem.map(({ indice }) => {
        const preenchidos = (t.valores[indice] ?? []).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
        return { data: datas[indice] ?? '', media: preenchidos.length ? media(preenchidos) : null };
      }),
    };
  });
}
