import { describe, expect, it } from 'vitest';
import {
  findBoxMass,
  findDecimalDegrees,
  findDmsCoordinates,
  findNumbers,
  findSoilUnit,
  findYieldScale,
  findYieldUnit,
  leadingSoilUnit,
  pairCoordinates,
  parseBrNumber,
  soilToPercent,
  yieldScaleAfter,
} from './numbers.js';
import { eachAnswer } from './test-support.js';

describe('parseBrNumber', () => {
  it.each([
    ['3.456,7', 3456.7],
    ['3456,7', 3456.7],
    ['1.234.567,89', 1234567.89],
    ['3,42', 3.42],
    ['148,2', 148.2],
    ['3.540', 3540],
    ['10.450', 10450],
    ['-27.1004', -27.1004],
    ['0.500', 0.5],
    ['12.5', 12.5],
    ['1,234,567', 1234567],
    ['1,234.5', 1234.5],
    ['2024', 2024],
    ['-17,7923', -17.7923],
    ['3.612,4', 3612.4],
  ])('%s → %d', (raw, value) => {
    expect(parseBrNumber(raw)).toBeCloseTo(value, 6);
  });

  it.each(['', 'abc', '1.23.4', '1,2,3,4', '12a'])('rejects %j', (raw) => {
    expect(parseBrNumber(raw)).toBeNull();
  });
});

describe('findNumbers', () => {
  it('finds numbers in a sentence and drops trailing punctuation', () => {
    const found = findNumbers('Argila: 52 %, custo R$ 1.480,00. Produtividade 3.845,0 kg/ha.');
    expect(found.map((n) => n.value)).toEqual([52, 1480, 3845]);
    expect(found[1]?.raw).toBe('1.480,00');
  });

  it('does not read digits inside words or codes as numbers', () => {
    expect(findNumbers('híbrido DKB390 e M6410').map((n) => n.value)).toEqual([]);
  });
});

describe('yield units', () => {
  eachAnswer('reads the yield unit', findYieldUnit, [
    ['kg/ha', ['Produtividade (kg/ha)', 'PRODUTIVIDADE (kg ha-1)', 'Produtividade (kg.ha-1)', 'kg por hectare']],
    ['sc/ha', ['Produtividade (sc/ha)', 'Produtividade (sacas/ha)', 'sc ha-1']],
    ['t/ha', ['Rendimento (t/ha)', 'TCH (t/ha)', 'Mg ha-1', 'toneladas por hectare']],
    ['@/ha', ['@/ha', 'Algodão em caroço (@ ha-1)', 'Caroço (@ ha )', 'arrobas por hectare']],
  ]);

  it('gives null without a unit and takes the first one named', () => {
    expect(findYieldUnit('Produtividade')).toBeNull();
    expect(findYieldUnit('60 sc/ha (3.600 kg/ha)')).toBe('sc/ha');
  });
});

describe('soil units', () => {
  eachAnswer('reads the soil unit at the start', leadingSoilUnit, [
    ['%', [' % de argila']],
    ['g/kg', ['g/kg']],
    ['dag/kg', ['dag/kg']],
    ['g/dm3', ['g/dm³', 'g dm-3']],
    [null, ['kg/ha']],
  ]);

  it('reads the unit anywhere in a header', () => {
    expect(findSoilUnit('M.O. (dag/kg)')).toBe('dag/kg');
  });

  it('converts to percent', () => {
    expect(soilToPercent(480, 'g/kg')).toBe(48);
    expect(soilToPercent(32, 'g/dm3')).toBe(3.2);
    expect(soilToPercent(2.2, 'dag/kg')).toBe(2.2);
    expect(soilToPercent(52, '%')).toBe(52);
  });
});

describe('coordinates', () => {
  it('reads degrees-minutes-seconds with S/W, O for oeste, decimal seconds', () => {
    const found = findDmsCoordinates(`12°32'33" S, 55°43'16" W e 18°56'16,4"S 46°59'36.2"O`);
    expect(found.map((c) => c.value)).toEqual([-12.5425, -55.721111, -18.937889, -46.993389]);
    expect(found.map((c) => c.axis)).toEqual(['lat', 'lon', 'lat', 'lon']);
  });

  it('takes a hemisphere written before the degrees', () => {
    expect(findDmsCoordinates(`S 9°23'55" W 40°30'03"`).map((c) => c.value)).toEqual([-9.398611, -40.500833]);
  });

  it('does not take the Portuguese "e" as east', () => {
    const found = findDmsCoordinates(`18°47'39"S e 52°37'22"W`);
    expect(found.map((c) => c.axis)).toEqual(['lat', 'lon']);
  });

  it('reads decimal degrees with comma or point, not thousands', () => {
    expect(findDecimalDegrees('-17,7923; -50,9192').map((c) => c.value)).toEqual([-17.7923, -50.9192]);
    expect(findDecimalDegrees('Lat: -27.1004 Long: -52.6152').map((c) => c.value)).toEqual([-27.1004, -52.6152]);
    expect(findDecimalDegrees('R$ 1.480,00')).toEqual([]);
  });

  it('pairs latitude and longitude, fixing signs and order for Brazil', () => {
    const c = (value: number, axis: 'lat' | 'lon' | null = null) => ({ value, axis, index: 0, end: 0 });
    expect(pairCoordinates([c(-17.79), c(-50.91)])).toEqual({ latitude: -17.79, longitude: -50.91 });
    expect(pairCoordinates([c(17.79), c(50.91)])).toEqual({ latitude: -17.79, longitude: -50.91 });
    expect(pairCoordinates([c(-50.91), c(-17.79)])).toEqual({ latitude: -17.79, longitude: -50.91 });
    expect(pairCoordinates([c(-46.9, 'lon'), c(-18.9, 'lat')])).toEqual({ latitude: -18.9, longitude: -46.9 });
    // Roraima is north of the Equator: an explicit N is kept.
    expect(pairCoordinates([c(2.8, 'lat'), c(-60.7, 'lon')])).toEqual({ latitude: 2.8, longitude: -60.7 });
    expect(pairCoordinates([c(48.85), c(120.35)])).toBeNull();
  });
});

describe('yield scales', () => {
  it('weighs sacks of a stated mass, qualified sacks and boxes', () => {
    expect(findYieldScale('Produção (sacos de 50 kg/ha)')).toMatchObject({ label: 'sc/ha', unit: null, factor: 50 });
    expect(findYieldScale('Sacas beneficiadas/ha')).toMatchObject({ label: 'sc/ha', unit: 'sc/ha', factor: 60 });
    expect(findYieldScale('Sacas de 60 kg por hectare')).toMatchObject({ unit: 'sc/ha', factor: 60 });
    expect(findYieldScale('Rendimento (kg ha⁻¹)')).toMatchObject({ label: 'kg/ha', factor: 1 });
    expect(findYieldScale('Algodão em caroço (@/ha)')).toMatchObject({ label: '@/ha', factor: 15 });
    expect(findYieldScale('TCH (t/ha)')).toMatchObject({ label: 't/ha', factor: 1000 });
    expect(findYieldScale('Produção (cx/ha)')).toMatchObject({ label: 'cx/ha', unit: null, factor: null });
    expect(findYieldScale('caixas de 22 kg por hectare')).toMatchObject({ label: 'cx/ha', factor: 22 });
    expect(findYieldScale('Altura de plantas (cm)')).toBeNull();
  });

  it('finds a stated box mass either way round', () => {
    expect(findBoxMass('Caixas de 20 kg; médias de 4 blocos')).toBe(20);
    expect(findBoxMass('considerando 18,5 kg por caixa')).toBe(18.5);
    expect(findBoxMass('caixas por hectare')).toBeNull();
  });

  it('reads a unit only right after a number', () => {
    const text = 'produziu 8.020 kg ha⁻¹ em 2023 e 40 plantas';
    expect(yieldScaleAfter(text, text.indexOf('8.020') + 5)?.label).toBe('kg/ha');
    expect(yieldScaleAfter(text, text.indexOf('2023') + 4)).toBeNull();
  });

  it('reads "kg ha" whose exponent was drawn apart when a punctuation mark or the end follows it', () => {
    for (const text of ['produziu 8.020 kg ha , valor', 'produziu 8.020 kg ha .', 'produziu 8.020 kg ha; depois', 'produziu 8.020 kg ha']) {
      expect(yieldScaleAfter(text, text.indexOf('8.020') + 5)?.label).toBe('kg/ha');
    }
    expect(yieldScaleAfter('foram 8.020 kg ha plantados', 10)).toBeNull();
  });
});
