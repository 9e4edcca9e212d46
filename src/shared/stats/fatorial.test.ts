import { describe, expect, it } from 'vitest';
import type { DelineamentoFatorial } from '../constants.js';
import { analyze, analyzeCore, StatsInputError, type AnalyzeInput, type TratamentoInput } from './index.js';
import type { LinhaDesdobramento } from './fatorial.js';
import { relClose } from './r-fixture.test-helper.js';
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/fatorial.out?raw';

const DESIGN: Record<string, DelineamentoFatorial> = {
  FDIC: 'Fatorial DIC',
  FDBC: 'Fatorial DBC',
  FADBC: 'Fatorial DBC com adicional',
  PSDBC: 'Parcelas Subdivididas DBC',
};
const FATORES = { a: 'Produto', b: 'Dose' };
const FONTE: Record<string, string> = {
  A: 'Produto',
  B: 'Dose',
  AxB: 'Produto × Dose',
  FatVsAd: 'Fatorial vs Adicional',
  Blocos: 'Blocos',
  Residuo: 'Resíduo',
  ResiduoA: 'Resíduo (a)',
  ResiduoB: 'Resíduo (b)',
  Total: 'Total',
};

interface Desdobrado {
  nivel: string;
  valores: number[];
  dms: number;
  letras: string[];
}

interface FatorialCase {
  nome: string;
  input: AnalyzeInput;
  anova: { fonte: string; valores: (number | null)[] }[];
  cv: number[];
  medias: number[];
  significativa: boolean;
  adicional: number[] | null;
  erros: { bDentroDeA: number[]; aDentroDeB: number[] } | null;
  bDentroDeA: Desdobrado[];
  aDentroDeB: Desdobrado[];
  efeitos: { a: { dms: number; letras: string[] }; b: { dms: number; letras: string[] } } | null;
}

const num = (v: string | undefined): number | null => (v === undefined || v === 'NA' ? null : Number(v));

function cases(): FatorialCase[] {
  const text: string = printed;
  const byCase = new Map<string, [string, string[]][]>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [nome = '', key = '', ...values] = line.trim().split(/\s+/);
    byCase.set(nome, [...(byCase.get(nome) ?? []), [key, values]]);
  }
  return [...byCase.entries()].map(([nome, lines]) => {
    const all = (key: string) => lines.filter(([k]) => k === key).map(([, v]) => v);
    const one = (key: string) => all(key)[0] ?? [];
    const tratamentos: TratamentoInput[] = all('trat').map(([a = '', b = '', ...ys]) =>
      a === '-'
        ? { nome: 'Adicional', repeticoes: ys.map(Number) }
        : { nome: `${a} ${b}`, nivelA: a, nivelB: b, repeticoes: ys.map(Number) },
    );
    const desdobrado = (key: string): Desdobrado[] =>
      all(key).map(([nivel = '', ...rest]) => ({
        nivel,
        valores: rest.slice(0, 5).map(Number),
        dms: Number(rest[5]),
        letras: rest.slice(6),
      }));
    const efeito = (key: string) => {
      const [dms, ...letras] = one(key);
      return { dms: Number(dms), letras };
    };
    const significativa = one('interacao')[0] === 'sig';
    return {
      nome,
      input: { design: DESIGN[one('design')[0] ?? ''] ?? 'Fatorial DIC', fatores: FATORES, tratamentos },
      anova: all('anova').map(([fonte = '', ...v]) => ({ fonte: FONTE[fonte] ?? fonte, valores: v.map(num) })),
      cv: one('cv').map(Number),
      medias: one('medias').map(Number),
      significativa,
      adicional: all('adicional').length ? one('adicional').map(Number) : null,
      erros: significativa ? { bDentroDeA: one('erro_bdentroa').map(Number), aDentroDeB: one('erro_adentrob').map(Number) } : null,
      bDentroDeA: desdobrado('bdentroa'),
      aDentroDeB: desdobrado('adentrob'),
      efeitos: significativa ? null : { a: efeito('efeitoa'), b: efeito('efeitob') },
    };
  });
}

let maxRel = 0;
function close(actual: number | null | undefined, expected: number | null, what: string, rel = 1e-6): void {
  if (typeof actual === 'number' && typeof expected === 'number' && expected !== 0) {
    maxRel = Math.max(maxRel, Math.abs(actual - expected) / Math.abs(expected));
  }
  expect(relClose(actual, expected, rel), `${what}: ${actual} vs ${expected}`).toBe(true);
}

function expectLinha(l: LinhaDesdobramento, d: Desdobrado, what: string): void {
  expect(l.nivel).toBe(d.nivel);
  const [gl = 0, sq = 0, qm = 0, f = 0, p = 0] = d.valores;
  close(l.gl, gl, `${what} gl`, 1e-12);
  close(l.sq, sq, `${what} sq`);
  close(l.qm, qm, `${what} qm`);
  close(l.f, f, `${what} F`);
  close(l.p, p, `${what} p`);
  close(l.dms, d.dms, `${what} dms`);
}

describe('two-factor designs against base R (tests/fixtures/stats/fatorial.R)', () => {
  const all = cases();

  it('has every design, with and without a significant interaction', () => {
    expect(all.length).toBeGreaterThanOrEqual(13);
    for (const design of Object.values(DESIGN)) {
      expect(
        all.some((c) => c.input.design === design && c.significativa),
        `${design} sig`,
      ).toBe(true);
      expect(
        all.some((c) => c.input.design === design && !c.significativa),
        `${design} ns`,
      ).toBe(true);
    }
  });

  it.each(all.map((c) => [c.nome, c] as const))('%s: ANOVA rows, CV, means, desdobramento and letters', (_, c) => {
    const r = analyze(c.input);
    const fat = r.fatorial!;
    expect(fat.delineamento).toBe(c.input.design);
    expect(r.anova.linhas.map((l) => l.fonte)).toEqual(c.anova.map((l) => l.fonte));
    c.anova.forEach(({ fonte, valores: [gl, sq, qm, f, p] }, i) => {
      const l = r.anova.linhas[i]!;
      close(l.gl, gl ?? null, `${c.nome} ${fonte} gl`, 1e-12);
      close(l.sq, sq ?? null, `${c.nome} ${fonte} sq`);
      close(l.qm, qm ?? null, `${c.nome} ${fonte} qm`);
      close(l.f, f ?? null, `${c.nome} ${fonte} F`);
      close(l.p, p ?? null, `${c.nome} ${fonte} p`);
    });
    if (c.input.design === 'Parcelas Subdivididas DBC') {
      close(fat.cv?.a, c.cv[0] ?? null, `${c.nome} CV(a)`);
      close(fat.cv?.b, c.cv[1] ?? null, `${c.nome} CV(b)`);
    } else {
      expect(fat.cv).toBeNull();
      close(r.cv, c.cv[0] ?? null, `${c.nome} CV`);
    }
    fat.medias.forEach((m, i) => close(m.media, c.medias[i] ?? null, `${c.nome} média ${m.nivelA} × ${m.nivelB}`, 1e-12));
    if (c.adicional) {
      close(fat.adicional?.media, c.adicional[0] ?? null, `${c.nome} média do adicional`, 1e-12);
      close(fat.adicional?.mediaFatorial, c.adicional[1] ?? null, `${c.nome} média do fatorial`, 1e-12);
      expect(fat.adicional?.nome).toBe('Adicional');
    } else expect(fat.adicional).toBeNull();
    expect(fat.interacao.significativa).toBe(c.significativa);

    const lettersIn = (grupos: { nome: string; letras: string }[], niveis: string[]) =>
      niveis.map((n) => grupos.find((g) => g.nome === n)?.letras);
    if (c.significativa) {
      const d = r.desdobramento!;
      expect(fat.efeitosPrincipais).toBeNull();
      close(d.residuo.bDentroDeA.gl, c.erros!.bDentroDeA[0]!, `${c.nome} gl do erro de B/A`);
      close(d.residuo.bDentroDeA.qm, c.erros!.bDentroDeA[1]!, `${c.nome} QM do erro de B/A`);
      close(d.residuo.aDentroDeB.gl, c.erros!.aDentroDeB[0]!, `${c.nome} gl do erro de A/B`);
      close(d.residuo.aDentroDeB.qm, c.erros!.aDentroDeB[1]!, `${c.nome} QM do erro de A/B`);
      expect(d.bDentroDeA).toHaveLength(c.bDentroDeA.length);
      expect(d.aDentroDeB).toHaveLength(c.aDentroDeB.length);
      d.bDentroDeA.forEach((l, i) => {
        expectLinha(l, c.bDentroDeA[i]!, `${c.nome} B/${l.nivel}`);
        expect(lettersIn(l.grupos, fat.niveisB), `${c.nome} letras B/${l.nivel}`).toEqual(c.bDentroDeA[i]!.letras);
      });
      d.aDentroDeB.forEach((l, i) => {
        expectLinha(l, c.aDentroDeB[i]!, `${c.nome} A/${l.nivel}`);
        expect(lettersIn(l.grupos, fat.niveisA), `${c.nome} letras A/${l.nivel}`).toEqual(c.aDentroDeB[i]!.letras);
      });
    } else {
      expect(r.desdobramento).toBeNull();
      const e = fat.efeitosPrincipais!;
      close(e.a.dms, c.efeitos!.a.dms, `${c.nome} DMS de A`);
      close(e.b.dms, c.efeitos!.b.dms, `${c.nome} DMS de B`);
      expect(lettersIn(e.a.grupos, fat.niveisA), `${c.nome} letras de A`).toEqual(c.efeitos!.a.letras);
      expect(lettersIn(e.b.grupos, fat.niveisB), `${c.nome} letras de B`).toEqual(c.efeitos!.b.letras);
    }
  });

  it('keeps the largest relative error against R small', () => {
    // Runs after the cases above (vitest runs a file's tests in order); printed for the report.
    expect(maxRel).toBeLessThan(1e-6);
    console.info(`fatorial vs R: maior erro relativo ${maxRel.toExponential(2)}`);
  });
});

/** A 2 × 2 factorial in 3 blocks; `extra` adds treatments (the additional one). */
function trial(design: DelineamentoFatorial, tratamentos: TratamentoInput[]): AnalyzeInput {
  return { design, fatores: { a: ' Produto ', b: '' }, tratamentos };
}
const T = (nome: string, nivelA: string | null, nivelB: string | null, repeticoes: number[]): TratamentoInput => ({
  nome,
  nivelA,
  nivelB,
  repeticoes,
});
const BASE: TratamentoInput[] = [
  T('X baixa', 'X', 'baixa', [3000, 3100, 2950]),
  T('X alta', 'X', 'alta', [3400, 3500, 3380]),
  T('Y baixa', 'Y', 'baixa', [3200, 3150, 3260]),
  T('Y alta', 'Y', 'alta', [3900, 3820, 3950]),
];

function refused(input: AnalyzeInput): string {
  try {
    analyze(input);
  } catch (err) {
    expect(err).toBeInstanceOf(StatsInputError);
    return (err as Error).message;
  }
  throw new Error('analyze() accepted the input');
}

describe('two-factor designs: levels and names', () => {
  it('names the sources after the factors (trimmed), "Fator B" when unnamed, × between them', () => {
    const r = analyze(trial('Fatorial DBC', BASE));
    expect(r.anova.linhas.map((l) => l.fonte)).toEqual(['Produto', 'Fator B', 'Produto × Fator B', 'Blocos', 'Resíduo', 'Total']);
    expect(r.fatorial?.fatores).toEqual({ a: 'Produto', b: 'Fator B' });
    expect(r.delineamento).toBe('DBC');
    expect(analyze(trial('Fatorial DIC', BASE)).delineamento).toBe('DIC');
  });

  it('compares levels trimmed and case-insensitively, keeping the first spelling', () => {
    const tratamentos = BASE.map((t, i) => (i === 3 ? { ...t, nivelA: ' y ', nivelB: 'ALTA ' } : t));
    const r = analyze(trial('Fatorial DBC', tratamentos));
    expect(r.fatorial?.niveisA).toEqual(['X', 'Y']);
    expect(r.fatorial?.niveisB).toEqual(['baixa', 'alta']);
  });

  it("keeps today's keys as the one-way analysis of the combinations (same residual)", () => {
    const r = analyze(trial('Fatorial DBC', BASE));
    const oneWay = analyze({ design: 'DBC', tratamentos: BASE });
    expect(r.anova.tratamentos).toEqual(oneWay.anova.tratamentos);
    expect(r.anova.residuo).toEqual(oneWay.anova.residuo);
    expect(r.tukey).toEqual(oneWay.tukey);
    const [a, b, ab] = r.anova.linhas;
    expect(a!.sq + b!.sq + ab!.sq).toBeCloseTo(r.anova.tratamentos.sq, 6);
  });

  it('ignores levels in a single-factor design', () => {
    const r = analyze({ design: 'DBC', tratamentos: BASE.map((t, i) => ({ ...t, nivelA: i === 0 ? null : 'só' })) });
    expect(r.fatorial).toBeNull();
    expect(r.desdobramento).toBeNull();
    expect(r.anova.linhas.map((l) => l.fonte)).toEqual(['Tratamentos', 'Blocos', 'Resíduo', 'Total']);
  });

  it('analyzeCore() runs the one-way part whatever the levels say', () => {
    const core = analyzeCore({
      design: 'Parcelas Subdivididas DBC',
      tratamentos: BASE.map((t) => ({ nome: t.nome, repeticoes: t.repeticoes })),
    });
    expect(core.delineamento).toBe('DBC');
    expect(core.anova.linhas.map((l) => l.fonte)).toEqual(['Tratamentos', 'Blocos', 'Resíduo', 'Total']);
    expect('fatorial' in core).toBe(false);
  });
});

describe('two-factor designs: what the user must fix (StatsInputError, pt-BR)', () => {
  it('a treatment without a level, naming it and the factor', () => {
    const msg = refused(
      trial(
        'Fatorial DBC',
        BASE.map((t, i) => (i === 2 ? { ...t, nivelB: '  ' } : t)),
      ),
    );
    expect(msg).toContain('"Y baixa"');
    expect(msg).toContain('"Fator B"');
  });

  it('a repeated combination, naming both treatments', () => {
    const msg = refused(
      trial(
        'Fatorial DIC',
        BASE.map((t, i) => (i === 3 ? { ...t, nivelA: 'x', nivelB: 'Alta' } : t)),
      ),
    );
    expect(msg).toMatch(/"X alta" e "Y alta" têm a mesma combinação/);
  });

  it('an incomplete factorial, listing what is missing', () => {
    const msg = refused(trial('Fatorial DBC', [...BASE, T('Z baixa', 'Z', 'baixa', [3000, 3010, 3020])]));
    expect(msg).toContain('Fatorial incompleto');
    expect(msg).toContain('Z × alta');
  });

  it('a factor with a single level', () => {
    const msg = refused(trial('Fatorial DBC', BASE.map((t) => ({ ...t, nivelA: 'X', nome: `${t.nome}!` })).slice(0, 2)));
    expect(msg).toContain('O fator "Produto" tem só o nível "X"');
  });

  it('"com adicional" needs exactly one treatment without levels', () => {
    expect(refused(trial('Fatorial DBC com adicional', BASE))).toContain('fica sem níveis');
    const dois = [T('Test 1', null, null, [2800, 2900, 2850]), T('Test 2', '', '', [2810, 2890, 2870]), ...BASE];
    expect(refused(trial('Fatorial DBC com adicional', dois))).toContain('"Test 1", "Test 2"');
    const r = analyze(trial('Fatorial DBC com adicional', [T('Testemunha', null, null, [2800, 2900, 2850]), ...BASE]));
    expect(r.fatorial?.adicional?.nome).toBe('Testemunha');
    expect(r.anova.linhas.map((l) => l.fonte)).toContain('Fatorial vs Adicional');
    expect(r.testemunha?.nome).toBe('Testemunha');
  });

  it('the additional treatment of a plain factorial is a missing level', () => {
    expect(refused(trial('Fatorial DBC', [T('Testemunha', null, null, [2800, 2900, 2850]), ...BASE]))).toContain('"Testemunha"');
  });
});

describe('two-factor designs: degenerate tables', () => {
  it('near-constant or perfectly additive tables are analysed to finite numbers or refused in pt-BR, never another error', () => {
    let seed = 7;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    let analysed = 0;
    const designs = Object.values(DESIGN);
    for (let n = 0; n < 48; n++) {
      const design = designs[n % 4]!;
      const [a, b] = (
        [
          [2, 2],
          [3, 2],
          [2, 3],
        ] as const
      )[n % 3]!;
      const r = 2 + (n % 2);
      const base = [0.001, 3000, 1_000_000][n % 3]!;
      const step = [0, 1e-3, 1, 100][Math.floor(n / 3) % 4]!;
      // Half the tables are exactly additive in A and B within every block (the residuals vanish).
      const aditivo = n % 2 === 0;
      const y = (i: number, j: number, k: number) =>
        Math.round((base + (aditivo ? step * (i + 2 * j + 3 * k) : rand() < 0.4 ? step * rand() : 0)) * 1000) / 1000;
      const tratamentos: TratamentoInput[] = [];
      if (design === 'Fatorial DBC com adicional')
        tratamentos.push({ nome: 'Ad', repeticoes: Array.from({ length: r }, (_, k) => y(0, 0, k)) });
      for (let i = 0; i < a; i++)
        for (let j = 0; j < b; j++)
          tratamentos.push({
            nome: `A${i}B${j}`,
            nivelA: `A${i}`,
            nivelB: `B${j}`,
            repeticoes: Array.from({ length: r }, (_, k) => y(i, j, k)),
          });
      try {
        const result = analyze({ design, tratamentos });
        analysed++;
        // JSON.stringify would turn NaN into null: walk the numbers themselves.
        const naoFinitos: string[] = [];
        const walk = (v: unknown, path: string): void => {
          if (typeof v === 'number' && !Number.isFinite(v)) naoFinitos.push(path);
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
        };
        walk({ fatorial: result.fatorial, desdobramento: result.desdobramento, linhas: result.anova.linhas }, design);
        expect(naoFinitos).toEqual([]);
      } catch (err) {
        expect(err, String(err)).toBeInstanceOf(StatsInputError);
      }
    }
    expect(analysed).toBeGreaterThan(5);
    expect(analysed).toBeLessThan(48);
  });
});
