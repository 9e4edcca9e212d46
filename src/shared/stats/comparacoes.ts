/**
 * Fisher's LSD (t), Student-Newman-Keuls and Duncan's multiple range test, for the same
 * means, replicates and residual as Tukey's test, at level α (5 %):
 *   LSD (DMS)        = t(1 − α/2; ν) · √(2·QMres / r)                  one difference for all pairs
 *   SNK, p means     = q(1 − α; p, ν) · √(QMres / r)                   p = 2 … k
 *   Duncan, p means  = q((1 − α)^(p − 1); p, ν) · √(QMres / r)         protection level 1 − (1 − α)^(p − 1)
 * (Steel, Torrie & Dickey 1997, §8; Duncan 1955, Biometrics 11:1-42; Keuls 1952; Newman 1939).
 *
 * Letters are the textbook step-down display, the same for the three tests: ranges of p
 * consecutive means (sorted in decreasing order) are examined from the widest (p = k) down; a range
 * inside one already found homogeneous is homogeneous (it is not tested: the usual protection),
 * otherwise it is homogeneous when its highest minus its lowest mean is at most the critical
 * difference for p means. Each maximal homogeneous range gets a letter, "a" for the one holding the
 * highest mean; a mean carries the letters of every range it belongs to ("ab"). Reference values
 * and letters: tests/fixtures/stats/comparacoes.R, computed in base R with qt and qtukey.
 *
 * As for Tukey, when the treatment F test is not significant every mean gets "a" (ExpDes.pt does
 * not run a multiple comparison after a non-significant F; the protected LSD is Fisher's own).
 */
import { qtukey, studentTQuantile } from './distributions.js';
import { letra, ordemDecrescente, type GrupoMedia, type TukeyInput } from './tukey.js';

export interface LsdResult {
  /** t(1 − α/2; gl_res). */
  t: number;
  /** Diferença mínima significativa. */
  dms: number;
  /** Highest mean first. */
  grupos: GrupoMedia[];
}

/** Critical difference of SNK or Duncan for a range of `medias` consecutive means (2 … k). */
export interface AmplitudeCritica {
  medias: number;
  /** The studentized range quantile used. */
  q: number;
  dms: number;
}

export interface AmplitudesResult {
  amplitudes: AmplitudeCritica[];
  /** Highest mean first. */
  grupos: GrupoMedia[];
}

/**
 * Letters for means sorted in decreasing order, given the critical difference for a range of p
 * means (p ≥ 2). Exported for the tests.
 */
export function letrasPorAmplitude(sortedMeans: readonly number[], critica: (p: number) => number): string[] {
  const k = sortedMeans.length;
  if (k === 0) return [];
  const at = (i: number): number => sortedMeans[i] ?? 0;
  // homogeneo[i][j] (i < j): the range i..j was found homogeneous.
  const homogeneo: boolean[][] = Array.from({ length: k }, () => new Array<boolean>(k).fill(false));
  const dentroDeHomogeneo = (i: number, j: number): boolean => {
    for (let a = 0; a <= i; a++) for (let b = j; b < k; b++) if (homogeneo[a]?.[b]) return true;
    return false;
  };
  for (let p = k; p >= 2; p--) {
    const limite = critica(p);
    for (let i = 0; i + p - 1 < k; i++) {
      const j = i + p - 1;
      if (dentroDeHomogeneo(i, j) || at(i) - at(j) <= limite) (homogeneo[i] as boolean[])[j] = true;
    }
  }
  const labels = new Array<string>(k).fill('');
  let proxima = 0;
  let ultimoFim = -1;
  for (let i = 0; i < k; i++) {
    let fim = i;
    for (let j = k - 1; j > i; j--) {
      if (homogeneo[i]?.[j]) {
        fim = j;
        break;
      }
    }
    if (fim <= ultimoFim) continue; // inside the previous maximal range
    const nova = letra(proxima++);
    for (let t = i; t <= fim; t++) labels[t] += nova;
    ultimoFim = fim;
  }
  return labels;
}

function agrupar(input: TukeyInput, critica: (p: number) => number): GrupoMedia[] {
  const order = ordemDecrescente(input.medias);
  const sorted = order.map((i) => input.medias[i] ?? 0);
  const letras = input.significativo ? letrasPorAmplitude(sorted, critica) : sorted.map(() => 'a');
  return order.map((i, position) => ({
    nome: input.nomes[i] ?? '',
    media: input.medias[i] ?? 0,
    letras: letras[position] ?? 'a',
  }));
}

/** Fisher's least significant difference (t test) at level α. */
export function lsd(input: TukeyInput): LsdResult {
  const alpha = input.alpha ?? 0.05;
  const t = studentTQuantile(1 - alpha / 2, input.glRes);
  const dms = t * Math.sqrt((2 * input.qmRes) / input.r);
  return { t, dms, grupos: agrupar(input, () => dms) };
}

function amplitudes(input: TukeyInput, nivel: (p: number) => number): AmplitudeCritica[] {
  const erro = Math.sqrt(input.qmRes / input.r);
  const out: AmplitudeCritica[] = [];
  for (let p = 2; p <= input.medias.length; p++) {
    const q = qtukey(nivel(p), p, input.glRes);
    out.push({ medias: p, q, dms: q * erro });
  }
  return out;
}

function comAmplitudes(input: TukeyInput, nivel: (p: number) => number): AmplitudesResult {
  const tabela = amplitudes(input, nivel);
  return { amplitudes: tabela, grupos: agrupar(input, (p) => tabela[p - 2]?.dms ?? Infinity) };
}

/** Student-Newman-Keuls at level α: Tukey's quantile for each range of p means. */
export function snk(input: TukeyInput): AmplitudesResult {
  const alpha = input.alpha ?? 0.05;
  return comAmplitudes(input, () => 1 - alpha);
}

/** Duncan's multiple range test at level α: protection level 1 − (1 − α)^(p − 1). */
export function duncan(input: TukeyInput): AmplitudesResult {
  const alpha = input.alpha ?? 0.05;
  return comAmplitudes(input, (p) => (1 - alpha) ** (p - 1));
}
