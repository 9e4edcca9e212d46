import { describe, expect, it } from 'vitest';
import { chooseTreatments, scoreCandidate, type TreatmentCandidate, type TreatmentReader } from './treatment-choice.js';

const candidate = (reader: TreatmentReader, rows: [string, number | undefined][], prior = 0.9): TreatmentCandidate => ({
  reader,
  tratamentos: rows.map(([nome, produtividade]) => ({ nome, modalidade: '', ...(produtividade === undefined ? {} : { produtividade }) })),
  ids: rows.map(() => null),
  scale: { label: 'kg/ha', unit: 'kg/ha', factor: 1, at: 0 },
  prior,
  evidence: { page: 1, snippet: reader },
  warnings: [],
  modeColumn: false,
  table: null,
});

const soja: [string, number][] = [
  ['Testemunha', 3600],
  ['Produto A', 3900],
  ['Produto B', 4010],
];

describe('treatments: candidates and choice', () => {
  it('scores a list by its prior and the share of treatments with a yield', () => {
    expect(scoreCandidate(candidate('tabela', soja, 0.95), 'soja').score).toBeCloseTo(0.95, 5);
    const half = scoreCandidate(
      candidate('tabela', [
        ['Testemunha', 3600],
        ['Produto A', undefined],
      ]),
      'soja',
    );
    expect(half.score).toBeCloseTo(0.45, 5);
    expect(half.warnings).toContain('Alguns tratamentos estão sem produtividade. Confira a tabela de resultados.');
  });

  it('weighs down yields no crop gives, and a single treatment', () => {
    const misread = scoreCandidate(
      candidate('tabela', [
        ['Testemunha', 36],
        ['Produto A', 39],
      ]),
      'soja',
    );
    expect(misread.score).toBeLessThan(0.9 * 0.6 + 1e-9);
    expect(misread.warnings).toContain('Há produtividades fora da faixa esperada. Confira as unidades.');
    expect(scoreCandidate(candidate('tabela', [['Produto A', 3900]]), 'soja').score).toBeCloseTo(0.9 * 0.7, 5);
  });

  it('prefers, between two readings of equal trust, the one whose yields are usual for the crop', () => {
    const usual = candidate('cartoes', soja, 0.8);
    const odd = candidate(
      'rotulos de barras',
      [
        ['Testemunha', 60],
        ['Produto A', 65],
        ['Produto B', 66],
      ],
      0.8,
    );
    expect(chooseTreatments([odd, usual], 'soja', 0)?.reader).toBe('cartoes');
  });

  it('a results table wins over sentences that tell the same trial, and agreement raises no contest', () => {
    const chosen = chooseTreatments([candidate('frases', soja, 0.7), candidate('tabela', soja, 0.95)], 'soja', 3);
    expect(chosen?.reader).toBe('tabela');
    expect(chosen?.warnings).toEqual([]);
    expect(chosen?.confidence).toBeCloseTo(0.95, 5);
    expect(chosen?.readings.map((r) => r.reader)).toEqual(['tabela', 'frases']);
  });

  it('sentences naming fewer treatments than the methods describe lose to the described list', () => {
    const described = candidate(
      'descricoes',
      [
        ['Testemunha', 3600],
        ['Produto A', 3900],
        ['Produto B', undefined],
        ['Produto C', 4100],
      ],
      0.75,
    );
    const told = candidate('frases', soja.slice(0, 2), 0.7);
    expect(chooseTreatments([told, described], 'soja', 4)?.reader).toBe('descricoes');
  });

  it('two different lists scored alike make the treatments uncertain, and say so', () => {
    const a = candidate('cartoes', soja, 0.8);
    const b = candidate(
      'tabela transposta',
      [
        ['Testemunha', 3000],
        ['Produto X', 3300],
        ['Produto Y', 3500],
      ],
      0.8,
    );
    const chosen = chooseTreatments([a, b], 'soja', 0);
    expect(chosen?.confidence).toBeLessThan(0.75);
    expect(chosen?.warnings.join(' ')).toMatch(/dão tratamentos diferentes\. Confira\./);
  });

  it('repeated names cost a little, not the list', () => {
    const repeated = scoreCandidate(
      candidate('tabela', [
        ['Testemunha', 3600],
        ['Produto A', 3900],
        ['Produto A', 4000],
        ['Produto A', 4100],
      ]),
      'soja',
    );
    expect(repeated.score).toBeCloseTo(0.9 * (0.8 + 0.2 * 0.5), 5);
  });

  it('nothing read: no choice', () => {
    expect(chooseTreatments([candidate('tabela', [])], 'soja', 0)).toBeNull();
  });
});

describe('what tells treatments apart', () => {
  it('a name repeated with different doses is not a misread list', () => {
    const doses = candidate('descricoes', [
      ['Testemunha', 2214],
      ['Produto Z', 2489],
      ['Produto Z', 2847],
      ['Produto Z', 2702],
    ]);
    const repeated = scoreCandidate(doses, 'feijão').score;
    const toldApart = scoreCandidate(
      { ...doses, identities: ['testemunha', '1,0 L ha-1 de Produto Z', '2,0 L ha-1 de Produto Z', '3,0 L ha-1 de Produto Z'] },
      'feijão',
    ).score;
    expect(toldApart).toBeGreaterThan(repeated);
    expect(toldApart).toBeCloseTo(0.9, 5);
  });

  it('names no treatment has weigh a reading down', () => {
    const known = (nome: string) => nome !== 'Material e Métodos';
    const misread = candidate('colunas de barras', [
      ['Material e Métodos', 3600],
      ['Produto A', 3900],
    ]);
    expect(scoreCandidate(misread, 'soja', known).score).toBeCloseTo(0.9 * 0.85, 5);
  });
});
