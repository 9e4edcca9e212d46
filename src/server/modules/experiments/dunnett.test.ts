import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../test/app.js';
import { buildTreatment, createExperiment } from '../../test/factories.js';

const ctx = signedInApp();
const get = (url: string) => ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });

/** |actual − expected| ≤ 1e-7·expected */
const rel = (actual: number, expected: number) => Math.abs(actual / expected - 1);

describe('GET /api/experiments/:id/analise: Dunnett against the control', () => {
  it('carries the adjusted p values base R computes (tests/fixtures/stats/dunnett.out, "sorgo")', async () => {
    // Sorghum fodder, 5 varieties × 4 blocks; the control is the first, African tall.
    const ys = [
      [22.9, 25.9, 39.1, 33.9],
      [29.5, 30.4, 35.3, 29.6],
      [28.8, 24.4, 32.1, 28.6],
      [47, 40.9, 42.8, 32.1],
      [28.9, 20.4, 21.1, 31.8],
    ];
    const names = ['African tall', 'Co-11', 'FS-1', 'K-7', 'Co-24'];
    const tratamentos = names.map((nome, i) => buildTreatment({ nome, repeticoes: ys[i]! }));
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'DBC', tratamentos });
    const res = await get(`/api/experiments/${e.id}/analise`);
    expect(res.statusCode).toBe(200);
    const { dunnett: d } = res.json() as { dunnett: Record<'bilateral' | 'superior', { nome: string; diferenca: number; p: number }[]> };
    expect(d.bilateral.map((c) => c.nome)).toEqual(['Co-11', 'FS-1', 'K-7', 'Co-24']);
    expect(d.bilateral.map((c) => c.diferenca)).toEqual([0.75, -1.975, 10.25, -4.9].map((x) => expect.closeTo(x, 9)));
    const bilateral = [0.998815282163492, 0.957617424690095, 0.0625281190281979, 0.536102936472181];
    const superior = [0.730949068729699, 0.923274253306924, 0.0313265581315953, 0.987108274693462];
    d.bilateral.forEach((c, i) => expect(rel(c.p, bilateral[i]!), c.nome).toBeLessThan(1e-7));
    d.superior.forEach((c, i) => expect(rel(c.p, superior[i]!), c.nome).toBeLessThan(1e-7));
  });

  // Its speed is the benchmark's to measure (scripts/bench-save.mjs), not a test's.
  it('answers 20 treatments × 12 replicates with the 19 comparisons against the control', async () => {
    const tratamentos = Array.from({ length: 20 }, (_, i) => ({
      nome: `Tratamento ${i + 1}`,
      modalidade: 'Foliar' as const,
      repeticoes: Array.from({ length: 12 }, (_, j) => 3000 + 31 * i + ((j * 7919 + i * 104729) % 400)),
    }));
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'DBC', tratamentos });
    const res = await get(`/api/experiments/${e.id}/analise`);
    expect(res.statusCode).toBe(200);
    const a = res.json() as { dunnett: { bilateral: unknown[]; superior: unknown[] } };
    expect(a.dunnett.bilateral).toHaveLength(19);
    expect(a.dunnett.superior).toHaveLength(19);
  });
});
