import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DMS_RANGE,
  LAT_HEMISPHERE,
  LAT_RANGE,
  LON_HEMISPHERE,
  LON_RANGE,
  NUMBER_INVALID,
  type ParseOptions,
  SIGN_AND_HEMISPHERE,
  formatDecimal,
  toNumberOrNull,
  parseCoordinate,
  parseDecimal,
} from './decimal.js';

const value = (text: string, options?: ParseOptions) => {
  const r = parseDecimal(text, options);
  return r.ok ? r.value : r;
};

describe('parseDecimal', () => {
  it.each([
    ['3,2', 3.2],
    ['38,5', 38.5],
    ['-12,5425', -12.5425],
    ['3.2', 3.2],
    ['-12.5425', -12.5425],
    ['0.5', 0.5],
    ['0.500', 0.5],
    ['1234.567', 1234.567],
    ['1.234,5', 1234.5],
    ['1.234', 1234],
    ['12.500', 12500],
    ['1.234.567,8', 1234567.8],
    ['1.234.567', 1234567],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['1\u202f234\u202f567', 1234567],
    ['1234,5', 1234.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['  42  ', 42],
    ['007', 7],
    ['\u221212,5', -12.5],
    ['- 3', -3],
    ['-0', 0],
    ['3,20', 3.2],
  ])('reads %j as %d', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('reads empty or blank text as null', () => {
    expect(value('')).toBeNull();
    expect(value('   ')).toBeNull();
    expect(value('\u00a0')).toBeNull();
  });

  it('never returns -0', () => {
    expect(Object.is(value('-0,0'), 0)).toBe(true);
  });

  it.each([
    '1,234.5',
    '3,2,1',
    'abc',
    '3a',
    '1.23.4',
    '1e5',
    'Infinity',
    'NaN',
    '0-125425',
    '--3',
    '1.2345.678',
    '12..5',
    '+3',
    '3 ,2',
    '1 23 456',
    '1.234 567',
    '1 234.5',
  ])('refuses %j as invalid', (text) => {
    expect(parseDecimal(text)).toEqual({ ok: false, incomplete: false, message: NUMBER_INVALID });
  });

  it.each(['-', '\u2212', ',', '.', '3,', '-3,', '3.', '1.234,', '1.234.5', '1.234.56', '1 23', '-,'])(
    'reports %j as incomplete (still typing), with the message for when the field loses focus',
    (text) => {
      expect(parseDecimal(text)).toEqual({ ok: false, incomplete: true, message: NUMBER_INVALID });
    },
  );

  it('refuses more decimals than the field keeps, instead of rounding them away', () => {
    expect(parseDecimal('3,25', { decimals: 1 })).toEqual({ ok: false, incomplete: false, message: 'Use no máximo 1 casa decimal' });
    expect(parseDecimal('3,256', { decimals: 2 })).toMatchObject({ ok: false, message: 'Use no máximo 2 casas decimais' });
    expect(parseDecimal('3,5', { decimals: 0 })).toMatchObject({ ok: false, message: 'Informe um número inteiro' });
    expect(value('3,250', { decimals: 2 })).toBe(3.25);
    expect(value('3', { decimals: 0 })).toBe(3);
    expect(value('1.234', { decimals: 0 })).toBe(1234);
  });

  it('reads money with or without the R$ prefix', () => {
    expect(value('R$ 1.234,56', { kind: 'money' })).toBe(1234.56);
    expect(value('-R$ 5,00', { kind: 'money' })).toBe(-5);
    expect(value('R$ -5,00', { kind: 'money' })).toBe(-5);
    expect(parseDecimal('R$', { kind: 'money' })).toMatchObject({ ok: false, incomplete: true });
    expect(parseDecimal('R$ 5', { kind: 'number' })).toMatchObject({ ok: false, incomplete: false });
  });

  it('for coordinates a dot is always decimal, and there are no thousands', () => {
    expect(value('-12.542', { kind: 'coordinate' })).toBe(-12.542);
    expect(value('-12,542', { kind: 'coordinate' })).toBe(-12.542);
    expect(value('-55.721', { kind: 'coordinate' })).toBe(-55.721);
    expect(parseDecimal('1.234,5', { kind: 'coordinate' })).toMatchObject({ ok: false, incomplete: false });
    expect(parseDecimal('1 234', { kind: 'coordinate' })).toMatchObject({ ok: false });
  });

  it('the misreadings once seen (32 for 3,2; 385 for 38,5) do not happen', () => {
    expect(value('3,2')).toBe(3.2); // was stored as 32
    expect(value('38,5')).toBe(38.5); // was 385
    expect(parseDecimal('0-12,5425')).toMatchObject({ ok: false, incomplete: false }); // was dropped
  });

  it('never throws, and a number it accepts is finite (fuzz)', () => {
    const chars = fc.constantFrom(...'0123456789.,- \u00a0\u2212R$ab'.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 16 }).map((a) => a.join('')),
        fc.constantFrom('number', 'money', 'coordinate' as const),
        (text, kind) => {
          const r = parseDecimal(text, { kind });
          if (r.ok && r.value !== null) expect(Number.isFinite(r.value)).toBe(true);
          if (!r.ok) expect(r.message).toBe(NUMBER_INVALID);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a decimal comma never changes the digits: "<int>,<frac>" is int.frac (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.stringMatching(/^\d{1,6}$/), fc.boolean(), (int, frac, negative) => {
        const expected = Number(`${negative ? '-' : ''}${int}.${frac}`);
        expect(value(`${negative ? '-' : ''}${int},${frac}`)).toBe(expected === 0 ? 0 : expected);
      }),
    );
  });
});

/** A number with at most `d` decimals, as the nearest double to a short decimal text. */
const decimalNumber = (maxInt: bigint, maxDecimals: number) =>
  fc.tuple(fc.bigInt({ min: -maxInt, max: maxInt }), fc.integer({ min: 0, max: maxDecimals }), fc.nat()).map(([int, d, fracSeed]) => {
    const frac = d ? String(fracSeed % 10 ** d).padStart(d, '0') : '';
    const x = Number(`${int}${frac ? `.${frac}` : ''}`);
    return { x: x === 0 ? 0 : x, d };
  });

describe('formatDecimal', () => {
  it.each<[number, Parameters<typeof formatDecimal>[1], string]>([
    [1234.5, {}, '1.234,5'],
    [3.2, { decimals: 1 }, '3,2'],
    [3.25, { decimals: 1 }, '3,3'],
    [1234567.891, { decimals: 2 }, '1.234.567,89'],
    [-12.5425, { kind: 'coordinate' }, '-12,5425'],
    [-1234.5, { kind: 'coordinate' }, '-1234,5'],
    [-12.54251234, { kind: 'coordinate' }, '-12,542512'],
    [1234.5, { kind: 'money' }, '1.234,50'],
    [0, { kind: 'money' }, '0,00'],
    [-0, {}, '0'],
    [0.1, {}, '0,1'],
    [5e-7, {}, '0,0000005'],
    [100, { decimals: 2 }, '100'],
  ])('formats %d (%j) as %j', (n, options, expected) => {
    expect(formatDecimal(n, options)).toBe(expected);
  });

  it('is empty for null, undefined and non-finite values', () => {
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal(undefined)).toBe('');
    expect(formatDecimal(Number.NaN)).toBe('');
    expect(formatDecimal(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('format → parse is the identity (property)', () => {
  it('numbers with at most the field decimals', () => {
    fc.assert(
      fc.property(decimalNumber(10n ** 12n, 6), ({ x, d }) => {
        expect(value(formatDecimal(x, { decimals: d }), { decimals: d })).toBe(x);
        expect(value(formatDecimal(x))).toBe(x);
      }),
      { numRuns: 2000 },
    );
  });

  it('money', () => {
    fc.assert(
      fc.property(decimalNumber(10n ** 12n, 2), ({ x }) => {
        expect(value(formatDecimal(x, { kind: 'money' }), { kind: 'money', decimals: 2 })).toBe(x);
      }),
      { numRuns: 1000 },
    );
  });

  it('coordinates', () => {
    fc.assert(
      fc.property(decimalNumber(179n, 6), ({ x, d }) => {
        const text = formatDecimal(x, { kind: 'coordinate', decimals: d });
        expect(value(text, { kind: 'coordinate' })).toBe(x);
        expect(parseCoordinate(text, 'lon')).toEqual({ ok: true, value: x });
      }),
      { numRuns: 1000 },
    );
  });

  it('any double in range, formatted with all its digits', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (x) => {
        // Intl writes at most 20 decimals: from 0,001 up, 17 significant digits fit.
        fc.pre(x === 0 || Math.abs(x) >= 1e-3);
        expect(value(formatDecimal(x))).toBe(x === 0 ? 0 : x);
      }),
      { numRuns: 2000 },
    );
  });

  it('plain JS text (String(x)) is read as x, except the "1.234" form, which pt-BR reads as thousands', () => {
    const dotThree = /^-?[1-9]\d{0,2}\.\d{3}$/;
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (x) => {
        const text = String(x);
        fc.pre(!text.includes('e') && !dotThree.test(text));
        expect(value(text)).toBe(x === 0 ? 0 : x);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (x) => {
        const text = String(x);
        fc.pre(!text.includes('e'));
        expect(value(text, { kind: 'coordinate' })).toBe(x === 0 ? 0 : x);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseCoordinate', () => {
  const lat = (text: string) => parseCoordinate(text, 'lat');
  const lon = (text: string) => parseCoordinate(text, 'lon');
  const dms = (d: number, m: number, s: number) => Number((d + m / 60 + s / 3600).toFixed(6));

  it.each([
    ['-12,5425', -12.5425],
    ['-12.5425', -12.5425],
    ['-12.542', -12.542],
    [`17°51'13" S`, -dms(17, 51, 13)],
    [`17°51'13"S`, -dms(17, 51, 13)],
    [`17° 51' 13,5" S`, -dms(17, 51, 13.5)],
    [`17º 51′ 13.5″ S`, -dms(17, 51, 13.5)],
    [`S 17°51'13"`, -dms(17, 51, 13)],
    ['17 51 13 S', -dms(17, 51, 13)],
    ['17 51 13 s', -dms(17, 51, 13)],
    [`-17°51'13"`, -dms(17, 51, 13)],
    [`17°51'13"`, dms(17, 51, 13)],
    [`17°51,2' S`, -dms(17, 51.2, 0)],
    [`17°51' S`, -dms(17, 51, 0)],
    [`17° S`, -17],
    ['17,5 S', -17.5],
    [`17°51'13'' N`, dms(17, 51, 13)],
    [`17°51’13” S`, -dms(17, 51, 13)],
    ['90', 90],
    ['0', 0],
    ['-12.54251234', -12.542512],
  ])('latitude %j is %d', (text, expected) => {
    expect(lat(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [`55°43'16" O`, -dms(55, 43, 16)],
    [`55°43'16" W`, -dms(55, 43, 16)],
    [`55°43'16" L`, dms(55, 43, 16)],
    [`55°43'16" E`, dms(55, 43, 16)],
    [`W 55°43'16"`, -dms(55, 43, 16)],
    ['-55,7211', -55.7211],
    ['-179.9', -179.9],
  ])('longitude %j is %d', (text, expected) => {
    expect(lon(text)).toEqual({ ok: true, value: expected });
  });

  it('reads empty as null', () => {
    expect(lat('')).toEqual({ ok: true, value: null });
    expect(lon('  ')).toEqual({ ok: true, value: null });
  });

  it('refuses minutes or seconds of 60 or more', () => {
    expect(lat(`17°60'13" S`)).toEqual({ ok: false, incomplete: false, message: DMS_RANGE });
    expect(lat(`17°51'60" S`)).toEqual({ ok: false, incomplete: false, message: DMS_RANGE });
    expect(lat('17 75 S')).toMatchObject({ message: DMS_RANGE });
  });

  it('refuses a hemisphere letter of the other axis', () => {
    expect(lat(`55°43'16" O`)).toEqual({ ok: false, incomplete: false, message: LAT_HEMISPHERE });
    expect(lat(`55°43'16" W`)).toMatchObject({ message: LAT_HEMISPHERE });
    expect(lon(`17°51'13" S`)).toEqual({ ok: false, incomplete: false, message: LON_HEMISPHERE });
    expect(lon('N')).toMatchObject({ incomplete: false, message: LON_HEMISPHERE });
  });

  it('refuses a sign together with a hemisphere letter', () => {
    expect(lat(`-17°51'13" S`)).toEqual({ ok: false, incomplete: false, message: SIGN_AND_HEMISPHERE });
  });

  it('refuses values out of range with the schema wording', () => {
    expect(lat('91')).toEqual({ ok: false, incomplete: false, message: LAT_RANGE });
    expect(lat(`95°0' S`)).toMatchObject({ message: LAT_RANGE });
    expect(lon('-180,5')).toMatchObject({ message: LON_RANGE });
    expect(lon('180')).toEqual({ ok: true, value: 180 });
  });

  it.each([`17°51'13" X`, 'abc', `17,5°51'`, `17'51°`, '17 51 13 12', '1.234,5', '0-12,5425', `N 17 S`, `17°51'13"x S`])(
    'refuses %j as not a coordinate',
    (text) => {
      expect(lat(text)).toEqual({ ok: false, incomplete: false, message: NUMBER_INVALID });
    },
  );

  it.each(['-', 'S', 'S ', `17°51'13,`, '-12,', '17,'])('reports %j as incomplete', (text) => {
    expect(lat(text)).toEqual({ ok: false, incomplete: true, message: NUMBER_INVALID });
  });
});

describe('toNumberOrNull', () => {
  it('reads what a form holds: numbers, pt-BR text; empty, NaN and junk are null', () => {
    expect(toNumberOrNull(3.2)).toBe(3.2);
    expect(toNumberOrNull('1.234,5')).toBe(1234.5);
    expect(toNumberOrNull('3.2')).toBe(3.2);
    expect(toNumberOrNull(0)).toBe(0);
    for (const empty of ['', '  ', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '3,2,1', {}])
      expect(toNumberOrNull(empty)).toBeNull();
  });
});
