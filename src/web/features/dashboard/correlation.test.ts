import { describe, expect, it } from 'vitest';
import {
  buildPoints,
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
  VARIABLES,
} from './correlation.js';
import type { CorrelationDataset } from '../../../shared/dashboard.js';

/** Three experiments; the first has 3 treatments, the second none, the third 1. */
function dataset(): CorrelationDataset {
  return {
    experimentos: {
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
  };
}

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

  it('defaults and shortcuts follow the spec', () => {
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

describe('buildPoints', () => {
  it('one point per experiment when both are experiment-level, dropping missing values', () => {
    // Experiment 1 has no yield, experiment 2 has a NaN ROI.
    expect(buildPoints(dataset(), 'produtividade_media', 'roi')).toEqual([{ x: 3000, y: 100 }]);
    expect(buildPoints(dataset(), 'custo_protocolo', 'ano')).toEqual([
      { x: 50, y: 2023 },
      { x: 60, y: 2024 },
      { x: 70, y: 2024 },
    ]);
  });

  it('drops blank categories and trims the others', () => {
    expect(buildPoints(dataset(), 'marca', 'custo_protocolo')).toEqual([
      { x: 'A', y: 50 },
      { x: 'B', y: 60 },
    ]);
    expect(buildPoints(dataset(), 'cultura', 'ano').map((p) => p.x)).toEqual(['Soja', 'Milho', 'Soja']);
  });

  it('repeats an experiment value for each of its treatments', () => {
    // Experiment 0's argila (20) paired with its 3 treatment costs; experiment 2 has no argila.
    expect(buildPoints(dataset(), 'teor_argila', 'tratamento_custo')).toEqual([
      { x: 20, y: 10 },
      { x: 20, y: 20 },
      { x: 20, y: 30 },
    ]);
    // Same rule with the treatment variable on X.
    expect(buildPoints(dataset(), 'tratamento_custo', 'cultura')).toEqual([
      { x: 10, y: 'Soja' },
      { x: 20, y: 'Soja' },
      { x: 30, y: 'Soja' },
      { x: 40, y: 'Soja' },
    ]);
  });

  it('pairs two treatment variables per treatment and drops missing ones', () => {
    expect(buildPoints(dataset(), 'tratamento_produtividade', 'tratamento_modalidade')).toEqual([
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
