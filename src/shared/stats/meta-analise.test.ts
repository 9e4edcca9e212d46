import { describe, expect, it } from 'vitest';
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/meta-analise.out?raw';
import { metaAnalise } from './meta-analise.js';
import { relClose, rOutputCases } from './r-fixture.test-helper.js';
import { StatsInputError } from './stats-input-error.js';

const casos = rOutputCases(printed).map(([nome, keys]) => {
  const nums = (key: string) => (keys.get(key)?.[0] ?? []).map(Number);
  return { nome, nums };
});

/** Equal to R to 1e-6, relative, or absolute near zero (τ² = 0). */
const close = (actual: number, expected: number) =>
  Math.abs(expected) < 1e-9
    ? expect(Math.abs(actual)).toBeLessThan(1e-8)
    : expect(relClose(actual, expected, 1e-6), `${actual} vs ${expected}`).toBe(true);

describe('random-effects meta-analysis (REML), against metafor::rma', () => {
  it('has the cases R printed, among them τ² = 0, large heterogeneity and real trial data', () => {
    expect(casos.map((c) => c.nome)).toEqual(['moderada', 'homogenea', 'heterogenea', 'dois', 'ferrugem']);
    const tau2 = Object.fromEntries(casos.map((c) => [c.nome, c.nums('tau2')[0]]));
    expect(tau2.homogenea).toBe(0);
    expect(casos.find((c) => c.nome === 'heterogenea')!.nums('i2')[0]).toBeGreaterThan(90);
    // Tebuconazole in the 28 soybean-rust network trials of 2010 (Embrapa; MIT-licensed data).
    expect(casos.find((c) => c.nome === 'ferrugem')!.nums('yi')).toHaveLength(28);
  });

  it.each(casos)('$nome: estimate, SE, CI, p, τ², I², Q, prediction interval and weights', ({ nums }) => {
    const r = metaAnalise(nums('yi'), nums('vi'));
    close(r.estimativa, nums('estimativa')[0]!);
    close(r.ep, nums('ep')[0]!);
    close(r.ic95[0], nums('ic95')[0]!);
    close(r.ic95[1], nums('ic95')[1]!);
    close(r.p, nums('p')[0]!);
    close(r.tau2, nums('tau2')[0]!);
    close(r.i2, nums('i2')[0]!);
    close(r.q, nums('q')[0]!);
    close(r.q_p, nums('q')[1]!);
    close(r.predicao[0], nums('predicao')[0]!);
    close(r.predicao[1], nums('predicao')[1]!);
    r.pesos.forEach((w, i) => close(w, nums('pesos')[i]!));
  });

  it('refuses what it cannot pool, in pt-BR', () => {
    expect(() => metaAnalise([10], [4])).toThrow(StatsInputError);
    expect(() => metaAnalise([10], [4])).toThrow('São necessários pelo menos 2 ensaios para a meta-análise (informado: 1).');
    expect(() => metaAnalise([10, 20], [4, 0])).toThrow('Cada variância precisa ser maior que zero');
    expect(() => metaAnalise([10, Number.NaN], [4, 5])).toThrow('Efeito ou variância inválidos');
  });
});
