import { describe, expect, it } from 'vitest';
import {
  countFilledFields,
  judgeAdversarial,
  normTruthText,
  scoreTruthReport,
  scoreTruthScalar,
  scoreTruthTreatments,
  treatmentNameOk,
  truthNumber,
  type TruthFile,
} from './evaluate.js';

describe('scoring of hand-labelled reports (the dev set rules)', () => {
  it('compares texts without case, accents, dashes, spaces around "/" or a trailing dot', () => {
    expect(normTruthText('  Cana-de-Açúcar ')).toBe('cana de acucar');
    expect(normTruthText('MT Oeste / RO / AC')).toBe('mt oeste/ro/ac');
    expect(scoreTruthScalar('consultoria', 'Agro Pesquisa Ltda.', 'AGRO PESQUISA LTDA')).toBe(1);
    expect(scoreTruthScalar('cultivar', 'Catuaí 144', 'Catua 144')).toBe(0);
  });

  it('takes a list as "any of these"', () => {
    const want = ['Serra Azul Pesquisa Agrícola Ltda.', 'Serra Azul Pesquisa Agrícola', 'SAPA'];
    expect(scoreTruthScalar('consultoria', want, 'sapa')).toBe(1);
    expect(scoreTruthScalar('consultoria', want, 'Serra Azul Pesquisa Agricola')).toBe(1);
    expect(scoreTruthScalar('consultoria', want, 'Serra Azul')).toBe(0);
    expect(scoreTruthScalar('tipo_estatistica', ['DBC', 'Blocos Casualizados'], 'blocos casualizados')).toBe(1);
  });

  it('accepts a year from a list, as a number or inside a string', () => {
    expect(scoreTruthScalar('ano', [2023, 2024], 2024)).toBe(1);
    expect(scoreTruthScalar('ano', [2023, 2024], '2023/24')).toBe(1);
    expect(scoreTruthScalar('ano', [2023, 2024], 2025)).toBe(0);
    expect(scoreTruthScalar('ano', 2024, 2023)).toBe(0);
    expect(scoreTruthScalar('ano', 2024, undefined)).toBe(0);
  });

  it('lets numbers pass within 1 %, clay and OM also within 0.05 absolute', () => {
    expect(scoreTruthScalar('custo_protocolo', 10000, 10099)).toBe(1);
    expect(scoreTruthScalar('custo_protocolo', 10000, 10101)).toBe(0);
    expect(scoreTruthScalar('custo_protocolo', 14800, 'R$ 14.800,00')).toBe(1);
    expect(scoreTruthScalar('teor_materia_organica', 1.2, 1.25)).toBe(1);
    expect(scoreTruthScalar('teor_materia_organica', 1.2, 1.26)).toBe(0);
    expect(scoreTruthScalar('teor_argila', 62, 62.6)).toBe(1);
    expect(scoreTruthScalar('teor_argila', 62, 63)).toBe(0);
  });

  it('lets coordinates pass within 0.001°, and never reads "-12.545" as thousands', () => {
    expect(scoreTruthScalar('latitude', -15.5617, -15.5625)).toBe(1);
    expect(scoreTruthScalar('latitude', -15.5617, -15.5629)).toBe(0);
    expect(scoreTruthScalar('longitude', -54.285, 54.285)).toBe(0);
    expect(scoreTruthScalar('latitude', -12.545, '-12.545')).toBe(1);
    expect(truthNumber('-12.545', true)).toBe(-12.545);
    expect(truthNumber('-12.545')).toBe(-12545);
    expect(truthNumber('3.456,7')).toBe(3456.7);
  });

  it('scores a missing or empty field as 0', () => {
    expect(scoreTruthScalar('cidade', 'Itaberá', '')).toBe(0);
    expect(scoreTruthScalar('cidade', 'Itaberá', null)).toBe(0);
    expect(scoreTruthScalar('latitude', -10, 'sem coordenadas')).toBe(0);
  });
});

describe('treatments', () => {
  const want = [
    { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3000 },
    { nome: 'Produto Raiz Forte', modalidade: 'Sulco', produtividade: 3300 },
  ];

  it('matches a name when all its key words are words of the extracted name', () => {
    expect(treatmentNameOk('Produto Raiz Forte', 'T2 – Produto Raiz Forte 2 L/ha no sulco')).toBe(true);
    expect(treatmentNameOk('Cálcio e Boro', 'calcio boro')).toBe(true);
    expect(treatmentNameOk('Produto Raiz Forte', 'Produto Raiz')).toBe(false);
    expect(treatmentNameOk('Produto Raiz Forte', undefined)).toBe(false);
  });

  it('matches rows by order and counts every part as one check', () => {
    const got = [
      { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3020 },
      { nome: 'Produto Raiz Forte', modalidade: 'Solo', produtividade: 3400 },
    ];
    const s = scoreTruthTreatments(want, got);
    expect([s.pass, s.total, s.extra]).toEqual([4, 6, 0]);
    expect(s.score).toBeCloseTo(4 / 6);
    expect(s.parts).toEqual({ nome: [2, 2], modalidade: [1, 2], produtividade: [1, 2] });
    // The same rows in the other order fail their names, modes and yields.
    expect(scoreTruthTreatments(want, [got[1], got[0]]).pass).toBe(0);
  });

  it('counts each extra row as one failed check, and missing rows as failed checks', () => {
    const exact = want.map((t) => ({ ...t }));
    expect(scoreTruthTreatments(want, exact).score).toBe(1);
    const extra = scoreTruthTreatments(want, [...exact, { nome: 'Média', produtividade: 3150 }, { nome: 'CV (%)' }]);
    expect([extra.pass, extra.total, extra.extra]).toEqual([6, 8, 2]);
    expect(extra.score).toBe(0.75);
    const short = scoreTruthTreatments(want, [exact[0]]);
    expect([short.pass, short.total]).toEqual([3, 6]);
    expect(scoreTruthTreatments(want, undefined).score).toBe(0);
  });

  it('checks only the parts the truth states (the control has no mode) and takes a list of modes as any of', () => {
    const s = scoreTruthTreatments(
      [
        { nome: 'Testemunha', produtividade: 2000 },
        { nome: 'X', modalidade: ['Solo', 'Incorporado'] },
      ],
      [
        { nome: 'Testemunha', modalidade: '', produtividade: '2.010' },
        { nome: 'X', modalidade: 'incorporado' },
      ],
    );
    expect([s.pass, s.total]).toEqual([4, 4]);
  });
});

describe('a whole report and adversarial files', () => {
  it('sums field scores over the scored keys only', () => {
    const truth: TruthFile = {
      _about: 'notes are not scored',
      _evidence: { cidade: 'Itaberá – SP' },
      cidade: 'Itaberá',
      estado: 'SP',
      ano: [2024, 2025],
      tratamentos: [{ nome: 'Testemunha', produtividade: 2304 }],
    };
    const r = scoreTruthReport(truth, {
      cidade: 'Itabera',
      estado: 'SP',
      ano: 2026,
      regional: 'ignored: not in the truth',
      tratamentos: [{ nome: 'Testemunha', produtividade: 2304 }, { nome: 'Média' }],
    });
    expect(r.nFields).toBe(4);
    expect(r.fields.map((f) => f.field)).toEqual(['cidade', 'estado', 'ano', 'tratamentos']);
    expect(r.score).toBeCloseTo(2 + 2 / 3);
    expect(scoreTruthReport(truth, null).score).toBe(0);
  });

  it('passes a non-report with low confidence and few fields, or with a 4xx JSON error', () => {
    const truth: TruthFile = { expect: 'low_confidence_or_client_error', max_confidence: 0.3, max_fields: 2 };
    const data = { cidade: 'X', estado: 'MT', cultura: '' };
    expect(countFilledFields(data)).toBe(2);
    expect(judgeAdversarial(truth, { status: 200, json: { confidence: 0.2, data } }).pass).toBe(true);
    expect(judgeAdversarial(truth, { status: 200, json: { confidence: 0.3, data } }).pass).toBe(false);
    expect(judgeAdversarial(truth, { status: 200, json: { confidence: 0.1, data: { ...data, ano: 2024 } } }).pass).toBe(false);
    expect(judgeAdversarial(truth, { status: 200, json: { confidence: 25, data } }).pass).toBe(true);
    expect(judgeAdversarial(truth, { status: 422, json: { error: 'x' } }).pass).toBe(true);
    expect(judgeAdversarial(truth, { status: 422, json: undefined }).pass).toBe(false);
    expect(judgeAdversarial(truth, { status: 500, json: {} }).pass).toBe(false);
    expect(judgeAdversarial(truth, { error: 'timeout' }).pass).toBe(false);
    expect(judgeAdversarial({ ...truth, expect: 'client_error' }, { status: 200, json: { confidence: 0, data: {} } }).pass).toBe(false);
  });
});
