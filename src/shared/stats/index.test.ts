import { describe, expect, it } from 'vitest';
import { analyze, avisos, classificarCv, descreverP, StatsInputError, type AnalyzeInput, type TrialAnalysis } from './index.js';
import { rCases, relClose } from './r-fixture.test-helper.js';
import { BATATA_DOCE, ENXERTO_VASCULAR, INSECT_SPRAYS, SORGO, asInput, expectSig, lettersByName } from './test-helpers.js';

const CONTRACT_KEYS = [
  'anova',
  'bartlett',
  'cv',
  'delineamento',
  'desdobramento',
  'diagnostico',
  'duncan',
  'dunnett',
  'fatorial',
  'ganhos',
  'levene',
  'lsd',
  'media',
  'regressao',
  'scottKnott',
  'shapiroWilk',
  'snk',
  'testemunha',
  'transformacao',
  'tukey',
];

function expectContractShape(r: TrialAnalysis): void {
  expect(Object.keys(r).sort()).toEqual(CONTRACT_KEYS);
  expect(Object.keys(r.anova).sort()).toEqual(['blocos', 'linhas', 'residuo', 'total', 'tratamentos']);
  for (const linha of r.anova.linhas) expect(Object.keys(linha)).toEqual(['fonte', 'gl', 'sq', 'qm', 'f', 'p']);
  expect(Object.keys(r.anova.tratamentos).sort()).toEqual(['f', 'gl', 'p', 'qm', 'sq']);
  expect(Object.keys(r.anova.residuo).sort()).toEqual(['gl', 'qm', 'sq']);
  expect(Object.keys(r.anova.total).sort()).toEqual(['gl', 'sq']);
  expect(Object.keys(r.tukey).sort()).toEqual(['dms', 'grupos']);
  expect(Object.keys(r.scottKnott)).toEqual(['grupos']);
  for (const g of [...r.tukey.grupos, ...r.scottKnott.grupos]) expect(Object.keys(g).sort()).toEqual(['letras', 'media', 'nome']);
  expect(Object.keys(r.shapiroWilk).sort()).toEqual(['p', 'w']);
  expect(Object.keys(r.bartlett).sort()).toEqual(['estatistica', 'p']);
  for (const g of r.ganhos) expect(Object.keys(g).sort()).toEqual(['kgHa', 'nome', 'pct', 'receitaExtra', 'scHa']);
  expect(Object.keys(r.dunnett).sort()).toEqual(['bilateral', 'superior']);
  for (const c of [...r.dunnett.bilateral, ...r.dunnett.superior]) expect(Object.keys(c)).toEqual(['nome', 'diferenca', 'p']);
  // Highest mean first in both displays.
  for (const grupos of [r.tukey.grupos, r.scottKnott.grupos]) {
    for (let i = 1; i < grupos.length; i++) expect(grupos[i - 1]!.media).toBeGreaterThanOrEqual(grupos[i]!.media);
  }
  // Survives the trip through JSON unchanged (no NaN or Infinity hiding anywhere).
  expect(JSON.parse(JSON.stringify(r))).toEqual(r);
}

describe('analyze(): the sorghum RCBD of stats-examples.json', () => {
  const r = analyze({ ...asInput(SORGO), precoSaca: 120 });

  it('has exactly the contract shape', () => {
    expectContractShape(r);
    expect(r.delineamento).toBe('DBC');
    expect(r.anova.blocos).not.toBeNull();
  });

  it('reproduces the published ANOVA, mean, CV, Tukey and Scott-Knott', () => {
    expectSig(r.anova.blocos?.sq, 80.8, 3);
    expectSig(r.anova.blocos?.qm, 26.934, 5);
    expectSig(r.anova.blocos?.f, 0.9205, 4);
    expectSig(r.anova.blocos?.p, 0.46033, 5);
    expectSig(r.anova.tratamentos.sq, 520.53, 5);
    expectSig(r.anova.tratamentos.qm, 130.133, 5);
    expectSig(r.anova.tratamentos.f, 4.4476, 5);
    expectSig(r.anova.tratamentos.p, 0.01958, 4);
    expect([r.anova.tratamentos.gl, r.anova.blocos?.gl, r.anova.residuo.gl, r.anova.total.gl]).toEqual([4, 3, 12, 19]);
    expectSig(r.anova.residuo.sq, 351.11, 5);
    expectSig(r.anova.residuo.qm, 29.259, 5);
    expectSig(r.media, 31.275, 5);
    expectSig(r.cv, 17.3, 3);
    expectSig(r.tukey.dms, 12.19, 4);
    expect(lettersByName(r.tukey.grupos)).toEqual({ 'K-7': 'a', 'Co-11': 'ab', 'African tall': 'ab', 'FS-1': 'b', 'Co-24': 'b' });
    expect(lettersByName(r.scottKnott.grupos)).toEqual({ 'K-7': 'a', 'Co-11': 'b', 'African tall': 'b', 'FS-1': 'b', 'Co-24': 'b' });
  });

  it('checks the residuals and variances (reference: SciPy 1.17)', () => {
    expectSig(r.shapiroWilk.w, 0.936912, 6);
    expectSig(r.shapiroWilk.p, 0.209504, 5);
    expectSig(r.bartlett.estatistica, 3.497455, 6);
    expectSig(r.bartlett.p, 0.478265, 6);
  });

  it('measures every gain against the first treatment (the control)', () => {
    expect(r.testemunha).toEqual({ nome: 'African tall', media: expect.closeTo(30.45, 10) });
    expect(r.ganhos.map((g) => g.nome)).toEqual(['Co-11', 'FS-1', 'K-7', 'Co-24']);
    const k7 = r.ganhos[2]!;
    // K-7: 40.7 − 30.45 = 10.25 kg/ha = 0.1708 sc/ha (60 kg bags) = 33.66 %; × R$ 120 = R$ 20.50
    expectSig(k7.kgHa, 10.25, 8);
    expectSig(k7.scHa, 10.25 / 60, 8);
    expectSig(k7.pct, (100 * 10.25) / 30.45, 8);
    expectSig(k7.receitaExtra, 20.5, 8);
    const co24 = r.ganhos[3]!;
    expectSig(co24.kgHa, -4.9, 8);
    expectSig(co24.receitaExtra, (-4.9 / 60) * 120, 8);
  });
});

describe('analyze(): the sweetpotato DIC of stats-examples.json', () => {
  const r = analyze(asInput(BATATA_DOCE));

  it('has the contract shape with no block line', () => {
    expectContractShape(r);
    expect(r.delineamento).toBe('DIC');
    expect(r.anova.blocos).toBeNull();
  });

  it("reproduces agricolae's values", () => {
    expect(r.anova.residuo.gl).toBe(8);
    expectSig(r.anova.residuo.qm, 22.48917, 7);
    expectSig(r.media, 27.625, 5);
    expectSig(r.cv, 17.1666, 6);
    expectSig(r.anova.tratamentos.f, 17.345, 5);
    expectSig(r.tukey.dms, 12.3997, 6);
    expect(lettersByName(r.tukey.grupos)).toEqual({ oo: 'a', ff: 'ab', cc: 'bc', fc: 'c' });
  });

  it('leaves receitaExtra null without a bag price', () => {
    expect(r.ganhos.every((g) => g.receitaExtra === null)).toBe(true);
    expect(analyze({ ...asInput(BATATA_DOCE), precoSaca: null }).ganhos.every((g) => g.receitaExtra === null)).toBe(true);
  });
});

describe('analyze(): designs', () => {
  it('analyses "ANOVA" and "Blocos Casualizados" as DBC and "Inteiramente Casualizado" as DIC', () => {
    const base = asInput(ENXERTO_VASCULAR);
    for (const design of ['DBC', 'ANOVA', 'Blocos Casualizados'] as const) {
      const r = analyze({ ...base, design });
      expect(r.delineamento).toBe('DBC');
      expectSig(r.anova.tratamentos.f, 8.107, 4);
      expectSig(r.anova.blocos?.f, 5.249, 4);
    }
    const dic = analyze({ ...base, design: 'Inteiramente Casualizado' });
    expect(dic.delineamento).toBe('DIC');
    expect(dic.anova.blocos).toBeNull();
    expect(dic.anova.residuo.gl).toBe(20);
    // Without blocks their SS goes to the residual: (192.25 + 109.89)/20
    expectSig(dic.anova.residuo.qm, (192.25208 + 109.88625) / 20, 6);
  });

  it("reproduces R's one-way analysis of InsectSprays (12 replicates, the maximum)", () => {
    const r = analyze({
      design: 'Inteiramente Casualizado',
      tratamentos: INSECT_SPRAYS.map((repeticoes, i) => ({ nome: 'ABCDEF'[i]!, repeticoes })),
    });
    expect([r.anova.tratamentos.gl, r.anova.residuo.gl]).toEqual([5, 66]);
    expectSig(r.anova.tratamentos.sq, 2669, 4);
    expectSig(r.anova.residuo.sq, 1015, 4);
    expectSig(r.anova.tratamentos.qm, 533.8, 4);
    expectSig(r.anova.residuo.qm, 15.4, 3);
    expectSig(r.anova.tratamentos.f, 34.7, 3);
    expect(r.anova.tratamentos.p).toBeLessThan(2e-16);
    expectSig(r.shapiroWilk.w, 0.96006, 5);
    expectSig(r.shapiroWilk.p, 0.02226, 4);
    expectSig(r.bartlett.estatistica, 25.96, 4);
    expectSig(r.bartlett.p, 9.085e-5, 4);
    // DMS = q(0.95; 6, 66)·√(15.381/12) = 4.1509 × 1.1321 = 4.699: F, B, A vs D, E, C
    expectSig(r.tukey.dms, 4.6994, 5);
    expect(lettersByName(r.tukey.grupos)).toEqual({ F: 'a', B: 'a', A: 'a', D: 'b', E: 'b', C: 'b' });
  });

  it('with a transformation applied, Dunnett keeps its p on the transformed data but its differences and the regression in kg/ha', () => {
    // InsectSprays + 1 (no zero, so log applies), with made-up doses so the regression is computed.
    const input: AnalyzeInput = {
      design: 'Inteiramente Casualizado',
      tratamentos: INSECT_SPRAYS.map((repeticoes, i) => ({ nome: 'ABCDEF'[i]!, repeticoes: repeticoes.map((v) => v + 1), dose: i * 10 })),
    };
    const original = analyze(input);
    const log = analyze(input, { transformacao: 'log' });
    expect(log.transformacao.aplicada).toBe('log');
    expect(log.dunnett.bilateral.map((c) => c.diferenca)).toEqual(original.dunnett.bilateral.map((c) => c.diferenca));
    expect(log.dunnett.bilateral.map((c) => c.p)).not.toEqual(original.dunnett.bilateral.map((c) => c.p));
    expect(log.regressao).not.toBeNull();
    expect(log.regressao).toEqual(original.regressao);
    expect(log.anova.tratamentos.sq).not.toBeCloseTo(original.anova.tratamentos.sq);
  });

  it('analyses the smallest block trial (2 treatments × 2 blocks, 1 residual df)', () => {
    const r = analyze({
      design: 'DBC',
      tratamentos: [
        { nome: 'Testemunha', repeticoes: [3000, 3400] },
        { nome: 'Produto', repeticoes: [3300, 3900] },
      ],
    });
    expect(r.anova.residuo.gl).toBe(1);
    // Residual SS = 2·(50)²·2 = 10 000 → QM 10 000; DMS = q(0.95; 2, 1)·√(10 000/2) = 17.97·70.71
    expectSig(r.anova.residuo.qm, 10000, 8);
    expectSig(r.tukey.dms, 17.9693 * Math.sqrt(5000), 5);
    expectContractShape(r);
  });
});

describe('analyze(): refusals (StatsInputError, pt-BR, for a 422)', () => {
  const two = (a: number[], b: number[]): AnalyzeInput => ({
    design: 'DBC',
    tratamentos: [
      { nome: 'A', repeticoes: a },
      { nome: 'B', repeticoes: b },
    ],
  });

  function refusal(input: unknown): StatsInputError {
    try {
      analyze(input as AnalyzeInput);
    } catch (error) {
      expect(error).toBeInstanceOf(StatsInputError);
      return error as StatsInputError;
    }
    throw new Error('analyze() aceitou uma entrada que deveria recusar');
  }

  it('refuses fewer than 2 treatments', () => {
    expect(refusal({ design: 'DBC', tratamentos: [{ nome: 'A', repeticoes: [1, 2, 3] }] }).message).toMatch(/pelo menos 2 tratamentos/);
    expect(refusal({ design: 'DBC', tratamentos: [] }).message).toMatch(/pelo menos 2 tratamentos/);
  });

  it('refuses replicate counts that differ, naming each treatment', () => {
    const message = refusal(two([1, 2, 3], [1, 2])).message;
    expect(message.startsWith('Número de repetições diferente entre os tratamentos: ')).toBe(true);
    expect(message).toContain('A (3)');
    expect(message).toContain('B (2)');
  });

  it('refuses missing replicates, fewer than 2 and more than 12', () => {
    expect(refusal(two([], [])).message).toMatch(/Não há repetições informadas/);
    expect(refusal(two([1], [2])).message).toMatch(/pelo menos 2 repetições/);
    const thirteen = Array.from({ length: 13 }, (_, i) => 3000 + i);
    expect(refusal(two(thirteen, thirteen)).message).toMatch(/no máximo 12 repetições/);
  });

  it('refuses values that are not finite numbers, or negative', () => {
    expect(refusal(two([1, Number.NaN], [2, 3])).message).toMatch(/repetição 2 de "A"/);
    expect(refusal(two([1, 2], [Infinity, 3])).message).toMatch(/repetição 1 de "B"/);
    expect(refusal(two([1, 2], ['3' as unknown as number, 3])).message).toMatch(/informe um número/);
    expect(refusal(two([1, -2], [2, 3])).message).toMatch(/não pode ser negativa/);
  });

  it('refuses data without variance', () => {
    expect(refusal(two([3000, 3000, 3000], [3000, 3000, 3000])).message).toMatch(/Todos os valores são iguais/);
    expect(refusal(two([3000, 3100], [3200, 3300])).message).toMatch(/não há variação residual/);
  });

  it('refuses unknown designs, repeated names and an invalid bag price', () => {
    expect(refusal({ ...two([1, 2], [3, 5]), design: 'Látice' as AnalyzeInput['design'] }).message).toMatch(/Delineamento não reconhecido/);
    expect(
      refusal({
        design: 'DBC',
        tratamentos: [
          { nome: 'A', repeticoes: [1, 2] },
          { nome: 'A ', repeticoes: [3, 5] },
        ],
      }).message,
    ).toMatch(/Nomes de tratamentos repetidos: "A"/);
    expect(refusal({ ...two([1, 2], [3, 5]), precoSaca: -1 }).message).toMatch(/Preço da saca inválido/);
  });
});

describe('avisos() and classificarCv()', () => {
  it('classifies CV for field trials at the boundaries 10, 20 and 30 %', () => {
    expect(classificarCv(9.99)).toBe('baixo');
    expect(classificarCv(10)).toBe('médio');
    expect(classificarCv(20)).toBe('médio');
    expect(classificarCv(20.01)).toBe('alto');
    expect(classificarCv(30)).toBe('alto');
    expect(classificarCv(30.01)).toBe('muito alto');
  });

  it('only reports the CV class when the assumptions hold', () => {
    expect(avisos(analyze(asInput(SORGO)))).toEqual(['Coeficiente de variação médio (CV = 17,3 %): precisão experimental aceitável.']);
  });

  it('warns about non-normal residuals, heterogeneous variances and a very high CV', () => {
    const r = analyze({
      design: 'Inteiramente Casualizado',
      tratamentos: INSECT_SPRAYS.map((repeticoes, i) => ({ nome: 'ABCDEF'[i]!, repeticoes })),
    });
    const list = avisos(r);
    expect(list[0]).toBe('Os resíduos não seguem distribuição normal (Shapiro-Wilk p = 0,022): interprete os testes com cautela.');
    expect(list[1]).toBe('As variâncias dos tratamentos não são homogêneas (Bartlett p < 0,001): interprete os testes com cautela.');
    expect(list[2]).toBe(
      'As variâncias dos tratamentos não são homogêneas pelo teste de Levene (Brown-Forsythe, p = 0,004): interprete os testes com cautela.',
    );
    expect(list[3]).toBe('Sugestão: analisar os dados com a transformação raiz quadrada; veja "Pressupostos da análise".');
    expect(list[4]).toMatch(/^Coeficiente de variação muito alto \(CV = 41,3 %\)/);
    expect(list).toHaveLength(5);
  });

  it('says when F is not significant (every treatment gets "a")', () => {
    const r = analyze({
      design: 'DBC',
      tratamentos: [
        { nome: 'T1', repeticoes: [3000, 3300, 2900, 3100] },
        { nome: 'T2', repeticoes: [3050, 3200, 3000, 3150] },
        { nome: 'T3', repeticoes: [2980, 3350, 2950, 3050] },
      ],
    });
    expect(r.anova.tratamentos.p).toBeGreaterThan(0.05);
    expect(r.tukey.grupos.map((g) => g.letras)).toEqual(['a', 'a', 'a']);
    expect(r.scottKnott.grupos.map((g) => g.letras)).toEqual(['a', 'a', 'a']);
    expect(avisos(r).some((a) => a.startsWith('O teste F não foi significativo a 5 %'))).toBe(true);
  });

  it('explains a Bartlett test that cannot be computed (a treatment with equal replicates)', () => {
    const r = analyze({
      design: 'Inteiramente Casualizado',
      tratamentos: [
        { nome: 'Testemunha', repeticoes: [3000, 3000, 3000] },
        { nome: 'Produto', repeticoes: [3500, 3620, 3410] },
      ],
    });
    expect(r.bartlett).toEqual({ estatistica: null, p: null });
    expect(avisos(r)).toContain(
      'O teste de Bartlett não pôde ser calculado porque algum tratamento tem todas as repetições iguais (variância zero): confira os dados.',
    );
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('writes p-values in pt-BR', () => {
    expect(descreverP(0.0123)).toBe('p = 0,012');
    expect(descreverP(0.5)).toBe('p = 0,5');
    expect(descreverP(0.0004)).toBe('p < 0,001');
  });
});

describe('degenerate input', () => {
  const table = (reps: number[][]): AnalyzeInput => ({
    design: 'DBC',
    tratamentos: reps.map((r, i) => ({ nome: `T${i}`, repeticoes: r })),
  });
  it('values that differ only below floating-point resolution are a StatsInputError (422), never another error', () => {
    const e = 1e-11;
    for (const input of [
      table([
        [1000, 1000 + e, 1000],
        [1000 + e, 1000, 1000 + e],
        [1000, 1000, 1000 + 2 * e],
      ]),
      {
        ...table([
          [1000, 1000 + e],
          [1000 + e, 1000],
        ]),
        design: 'Inteiramente Casualizado' as const,
      },
      table([
        [999_999.99999999, 1_000_000, 999_999.99999999],
        [1_000_000, 999_999.99999999, 1_000_000],
      ]),
    ]) {
      expect(() => analyze(input)).toThrow(StatsInputError);
      expect(() => analyze(input)).toThrow(/frações ínfimas|resíduos não variam/);
    }
  });
  it('small values that really vary are still analysed', () => {
    const a = analyze(
      table([
        [0.00001, 0.00002, 0.00001],
        [0.00002, 0.00001, 0.00003],
      ]),
    );
    expect(Number.isFinite(a.cv)).toBe(true);
  });
  it('non-finite values are refused in pt-BR', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e308 * 10]) {
      expect(() =>
        analyze(
          table([
            [1, bad],
            [2, 3],
          ]),
        ),
      ).toThrow(StatsInputError);
    }
  });
  it('1e308 plot yields overflow no sum into a 5xx: a StatsInputError or a finite result', () => {
    let result: TrialAnalysis | undefined;
    try {
      result = analyze(
        table([
          [1e308, 1.7e308, 1e308],
          [1.5e308, 1e308, 1.2e308],
        ]),
      );
    } catch (err) {
      expect(err).toBeInstanceOf(StatsInputError);
    }
    if (result) expect(JSON.stringify(result)).not.toMatch(/null/);
  });
  it('near-constant tables (0, 1 g, 3 t, 1.000 t/ha; plots a few grams apart) are analysed or refused in pt-BR, never another error', () => {
    // A deterministic sweep of the inputs the R comparison found fragile: every table
    // is either a StatsInputError or a result with finite numbers and K² ≥ 0.
    let seed = 20;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    let analysed = 0;
    for (let n = 0; n < 2000; n++) {
      const k = 2 + (n % 4);
      const r = 2 + (Math.floor(n / 4) % 4);
      const base = [0, 0.001, 1, 3000, 1_000_000][n % 5] ?? 0;
      const step = [0, 1e-3, 1][Math.floor(n / 5) % 3] ?? 0;
      const reps = Array.from({ length: k }, () =>
        Array.from({ length: r }, () => Math.round((base + (rand() < 0.3 ? step * rand() : 0)) * 1000) / 1000),
      );
      for (const design of ['DBC', 'DIC'] as const) {
        try {
          const a = analyze({ ...table(reps), design });
          analysed++;
          expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity/);
          if (a.bartlett.estatistica !== null) expect(a.bartlett.estatistica).toBeGreaterThanOrEqual(0);
        } catch (err) {
          expect(err).toBeInstanceOf(StatsInputError);
        }
      }
    }
    expect(analysed).toBeGreaterThan(100);
    // 4,000 analyses, each with its Levene, Box-Cox profile and Q–Q positions: 9.8 s measured with
    // the 2 cores shared by a load of 17.
  }, 60_000);
});

describe('anova.linhas', () => {
  it("reproduces R's aov() table row by row on the committed cases (tests/fixtures/stats/comparacoes.R), to 1e-9", () => {
    const cases = rCases();
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const c of cases) {
      const a = analyze({ design: c.design, tratamentos: c.repeticoes.map((repeticoes, i) => ({ nome: `T${i + 1}`, repeticoes })) });
      expect(
        a.anova.linhas.map((l) => l.fonte),
        c.nome,
      ).toEqual(c.anova.map((l) => l.fonte));
      a.anova.linhas.forEach((linha, i) => {
        const ref = c.anova[i]!;
        expect(linha.gl, `${c.nome} ${ref.fonte} gl`).toBe(ref.gl);
        for (const key of ['sq', 'qm', 'f', 'p'] as const) {
          // R prints p below 2e-16 from the same F; relative 1e-6 there is what the F tail allows.
          const rel = key === 'p' && (ref.p ?? 1) < 1e-10 ? 1e-6 : 1e-9;
          expect(relClose(linha[key], ref[key], rel), `${c.nome} ${ref.fonte} ${key}: ${linha[key]} vs R ${ref[key]}`).toBe(true);
        }
      });
    }
  });

  it('orders the rows Tratamentos, Blocos, Resíduo, Total (no Blocos in DIC) and matches the named lines', () => {
    const dbc = analyze(asInput(SORGO));
    expect(dbc.anova.linhas.map((l) => l.fonte)).toEqual(['Tratamentos', 'Blocos', 'Resíduo', 'Total']);
    expect(dbc.anova.linhas[0]).toEqual({ fonte: 'Tratamentos', ...dbc.anova.tratamentos });
    expect(dbc.anova.linhas[2]).toEqual({ fonte: 'Resíduo', ...dbc.anova.residuo, f: null, p: null });
    expect(dbc.anova.linhas[3]).toEqual({ fonte: 'Total', ...dbc.anova.total, qm: null, f: null, p: null });
    const dic = analyze(asInput(BATATA_DOCE));
    expect(dic.anova.linhas.map((l) => l.fonte)).toEqual(['Tratamentos', 'Resíduo', 'Total']);
  });
});
