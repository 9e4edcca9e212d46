import { describe, expect, it } from 'vitest';
import { ganhosComRetorno } from './gains.js';
import { analyze, type Ganho } from './index.js';

const ganho = (nome: string, receitaExtra: number | null): Ganho => ({ nome, kgHa: 600, scHa: 10, pct: 20, receitaExtra });

describe('ganhosComRetorno', () => {
  it('pairs each gain with its own treatment by position, even when two treatments share a name', () => {
    // The control (cost 5) comes first in custos; the two "Bioestimulante" gains keep 100 and 400.
    const out = ganhosComRetorno([ganho('Bioestimulante', 1000), ganho('Bioestimulante', 1000)], [5, 100, 400]);
    expect(out.map((g) => g.custo)).toEqual([100, 400]);
    expect(out.map((g) => g.retornoLiquido)).toEqual([900, 600]);
    expect(out.map((g) => g.retornoPorReal)).toEqual([10, 2.5]);
  });

  it('prices nothing without a bag price, and gives no return per real without a positive cost', () => {
    const out = ganhosComRetorno([ganho('A', null), ganho('B', 300), ganho('C', 300)], [0, 50, 0, null]);
    expect(out.map((g) => [g.custo, g.retornoLiquido, g.retornoPorReal])).toEqual([
      [50, null, null],
      [0, 300, null],
      [0, 300, null],
    ]);
  });

  it('follows analyze(): a name typed with spaces still finds its cost', () => {
    const analysis = analyze({
      design: 'DBC',
      tratamentos: [
        { nome: 'Testemunha', repeticoes: [3000, 3100, 2900, 3050] },
        { nome: ' Produto X ', repeticoes: [3620, 3680, 3510, 3640] },
      ],
      precoSaca: 120,
    });
    const [g] = ganhosComRetorno(analysis.ganhos, [0, 200]);
    expect(g!.nome).toBe('Produto X');
    expect(g!.custo).toBe(200);
    expect(g!.retornoLiquido).toBeCloseTo(g!.receitaExtra! - 200, 9);
  });

  it('refuses costs that do not match the treatments', () => {
    expect(() => ganhosComRetorno([ganho('A', 1)], [1])).toThrow(/2 custos/);
  });
});
