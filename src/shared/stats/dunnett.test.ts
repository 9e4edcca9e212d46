import { describe, expect, it } from 'vitest';
// The numbers base R printed for tests/fixtures/stats/dunnett.R (nested integrate(), rel.tol 1e-12).
import printed from '../../../tests/fixtures/stats/dunnett.out?raw';
import { studentTCdf } from './distributions.js';
import { dunnett, pDunnett } from './dunnett.js';
import { analyze } from './index.js';

interface Grade {
  m: number;
  gl: number;
  t: number;
  bilateral: number;
  superior: number;
}

interface Caso {
  nome: string;
  design: 'DBC' | 'DIC';
  repeticoes: number[][];
  medias: number[];
  qm: number;
  gl: number;
  bilateral: number[];
  superior: number[];
}

function fixture(): { grade: Grade[]; casos: Caso[] } {
  const text: string = printed;
  const grade: Grade[] = [];
  const byCase = new Map<string, Map<string, string[]>>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [nome = '', key = '', ...values] = line.trim().split(/\s+/);
    if (nome === 'grade') {
      const [m, gl, t, bilateral, superior] = values.map(Number);
      grade.push({ m: m!, gl: gl!, t: t!, bilateral: bilateral!, superior: superior! });
      continue;
    }
    const keys = byCase.get(nome) ?? new Map<string, string[]>();
    byCase.set(nome, keys);
    keys.set(key, values);
  }
  const casos = [...byCase.entries()].map(([nome, keys]) => {
    const one = (key: string) => keys.get(key) ?? [];
    const [design, kText, rText, ...ys] = one('dados');
    const k = Number(kText);
    const r = Number(rText);
    return {
      nome,
      design: design === 'DBC' ? ('DBC' as const) : ('DIC' as const),
      repeticoes: Array.from({ length: k }, (_, i) => ys.slice(i * r, (i + 1) * r).map(Number)),
      medias: one('medias').map(Number),
      qm: Number(one('qm')[0]),
      gl: Number(one('gl')[0]),
      bilateral: one('bilateral').map(Number),
      superior: one('superior').map(Number),
    };
  });
  return { grade, casos };
}

/** The tolerance a p-value must meet: 1e-6 relative for p ≥ 1e-8, 1e-10 absolute below. */
function erro(actual: number, expected: number): number {
  return expected >= 1e-8 ? Math.abs(actual / expected - 1) : Math.abs(actual - expected) / 1e-4;
}

describe('pDunnett against base R (tests/fixtures/stats/dunnett.R)', () => {
  const { grade, casos } = fixture();

  it('has the committed grid (m = 1 … 19, gl = 1 … 10 000, p from ~1 down to 1e-11) and trials', () => {
    expect(grade.length).toBeGreaterThanOrEqual(50);
    expect(new Set(grade.map((g) => g.gl)).size).toBeGreaterThanOrEqual(8);
    expect(Math.min(...grade.map((g) => g.bilateral))).toBeLessThan(1e-10);
    expect(casos.map((c) => c.nome)).toEqual(['montgomery', 'sorgo', 'soja8', 'soja20']);
  });

  it('every p of the grid to 1e-8 relative (1e-6 is required)', () => {
    let pior = 0;
    for (const g of grade) {
      for (const lado of ['bilateral', 'superior'] as const) {
        const p = pDunnett(g.t, g.m, g.gl, lado);
        const e = erro(p, g[lado]);
        pior = Math.max(pior, e);
        expect(e, `m=${g.m} gl=${g.gl} t=${g.t} ${lado}: ${p} vs ${g[lado]}`).toBeLessThan(1e-8);
      }
    }
    expect(pior).toBeLessThan(1e-8);
  });

  it('dunnett() on the trials: the differences and both p values of every treatment', () => {
    for (const c of casos) {
      const r = c.repeticoes[0]!.length;
      const nomes = c.medias.map((_, i) => `T${i + 1}`);
      const out = dunnett({ nomes, medias: c.medias, r, qmRes: c.qm, glRes: c.gl });
      expect(out.bilateral.map((x) => x.nome)).toEqual(nomes.slice(1));
      out.bilateral.forEach((x, i) => {
        expect(x.diferenca).toBeCloseTo(c.medias[i + 1]! - c.medias[0]!, 9);
        expect(erro(x.p, c.bilateral[i]!), `${c.nome} ${x.nome} bilateral`).toBeLessThan(1e-8);
      });
      out.superior.forEach((x, i) => expect(erro(x.p, c.superior[i]!), `${c.nome} ${x.nome} superior`).toBeLessThan(1e-8));
    }
  });

  it('analyze() carries them, computed from its own ANOVA', () => {
    for (const c of casos) {
      const a = analyze({
        design: c.design,
        tratamentos: c.repeticoes.map((repeticoes, i) => ({ nome: `T${i + 1}`, repeticoes })),
      });
      a.dunnett.bilateral.forEach((x, i) => expect(erro(x.p, c.bilateral[i]!), `${c.nome} ${x.nome}`).toBeLessThan(1e-7));
      a.dunnett.superior.forEach((x, i) => expect(erro(x.p, c.superior[i]!), `${c.nome} ${x.nome}`).toBeLessThan(1e-7));
    }
  });
});

describe('pDunnett: exact cases and published tables', () => {
  it("one comparison is Student's t test, two- and one-sided", () => {
    for (const gl of [1, 2, 3, 7, 12, 40, 500]) {
      for (const t of [-3, -0.4, 0.25, 1.7, 4, 11]) {
        const cauda = 1 - studentTCdf(Math.abs(t), gl);
        expect(pDunnett(t, 1, gl, 'bilateral')).toBeCloseTo(2 * cauda, 12);
        expect(pDunnett(t, 1, gl, 'superior')).toBeCloseTo(1 - studentTCdf(t, gl), 12);
      }
    }
  });

  it('at t = 0 the one-sided p is m/(m + 1) (orthant probability for ρ = 1/2) and the two-sided 1', () => {
    for (const m of [1, 2, 5, 19]) {
      expect(pDunnett(0, m, 10, 'superior')).toBeCloseTo(m / (m + 1), 14);
      expect(pDunnett(0, m, 10, 'bilateral')).toBe(1);
    }
  });

  it("Montgomery's etch-rate example: Dunnett's table gives d(3, 16) = 2,59 two-sided and 2,23 one-sided at 5 %", () => {
    // The critical values are printed to two decimals: the 5 % point lies within ±0,005 of them.
    expect(pDunnett(2.585, 3, 16, 'bilateral')).toBeGreaterThan(0.05);
    expect(pDunnett(2.595, 3, 16, 'bilateral')).toBeLessThan(0.05);
    expect(pDunnett(2.225, 3, 16, 'superior')).toBeGreaterThan(0.05);
    expect(pDunnett(2.235, 3, 16, 'superior')).toBeLessThan(0.05);
    // Montgomery: every power differs from 160 W (differences 36,2; 74,2; 155,8 > 29,92).
    const out = dunnett({ nomes: ['160', '180', '200', '220'], medias: [551.2, 587.4, 625.4, 707], r: 5, qmRes: 333.7, glRes: 16 });
    expect(out.bilateral.map((x) => x.diferenca)).toEqual([expect.closeTo(36.2, 9), expect.closeTo(74.2, 9), expect.closeTo(155.8, 9)]);
    expect(out.bilateral.every((x) => x.p < 0.05)).toBe(true);
  });

  it('tends to the normal limit as gl grows, and takes gl = Infinity', () => {
    const limite = pDunnett(2.5, 19, Infinity, 'bilateral');
    expect(Math.abs(pDunnett(2.5, 19, 1e7, 'bilateral') / limite - 1)).toBeLessThan(1e-5);
    expect(pDunnett(2.5, 19, 1e4, 'bilateral')).toBeGreaterThan(limite);
  });

  it('is monotone in t and stays in [0, 1] at the extremes', () => {
    for (const gl of [1, 4, 60, 10_000]) {
      let anterior = 1;
      for (let t = 0; t <= 40; t += 0.5) {
        const p = pDunnett(t, 9, gl, 'bilateral');
        expect(p).toBeLessThanOrEqual(anterior + 1e-15);
        expect(p).toBeGreaterThanOrEqual(0);
        anterior = p;
      }
    }
    expect(pDunnett(Infinity, 4, 10, 'bilateral')).toBe(0);
    expect(pDunnett(-Infinity, 4, 10, 'superior')).toBe(1);
    expect(pDunnett(-1e9, 4, 10, 'superior')).toBe(1);
  });

  it('refuses what is not a number of comparisons or degrees of freedom', () => {
    expect(() => pDunnett(1, 0, 10, 'bilateral')).toThrow(RangeError);
    expect(() => pDunnett(1, 2.5, 10, 'bilateral')).toThrow(RangeError);
    expect(() => pDunnett(1, 2, 0, 'bilateral')).toThrow(RangeError);
    expect(() => pDunnett(1, 2, 7.5, 'bilateral')).toThrow(RangeError);
  });

  // How fast it is is measured by the benchmark (scripts/bench-save.mjs reads the analysis), not here.
  it('20 treatments: the 38 p values of a trial, also for a number of treatments not seen before', () => {
    const medias = Array.from({ length: 20 }, (_, i) => 3000 + 37 * i);
    const nomes = medias.map((_, i) => `T${i}`);
    dunnett({ nomes, medias: medias.slice(0, 3), r: 4, qmRes: 9000, glRes: 38 }); // the shared tables
    const out = dunnett({ nomes, medias, r: 12, qmRes: 15_000, glRes: 220 });
    expect(out.superior).toHaveLength(19);
    expect(out.bilateral).toHaveLength(19);
    for (const c of [...out.superior, ...out.bilateral]) expect(c.p).toBeGreaterThanOrEqual(0);
  });
});
