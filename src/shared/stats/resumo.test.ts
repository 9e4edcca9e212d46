import { describe, expect, it } from 'vitest';
import { ALPHA, analyzeCore, resumoEnsaio, StatsInputError, type AnalyzeInput, type ResumoEnsaio } from './index.js';
import { rPressupostos } from './pressupostos-fixture.test-helper.js';
import { rCases } from './r-fixture.test-helper.js';
import { rRegressaoCases } from './regressao.test-helper.js';
import { BATATA_DOCE, ENXERTO_VASCULAR, INSECT_SPRAYS, SORGO, asInput } from './test-helpers.js';

/** The summary as it was taken from the full core analysis, the reference resumoEnsaio() must equal. */
function fromCore(input: AnalyzeInput): ResumoEnsaio {
  const a = analyzeCore(input);
  const control = a.testemunha?.media ?? 0;
  const best = Math.max(...a.tukey.grupos.filter((g) => g.nome !== a.testemunha?.nome).map((g) => g.media));
  return { vitoria: (a.anova.tratamentos.p ?? 1) < ALPHA && best - control > a.tukey.dms, cv: a.cv };
}

/** Both answers, or both errors (StatsInputError with the same message). */
function outcome(f: () => ResumoEnsaio): ResumoEnsaio | { erro: string } {
  try {
    return f();
  } catch (err) {
    if (err instanceof StatsInputError) return { erro: err.message };
    throw err;
  }
}

function expectSame(input: AnalyzeInput): ResumoEnsaio | { erro: string } {
  const expected = outcome(() => fromCore(input));
  // toStrictEqual tells 0 from -0 and compares numbers with Object.is: the same bits, not close.
  expect(outcome(() => resumoEnsaio(input))).toStrictEqual(expected);
  return expected;
}

const table = (design: AnalyzeInput['design'], repeticoes: number[][]): AnalyzeInput => ({
  design,
  tratamentos: repeticoes.map((r, i) => ({ nome: i ? `T${i + 1}` : 'Testemunha', repeticoes: r })),
});

// Park–Miller: the same datasets on every run.
function generator(seed: number) {
  let s = seed;
  const uniform = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

const DESIGNS: AnalyzeInput['design'][] = ['DBC', 'Inteiramente Casualizado', 'Fatorial DBC', 'Fatorial DIC', 'ANOVA'];

/** A trial of k treatments × r replicates: effects, block effects and noise at a random scale. */
function randomTrial(g: ReturnType<typeof generator>, i: number): AnalyzeInput {
  const k = 2 + Math.floor(g.uniform() * 24);
  const r = 2 + Math.floor(g.uniform() * 11);
  const sd = 50 + g.uniform() * 400;
  const spread = g.uniform() * 3 * sd;
  const effects = Array.from({ length: k }, () => g.normal() * spread);
  const blocks = Array.from({ length: r }, () => g.normal() * sd);
  const round = i % 3 === 0 ? (v: number) => Math.round(v) : (v: number) => Math.round(v * 1000) / 1000;
  return table(
    DESIGNS[i % DESIGNS.length] ?? 'DBC',
    effects.map((e) => blocks.map((b) => Math.max(0, round(3500 + e + b + g.normal() * sd)))),
  );
}

/**
 * The trial with its best treatment moved (every replicate by the same amount) so that its gap over
 * the control is `factor` × Tukey's DMS: residuals, residual mean square and DMS do not move.
 */
function atTheDms(input: AnalyzeInput, factor: number): AnalyzeInput {
  const a = analyzeCore(input);
  const medias = input.tratamentos.map((t) => t.repeticoes.reduce((x, y) => x + y, 0) / t.repeticoes.length);
  const control = medias[0] ?? 0;
  let best = 1;
  medias.forEach((m, i) => {
    if (i > 0 && m > (medias[best] ?? 0)) best = i;
  });
  const shift = control + factor * a.tukey.dms - (medias[best] ?? 0);
  return {
    ...input,
    tratamentos: input.tratamentos.map((t, i) => (i === best ? { ...t, repeticoes: t.repeticoes.map((v) => v + shift) } : t)),
  };
}

describe('resumoEnsaio() against analyzeCore()', () => {
  it('is the same on the worked examples and on every trial of the R fixtures', () => {
    const examples = [SORGO, BATATA_DOCE, ENXERTO_VASCULAR].map((e) => asInput(e));
    const fixtures = [
      ...rCases().map((c) => table(c.design, c.repeticoes)),
      ...rPressupostos().map((c) => table(c.design, c.repeticoes)),
      ...rRegressaoCases().map((c) => table(c.design, c.repeticoes)),
      table('Inteiramente Casualizado', INSECT_SPRAYS),
    ];
    const results = [...examples, ...fixtures].map(expectSame);
    expect(results.length).toBeGreaterThan(10);
    // Both answers occur: the fixtures test the comparison, not only the F test.
    expect(results.some((r) => 'vitoria' in r && r.vitoria)).toBe(true);
    expect(results.some((r) => 'vitoria' in r && !r.vitoria)).toBe(true);
  });

  it('is the same on 600 generated trials of 2 to 25 treatments and 2 to 12 replicates', () => {
    const g = generator(20_261_129);
    const results = Array.from({ length: 600 }, (_, i) => expectSame(randomTrial(g, i)));
    const won = results.filter((r) => 'vitoria' in r && r.vitoria).length;
    const lost = results.filter((r) => 'vitoria' in r && !r.vitoria).length;
    expect(won).toBeGreaterThan(50);
    expect(lost).toBeGreaterThan(50);
    // ~5 s alone; the heaviest unit test, so it keeps room for a machine shared with other work.
  }, 120_000);

  it('is the same when the gap is Tukey’s DMS itself or a hair either side (the qtukey fallback)', () => {
    const g = generator(7);
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const base = randomTrial(g, i);
      // Only trials whose F stays significant reach the comparison with the DMS.
      if (!('vitoria' in outcome(() => fromCore(base)))) continue;
      for (const factor of [1, 1 - 1e-12, 1 + 1e-12, 1 - 1e-7, 1 + 1e-7, 0.999, 1.001]) {
        const moved = atTheDms(base, factor);
        expectSame(moved);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('fails as analyzeCore() does, with its message', () => {
    const cases: AnalyzeInput[] = [
      table('DBC', [[3000, 3100]]),
      table('Látice' as AnalyzeInput['design'], [
        [1, 2],
        [3, 4],
      ]),
      // A Latin square without its columns.
      table('Quadrado Latino', [
        [3000, 3100],
        [3200, 3350],
      ]),
      table('DBC', [
        [3000, 3000, 3000],
        [3000, 3000, 3000],
      ]),
      table('DBC', [
        [3000, 3100],
        [3000, 3100, 3200],
      ]),
      table('DBC', [
        [3000, -1],
        [3000, 3100],
      ]),
      // Differences under a billionth of the mean.
      table('DBC', [
        [3000, 3000.000000000001],
        [3000, 3000],
      ]),
      // A perfect additive fit: no residual.
      table('DBC', [
        [1000, 1100, 1200],
        [1050, 1150, 1250],
      ]),
      // Treatments differ, the residuals only in their last bits: the ANOVA runs, Shapiro-Wilk cannot.
      table('Inteiramente Casualizado', [
        [0.5, 0.5 + 1e-11, 0.5 - 1e-11, 0.5],
        [0.5 + 1e-8, 0.5 + 1e-8 + 1e-11, 0.5 + 1e-8, 0.5 + 1e-8 - 1e-11],
      ]),
    ];
    for (const input of cases) expect(expectSame(input)).toHaveProperty('erro');
    expect(outcome(() => resumoEnsaio(cases.at(-1) as AnalyzeInput))).toStrictEqual({
      erro: expect.stringContaining('Os resíduos não variam') as unknown as string,
    });
  });
});
