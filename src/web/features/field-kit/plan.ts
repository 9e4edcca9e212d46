/**
 * How the field kit lays out a croqui on screen and paper (pure: tested without a DOM): treatment
 * codes, pages of at most 60 plots by whole blocks, the scale bar's length (the walking order is
 * shared/croqui.ts's ordemDeCaminhada, dates shared/format.ts's formatIsoDate).
 */
import type { ParcelaCroqui } from '../../../shared/field-plan.js';

/** "T1", "T2"…: the code a plot's stake and the sheets carry (the treatment's index + 1). */
export const codigoTratamento = (indice: number): string => `T${indice + 1}`;

/** At most this many plots on one printed A4 map. */
export const PARCELAS_POR_FOLHA = 60;

/**
 * The map's printed pages: whole blocks while they fit in `max` plots; a block larger than `max`
 * alone is cut by columns. Each page's plots keep their field row and column.
 */
export function paginarPorBlocos(parcelas: readonly ParcelaCroqui[], max = PARCELAS_POR_FOLHA): ParcelaCroqui[][] {
  const blocos = new Map<number, ParcelaCroqui[]>();
  for (const p of parcelas) blocos.set(p.bloco, [...(blocos.get(p.bloco) ?? []), p]);
  const paginas: ParcelaCroqui[][] = [];
  let atual: ParcelaCroqui[] = [];
  for (const bloco of [...blocos.keys()].sort((a, b) => a - b)) {
    const doBloco = [...(blocos.get(bloco) ?? [])].sort((a, b) => a.linha - b.linha || a.coluna - b.coluna);
    if (doBloco.length > max) {
      if (atual.length) paginas.push(atual);
      atual = [];
      for (let i = 0; i < doBloco.length; i += max) paginas.push(doBloco.slice(i, i + max));
      continue;
    }
    if (atual.length + doBloco.length > max) {
      paginas.push(atual);
      atual = [];
    }
    atual.push(...doBloco);
  }
  if (atual.length) paginas.push(atual);
  return paginas;
}

const PASSOS = [0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500];

/** A round length (m) about a quarter of `larguraTotal`, for the scale bar. */
export function comprimentoEscala(larguraTotal: number): number {
  const alvo = larguraTotal / 4;
  let melhor = PASSOS[0] as number;
  for (const p of PASSOS) if (p <= alvo) melhor = p;
  return melhor;
}
