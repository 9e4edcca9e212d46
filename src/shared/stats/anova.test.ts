import { describe, expect, it } from 'vitest';
import { anova } from './anova.js';
import { StatsInputError } from './stats-input-error.js';
import { BATATA_DOCE, ENXERTO_VASCULAR, SORGO, expectSig } from './test-helpers.js';

describe('ANOVA em blocos casualizados (DBC)', () => {
  it('reproduces the published sorghum RCBD table (stats-examples.json)', () => {
    const r = anova(SORGO.repeticoes, 'DBC');
    expect(r.delineamento).toBe('DBC');
    expect(r.blocos?.gl).toBe(3);
    expectSig(r.blocos?.sq, 80.8, 3);
    expectSig(r.blocos?.qm, 26.934, 5);
    expectSig(r.blocos?.f, 0.9205, 4);
    expectSig(r.blocos?.p, 0.46033, 5);
    expect(r.tratamentos.gl).toBe(4);
    expectSig(r.tratamentos.sq, 520.53, 5);
    expectSig(r.tratamentos.qm, 130.133, 5);
    expectSig(r.tratamentos.f, 4.4476, 5);
    expectSig(r.tratamentos.p, 0.01958, 4);
    expect(r.residuo.gl).toBe(12);
    expectSig(r.residuo.sq, 351.11, 5);
    expectSig(r.residuo.qm, 29.259, 5);
    expect(r.total.gl).toBe(19);
    expectSig(r.total.sq, 80.8015 + 520.53 + 351.106, 5);
    expectSig(r.media, 31.275, 5);
    expectSig(r.cv, 17.3, 3);
  });

  it("reproduces Montgomery's vascular-graft RCBD (Example 4.1) as printed by R", () => {
    const r = anova(ENXERTO_VASCULAR.repeticoes, 'DBC');
    expect([r.tratamentos.gl, r.blocos?.gl, r.residuo.gl, r.total.gl]).toEqual([3, 5, 15, 23]);
    expectSig(r.tratamentos.sq, 178.17, 5);
    expectSig(r.tratamentos.qm, 59.39, 4);
    expectSig(r.tratamentos.f, 8.107, 4);
    expectSig(r.tratamentos.p, 0.00192, 3);
    expectSig(r.blocos?.sq, 192.25, 5);
    expectSig(r.blocos?.qm, 38.45, 4);
    expectSig(r.blocos?.f, 5.249, 4);
    expectSig(r.blocos?.p, 0.00553, 3);
    expectSig(r.residuo.sq, 109.89, 5);
    expectSig(r.residuo.qm, 7.33, 3);
    expectSig(r.total.sq, 480.31, 5);
    expectSig(r.media, 2155.1 / 24, 6);
  });

  it('has residuals that sum to zero in every treatment and every block, and add up to SQres', () => {
    const r = anova(SORGO.repeticoes, 'DBC');
    const k = r.k;
    const reps = r.r;
    for (let i = 0; i < k; i++) {
      const sum = r.residuos.slice(i * reps, (i + 1) * reps).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum)).toBeLessThan(1e-9);
    }
    for (let j = 0; j < reps; j++) {
      let sum = 0;
      for (let i = 0; i < k; i++) sum += r.residuos[i * reps + j] ?? 0;
      expect(Math.abs(sum)).toBeLessThan(1e-9);
    }
    expectSig(
      r.residuos.reduce((a, e) => a + e * e, 0),
      r.residuo.sq,
      10,
    );
    expectSig(r.tratamentos.sq + (r.blocos?.sq ?? 0) + r.residuo.sq, r.total.sq, 10);
  });
});

describe('ANOVA inteiramente casualizada (DIC)', () => {
  it("reproduces agricolae's sweetpotato analysis", () => {
    const r = anova(BATATA_DOCE.repeticoes, 'DIC');
    expect(r.blocos).toBeNull();
    expect(r.residuo.gl).toBe(8);
    expectSig(r.residuo.qm, 22.48917, 7);
    expectSig(r.media, 27.625, 5);
    expectSig(r.cv, 17.1666, 6);
    expectSig(r.tratamentos.f, 17.345, 5);
    expect(r.medias.map((m) => Math.round(m * 1e5) / 1e5)).toEqual([24.4, 12.86667, 36.33333, 36.9]);
  });

  it('does not lose digits on large yields (kg/ha around 10⁸)', () => {
    const shifted = BATATA_DOCE.repeticoes.map((row) => row.map((v) => v + 1e8));
    const r = anova(shifted, 'DIC');
    expectSig(r.residuo.qm, 22.48917, 6);
    expectSig(r.tratamentos.f, 17.345, 5);
  });
});

describe('ANOVA refusals', () => {
  it('refuses data without any variation', () => {
    expect(() =>
      anova(
        [
          [3000, 3000],
          [3000, 3000],
        ],
        'DIC',
      ),
    ).toThrow(/Todos os valores são iguais/);
  });

  it('refuses a perfect additive fit (no residual variation)', () => {
    // treatment effect + block effect exactly: every residual is 0
    const perfect = [
      [3000, 3100, 3200],
      [3500, 3600, 3700],
      [2800, 2900, 3000],
    ];
    expect(() => anova(perfect, 'DBC')).toThrow(StatsInputError);
    expect(() => anova(perfect, 'DBC')).toThrow(/resíduos são todos nulos/);
  });

  it('refuses ragged tables', () => {
    expect(() =>
      anova(
        [
          [1, 2, 3],
          [1, 2],
        ],
        'DIC',
      ),
    ).toThrow(StatsInputError);
  });
});
