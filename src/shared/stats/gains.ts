/**
 * Each gain over the control priced against its treatment's cost: net return (extra revenue −
 * cost) and return per real spent. Paired by position, never by name: the i-th gain belongs to
 * the (i+1)-th treatment given to analyze(), so two treatments written alike keep their own cost.
 */
import type { Ganho } from './index.js';

export interface GanhoComRetorno extends Ganho {
  /** R$/ha of the treatment (0 when none was recorded). */
  custo: number;
  /** Extra revenue − cost; null without a bag price. */
  retornoLiquido: number | null;
  /** Extra revenue per real spent; null without a bag price or without a positive cost. */
  retornoPorReal: number | null;
}

/**
 * @param ganhos `analyze(…).ganhos`
 * @param custos the cost of every treatment in the order given to analyze(), the control first
 */
export function ganhosComRetorno(ganhos: readonly Ganho[], custos: readonly (number | null | undefined)[]): GanhoComRetorno[] {
  if (custos.length !== ganhos.length + 1) {
    throw new Error(`ganhosComRetorno: ${ganhos.length} ganhos pedem ${ganhos.length + 1} custos (recebidos ${custos.length})`);
  }
  return ganhos.map((g, i) => {
    const custo = custos[i + 1] ?? 0;
    return {
      ...g,
      custo,
      retornoLiquido: g.receitaExtra === null ? null : g.receitaExtra - custo,
      retornoPorReal: g.receitaExtra === null || custo <= 0 ? null : g.receitaExtra / custo,
    };
  });
}
