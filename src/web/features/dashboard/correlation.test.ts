import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assessmentKey,
  assessmentVariables,
  availableSelection,
  buildPoints,
  cropColors,
  experimentRef,
  formatPValue,
  formatTrendEquation,
  leastSquares,
  lineSeries,
  OTHER_CROPS,
  trendSignificance,
  CATEGORICAL_VARIABLES,
  DEFAULTS,
  formatAxisTick,
  formatPearson,
  formatPointCount,
  formatVariableValue,
  groupByCategory,
  isChartType,
  isNumericVariable,
  isVariableKey,
  NUMERIC_VARIABLES,
  PALETTE_6,
  PALETTE_8,
  pearson,
  pearsonOfPoints,
  pearsonStrength,
  SHORTCUTS,
  variableInfo,
  VARIABLES,
  type CorrelationPoint,
} from './correlation.js';
import type { CorrelationDataset } from '../../../shared/dashboard.js';

/** Three experiments; the first has 3 treatments, the second none, the third 1. */
function dataset(): CorrelationDataset {
  return {
    amostra: null,
    experimentos: {
      id: [11, 12, 13],
      consultoria: ['Alfa', 'Beta', ' '],
      cidade: ['Rio Verde', 'Cascavel', ''],
      produtividade_media: [3000, null, 4000],
      roi: [100, 200, Number.NaN],
      custo_protocolo: [50, 60, 70],
      teor_argila: [20, 30, null],
      teor_materia_organica: [2, 3, 4],
      ano: [2023, 2024, 2024],
      cultura: ['Soja', 'Milho', 'Soja '],
      marca: ['A', 'B', ''],
      regional: ['Sul', 'Sul', 'Norte'],
      bu: ['BU1', 'BU1', 'BU2'],
      estado: ['PR', 'RS', 'MT'],
    },
    tratamentos: {
      experimento: [0, 0, 0, 2],
      produtividade: [2900, null, 3100, 4100],
      custo: [10, 20, 30, 40],
      modalidade: ['Foliar', 'Sulco', 'Foliar', '  '],
    },
    // Severidade: treatments 0, 2 and 3; Altura: treatment 0 only.
    avaliacoes: {
      variaveis: [
        { nome: 'Severidade', unidade: '%' },
        { nome: 'Altura de plantas', unidade: 'cm' },
      ],
      tratamento: [0, 0, 2, 3],
      variavel: [0, 1, 0, 0],
      valor: [30, 80, 10, 5],
    },
  };
}

const SEVERIDADE = assessmentKey({ nome: ' severidade', unidade: '%' });
const ALTURA = assessmentKey({ nome: 'Altura de plantas', unidade: 'cm' });

describe('variable catalogue', () => {
  it('has every variable once, with pt-BR labels and the right kind', () => {
    expect(Object.keys(VARIABLES).sort()).toEqual([...NUMERIC_VARIABLES, ...CATEGORICAL_VARIABLES].sort());
    expect(VARIABLES.produtividade_media.label).toBe('Produtividade média (kg/ha)');
    expect(VARIABLES.bu.label).toBe('Business Unit');
    for (const k of NUMERIC_VARIABLES) expect(isNumericVariable(k)).toBe(true);
    for (const k of CATEGORICAL_VARIABLES) expect(isNumericVariable(k)).toBe(false);
    expect(isVariableKey('roi')).toBe(true);
    expect(isVariableKey('toString')).toBe(false);
    expect(isChartType('pie')).toBe(true);
    expect(isChartType('area')).toBe(false);
  });

  it('defaults and shortcuts follow the product rules', () => {
    expect(DEFAULTS).toEqual({ x: 'produtividade_media', y: 'roi', tipo: 'scatter' });
    expect(SHORTCUTS).toEqual([
      { label: 'Solo vs Produtividade', x: 'teor_argila', y: 'produtividade_media', tipo: 'scatter' },
      { label: 'Custo vs ROI', x: 'custo_protocolo', y: 'roi', tipo: 'scatter' },
      { label: 'Cultura vs Performance', x: 'cultura', y: 'produtividade_media', tipo: 'bar' },
    ]);
  });

  it('palettes have 6 and 8 distinct colours with at least 4.5:1 contrast on white', () => {
    const luminance = (hex: string) => {
      const [r = 0, g = 0, b = 0] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(new Set(PALETTE_6).size).toBe(6);
    expect(new Set(PALETTE_8).size).toBe(8);
    for (const c of PALETTE_8) expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

/** The (x, y) pairs of points, without their experiment. */
const xy = (points: readonly CorrelationPoint[]) => points.map(({ x, y }) => ({ x, y }));

describe('buildPoints', () => {
  it('one point per experiment when both are experiment-level, dropping missing values', () => {
    // Experiment 1 has no yield, experiment 2 has a NaN ROI.
    expect(xy(buildPoints(dataset(), 'produtividade_media', 'roi'))).toEqual([{ x: 3000, y: 100 }]);
    expect(xy(buildPoints(dataset(), 'custo_protocolo', 'ano'))).toEqual([
      { x: 50, y: 2023 },
      { x: 60, y: 2024 },
      { x: 70, y: 2024 },
    ]);
  });

  it('drops blank categories and trims the others', () => {
    expect(xy(buildPoints(dataset(), 'marca', 'custo_protocolo'))).toEqual([
      { x: 'A', y: 50 },
      { x: 'B', y: 60 },
    ]);
    expect(xy(buildPoints(dataset(), 'cultura', 'ano')).map((p) => p.x)).toEqual(['Soja', 'Milho', 'Soja']);
  });

  it('repeats an experiment value for each of its treatments', () => {
    // Experiment 0's argila (20) paired with its 3 treatment costs; experiment 2 has no argila.
    expect(xy(buildPoints(dataset(), 'teor_argila', 'tratamento_custo'))).toEqual([
      { x: 20, y: 10 },
      { x: 20, y: 20 },
      { x: 20, y: 30 },
    ]);
    // Same rule with the treatment variable on X.
    expect(xy(buildPoints(dataset(), 'tratamento_custo', 'cultura'))).toEqual([
      { x: 10, y: 'Soja' },
      { x: 20, y: 'Soja' },
      { x: 30, y: 'Soja' },
      { x: 40, y: 'Soja' },
    ]);
  });

  it('pairs two treatment variables per treatment and drops missing ones', () => {
    expect(xy(buildPoints(dataset(), 'tratamento_produtividade', 'tratamento_modalidade'))).toEqual([
      { x: 2900, y: 'Foliar' },
      { x: 3100, y: 'Foliar' },
    ]);
  });

  it('drops a treatment whose experiment index is out of range', () => {
    const d = dataset();
    d.tratamentos = { experimento: [9], produtividade: [1], custo: [1], modalidade: ['Foliar'] };
    expect(buildPoints(d, 'cultura', 'tratamento_custo')).toEqual([]);
  });
});

describe('assessments as variables', () => {
  it('are listed by name and unit, in pt-BR order, as treatment-level numbers', () => {
    const data = dataset();
    expect(assessmentVariables(data)).toEqual([
      { key: ALTURA, label: 'Altura de plantas (cm)' },
      { key: SEVERIDADE, label: 'Severidade (%)' },
    ]);
    // Case and spaces of the name do not matter, the unit does.
    expect(SEVERIDADE).toBe(assessmentKey({ nome: 'Severidade', unidade: '%' }));
    expect(SEVERIDADE).not.toBe(assessmentKey({ nome: 'Severidade', unidade: 'nota' }));
    expect(isVariableKey(SEVERIDADE)).toBe(true);
    expect(isNumericVariable(SEVERIDADE)).toBe(true);
    expect(variableInfo(data, SEVERIDADE)).toEqual({ label: 'Severidade (%)', kind: 'numeric', level: 'tratamento' });
    expect(variableInfo(data, 'roi')).toBe(VARIABLES.roi);
    expect(formatVariableValue(SEVERIDADE, 37.456)).toBe('37,46');
  });

  it('pair with a treatment variable per treatment, only treatments that have the assessment', () => {
    // Treatment 1 has no severity: left out.
    expect(buildPoints(dataset(), SEVERIDADE, 'tratamento_produtividade')).toEqual([
      { x: 30, y: 2900, e: 0 },
      { x: 10, y: 3100, e: 0 },
      { x: 5, y: 4100, e: 2 },
    ]);
    expect(buildPoints(dataset(), SEVERIDADE, ALTURA)).toEqual([{ x: 30, y: 80, e: 0 }]);
    expect(buildPoints(dataset(), 'tratamento_modalidade', SEVERIDADE)).toEqual([
      { x: 'Foliar', y: 30, e: 0 },
      { x: 'Foliar', y: 10, e: 0 },
    ]);
  });

  it('pair with an experiment variable by repeating it per treatment, as yield does', () => {
    // Experiment 2 has no clay content: its treatment drops out.
    expect(buildPoints(dataset(), 'teor_argila', SEVERIDADE)).toEqual([
      { x: 20, y: 30, e: 0 },
      { x: 20, y: 10, e: 0 },
    ]);
    expect(buildPoints(dataset(), SEVERIDADE, 'produtividade_media')).toEqual([
      { x: 30, y: 3000, e: 0 },
      { x: 10, y: 3000, e: 0 },
      { x: 5, y: 4000, e: 2 },
    ]);
  });

  it('an assessment the data lacks falls back to the default of its axis and has no points', () => {
    const other = assessmentKey({ nome: 'Desfolha', unidade: '%' });
    const data = dataset();
    expect(buildPoints(data, other, 'tratamento_produtividade')).toEqual([]);
    const kept = { x: SEVERIDADE, y: 'tratamento_custo', tipo: 'scatter' } as const;
    expect(availableSelection(data, kept)).toBe(kept);
    expect(availableSelection(data, { x: other, y: other, tipo: 'bar' })).toEqual({ x: DEFAULTS.x, y: DEFAULTS.y, tipo: 'bar' });
  });
});

describe('groupByCategory', () => {
  const points = [
    { x: 'Soja', y: 3000 },
    { x: 'milho', y: 5000 },
    { x: 'Soja', y: 4000 },
    { x: 'Algodão', y: 2000 },
    { x: 'Soja', y: 3500 },
  ];

  it('means of Y per category, in pt-BR alphabetical order', () => {
    expect(groupByCategory(points, true)).toEqual([
      { categoria: 'Algodão', valor: 2000, n: 1 },
      { categoria: 'milho', valor: 5000, n: 1 },
      { categoria: 'Soja', valor: 3500, n: 3 },
    ]);
  });

  it('counts when Y is categorical, largest first when ordered by value', () => {
    const cat = points.map((p) => ({ x: p.x, y: 'qualquer' }));
    expect(groupByCategory(cat, false, 'valor')).toEqual([
      { categoria: 'Soja', valor: 3, n: 3 },
      { categoria: 'Algodão', valor: 1, n: 1 },
      { categoria: 'milho', valor: 1, n: 1 },
    ]);
  });

  it('orders numbered names naturally and returns [] for no points', () => {
    const regioes = ['Região 10', 'Região 2', 'Região 1'].map((x) => ({ x, y: 1 }));
    expect(groupByCategory(regioes, true).map((g) => g.categoria)).toEqual(['Região 1', 'Região 2', 'Região 10']);
    expect(groupByCategory([], true)).toEqual([]);
  });
});

describe('pearson', () => {
  it('matches a hand-computed value', () => {
    // mean x 3, mean y 4; Σdxdy = 6, Σdx² = 10, Σdy² = 6 → r = 6/√60 = 0.7746
    const r = pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]);
    expect(r).toBeCloseTo(0.7746, 4);
    expect(formatPearson(r ?? Number.NaN)).toBe('0,775');
    // Σdxdy = -1, Σdx² = 2, Σdy² = 2 → r = -0.5
    expect(pearson([1, 2, 3], [3, 1, 2])).toBeCloseTo(-0.5, 10);
  });

  it('is exactly ±1 for perfect linear relations, even with large values', () => {
    expect(pearson([2020, 2021, 2022, 2023], [3000, 3100, 3200, 3300])).toBe(1);
    expect(pearson([1, 2, 3], [30, 20, 10])).toBe(-1);
  });

  it('is null when not computable', () => {
    expect(pearson([5], [7])).toBeNull();
    expect(pearson([], [])).toBeNull();
    expect(pearson([1, 2, 3], [4, 4, 4])).toBeNull();
    expect(pearson([2, 2], [1, 3])).toBeNull();
    expect(pearson([1, 2], [1, 2, 3])).toBeNull();
  });

  it('over points ignores non-numeric pairs', () => {
    expect(
      pearsonOfPoints([
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 'Soja', y: 9 },
      ]),
    ).toBe(1);
    expect(pearsonOfPoints([{ x: 'Soja', y: 1 }])).toBeNull();
  });
});

describe('pearsonStrength', () => {
  it('uses strict thresholds at 0.3 and 0.7, with the sign', () => {
    expect(pearsonStrength(0.7)).toBe('Correlação positiva moderada');
    expect(pearsonStrength(0.7001)).toBe('Correlação positiva forte');
    expect(pearsonStrength(-0.7)).toBe('Correlação negativa moderada');
    expect(pearsonStrength(-0.95)).toBe('Correlação negativa forte');
    expect(pearsonStrength(0.3)).toBe('Correlação positiva fraca');
    expect(pearsonStrength(0.3001)).toBe('Correlação positiva moderada');
    expect(pearsonStrength(-0.3)).toBe('Correlação negativa fraca');
    expect(pearsonStrength(-0.31)).toBe('Correlação negativa moderada');
    expect(pearsonStrength(0)).toBe('Correlação positiva fraca');
    expect(pearsonStrength(1)).toBe('Correlação positiva forte');
  });
});

describe('formatting', () => {
  it('r with 3 decimals in pt-BR, without "-0,000"', () => {
    expect(formatPearson(0.8423)).toBe('0,842');
    expect(formatPearson(-0.3156)).toBe('-0,316');
    expect(formatPearson(1)).toBe('1,000');
    expect(formatPearson(-0.0001)).toBe('0,000');
  });

  it('point counts with pt-BR grouping and plural', () => {
    expect(formatPointCount(1234)).toBe('1.234 pontos de dados');
    expect(formatPointCount(1)).toBe('1 ponto de dados');
    expect(formatPointCount(0)).toBe('0 pontos de dados');
  });

  it('values in their unit; years without a thousands separator', () => {
    expect(formatVariableValue('ano', 2024)).toBe('2024');
    expect(formatVariableValue('produtividade_media', 3456.5)).toBe('3.457 kg/ha');
    expect(formatVariableValue('roi', 1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatVariableValue('teor_argila', 35.25)).toBe('35,3%');
    expect(formatAxisTick('ano', 2024)).toBe('2024');
    expect(formatAxisTick('roi', 12500).replace(/\s/g, ' ')).toBe('12,5 mil');
    expect(formatAxisTick(null, 3.25)).toBe('3,3');
  });
});

describe('naming and opening a point', () => {
  it('every point keeps the index of its experiment', () => {
    expect(buildPoints(dataset(), 'custo_protocolo', 'ano').map((p) => p.e)).toEqual([0, 1, 2]);
    expect(buildPoints(dataset(), 'teor_argila', 'tratamento_custo').map((p) => p.e)).toEqual([0, 0, 0]);
  });

  it('names an experiment by consultoria, place and year, and falls back to its number', () => {
    expect(experimentRef(dataset(), 0)).toEqual({ id: 11, nome: 'Alfa · Rio Verde/PR · 2023', cultura: 'Soja' });
    expect(experimentRef(dataset(), 2)).toEqual({ id: 13, nome: 'Experimento nº 13 · MT · 2024', cultura: 'Soja' });
    expect(experimentRef(dataset(), 7)).toBeNull();
  });
});

describe('lineSeries', () => {
  it('sorts by X and averages the points that share an X, so the line never saws up and down', () => {
    const points = [
      { x: 2024, y: 10, e: 0 },
      { x: 2023, y: 4, e: 1 },
      { x: 2024, y: 20, e: 2 },
      { x: 2022, y: 7, e: 3 },
      { x: 2023, y: 6, e: 1 },
      { x: 'Soja', y: 1, e: 4 },
    ];
    expect(lineSeries(points)).toEqual([
      { x: 2022, y: 7, n: 1, e: 3 },
      // Two treatments of one experiment: still that experiment.
      { x: 2023, y: 5, n: 2, e: 1 },
      { x: 2024, y: 15, n: 2, e: null },
    ]);
  });
});

/** The examples of tests/fixtures/correlation/cor-test.R and the numbers R printed for them. */
function rExamples() {
  const dir = new URL('../../../../tests/fixtures/correlation/', import.meta.url);
  const script = readFileSync(new URL('cor-test.R', dir), 'utf8');
  const printed = readFileSync(new URL('cor-test.out', dir), 'utf8');
  const vectors = new Map<string, number[]>();
  for (const [, name, values] of script.matchAll(/^(\w+) <- c\(([^)]*)\)/gm)) vectors.set(name!, values!.split(',').map(Number));
  const out = new Map<string, number>();
  for (const [, example, key, value] of printed.matchAll(/^(example\d) (\w+) (\S+)/gm)) out.set(`${example} ${key}`, Number(value));
  return [
    { name: 'example1', x: vectors.get('x')!, y: vectors.get('y')! },
    { name: 'example2', x: vectors.get('x2')!, y: vectors.get('y2')! },
  ].map((e) => ({ ...e, r: (key: string) => out.get(`${e.name} ${key}`)! }));
}

describe('leastSquares', () => {
  it("matches R's cor.test and lm on the committed examples", () => {
    const examples = rExamples();
    expect(examples).toHaveLength(2);
    for (const ex of examples) {
      expect(ex.x.length).toBe(ex.r('n'));
      const t = leastSquares(ex.x.map((x, i) => ({ x, y: ex.y[i]! })))!;
      expect(t.n).toBe(ex.r('n'));
      expect(t.r).toBeCloseTo(ex.r('r'), 12);
      expect(t.slope).toBeCloseTo(ex.r('slope'), 9);
      expect(t.intercept).toBeCloseTo(ex.r('intercept'), 8);
      expect(Math.abs(t.p! - ex.r('p')) / ex.r('p')).toBeLessThan(1e-9);
      expect(t.xMin).toBe(Math.min(...ex.x));
      expect(t.xMax).toBe(Math.max(...ex.x));
    }
  });

  it('ignores categorical points, needs two numeric pairs and some spread, and gives no p below three', () => {
    expect(leastSquares([{ x: 1, y: 2 }])).toBeNull();
    expect(
      leastSquares([
        { x: 1, y: 2 },
        { x: 1, y: 3 },
      ]),
    ).toBeNull();
    const two = leastSquares([
      { x: 1, y: 2 },
      { x: 3, y: 6 },
      { x: 'Soja', y: 1 },
    ])!;
    expect(two).toMatchObject({ n: 2, slope: 2, intercept: 0, p: null });
    const perfect = leastSquares([
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ])!;
    expect(perfect.r).toBe(1);
    expect(perfect.p).toBe(0);
  });

  it('formats p, the equation and the verdict in pt-BR', () => {
    expect(formatPValue(1.6e-5)).toBe('p < 0,001');
    expect(formatPValue(0.203476)).toBe('p = 0,203');
    expect(formatPValue(0.05)).toBe('p = 0,05');
    expect(formatTrendEquation({ slope: 20.0511, intercept: 2796.26 })).toBe('y = 20,1·x + 2.800');
    expect(formatTrendEquation({ slope: -5.0397, intercept: -12.5 })).toBe('y = -5,04·x − 12,5');
    expect(trendSignificance(0.01)).toBe('significativa a 5%');
    expect(trendSignificance(0.2)).toBe('não significativa a 5%');
    expect(trendSignificance(null)).toBe('poucos pontos para testar');
  });
});

describe('cropColors', () => {
  it('gives the most frequent crops the palette in order and gathers the rest beyond seven', () => {
    expect(cropColors(['Milho', 'Soja', 'Soja'])).toEqual([
      { cultura: 'Soja', color: PALETTE_8[0] },
      { cultura: 'Milho', color: PALETTE_8[1] },
    ]);
    const many = cropColors(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
    expect(many).toHaveLength(8);
    expect(many.at(-1)).toEqual({ cultura: OTHER_CROPS, color: PALETTE_8[7] });
    expect(cropColors(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']).map((c) => c.cultura)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });
});
