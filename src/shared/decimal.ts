/**
 * Numbers as people type them in Brazil: "3,2", "1.234,5", "1 234,5", and also plain
 * "3.2". A comma is the decimal mark; a dot followed by groups of exactly three digits is a
 * thousands separator ("12.500" is twelve thousand five hundred); any other single dot is a decimal
 * mark. Anything else is refused with a message, never read as something else: no dropped
 * character, no value multiplied by ten.
 *
 * Wiring: the form's number input (src/web/components/ui/number-input.tsx) parses each keystroke
 * with parseDecimal / parseCoordinate and formats on blur with formatDecimal. A result that is
 * `incomplete` ("-", "3,", "1.234.5") is what someone is still typing: the input stays quiet until
 * the field loses focus.
 */

export type DecimalKind = 'number' | 'money' | 'coordinate';

/** The message for anything that is not a number (same text as the experiment schema's). */
export const NUMBER_INVALID = 'Informe um número válido';
export const DMS_RANGE = 'Minutos e segundos devem ser menores que 60';
export const LAT_HEMISPHERE = 'Use N ou S para a latitude (ex.: 17°51\'13" S)';
export const LON_HEMISPHERE = 'Use O (W) ou L (E) para a longitude (ex.: 55°43\'16" O)';
export const SIGN_AND_HEMISPHERE = 'Use o sinal de menos ou a letra do hemisfério, não os dois';
// Same wording as the experiment schema's range messages (src/shared/experiment.ts).
export const LAT_RANGE = 'Latitude deve ser entre -90 e 90';
export const LON_RANGE = 'Longitude deve ser entre -180 e 180';

/** Decimal places kept from a coordinate: 6 is about 0.1 m, finer than any GPS in the field. */
export const COORDINATE_DECIMALS = 6;

export type ParseResult =
  | { ok: true; value: number | null }
  /** `incomplete`: not a number yet, but typing more could make it one ("-", "3,", "1.234.5"). */
  | { ok: false; incomplete: boolean; message: string };

export interface ParseOptions {
  kind?: DecimalKind;
  /** Most decimal places accepted; more is refused with a message (never rounded away). */
  decimals?: number;
}

export function decimalsMessage(decimals: number): string {
  if (decimals <= 0) return 'Informe um número inteiro';
  return decimals === 1 ? 'Use no máximo 1 casa decimal' : `Use no máximo ${decimals} casas decimais`;
}

// Hyphen-minus, the Unicode minus (what Intl and Word produce) and the en dash (Word's autocorrect).
const SIGN = /^[-\u2212\u2013]/;
// No-break and thin spaces: Intl and spreadsheets use them as thousands separators.
const SPACES = /[\u00a0\u202f\u2009]/g;

const INT = /^\d+$/;
const DOT_GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const SPACE_GROUPED = /^[1-9]\d{0,2}(?: \d{3})+$/;

interface Parts {
  negative: boolean;
  int: string;
  frac: string;
}

/** The digits of `text` when it is a well-formed number of `kind`, else null. */
function split(text: string, kind: DecimalKind): Parts | null {
  let s = text.replace(SPACES, ' ').trim();
  let negative = false;
  const sign = () => {
    if (SIGN.test(s)) {
      if (negative) return false;
      negative = true;
      s = s.slice(1).trimStart();
    }
    return true;
  };
  if (!sign()) return null;
  if (kind === 'money' && /^R\$/i.test(s)) {
    // "R$ 1.234,56", "-R$ 5,00" (Intl's order) and "R$ -5,00" are all read.
    s = s.slice(2).trimStart();
    if (!sign()) return null;
  }
  if (!s) return null;
  const comma = s.split(',');
  if (comma.length > 2) return null;
  if (comma.length === 2) {
    const [int = '', frac = ''] = comma;
    if (!/^\d+$/.test(frac)) return null;
    if (int === '') return { negative, int: '0', frac };
    if (INT.test(int)) return { negative, int, frac };
    if (kind !== 'coordinate' && (DOT_GROUPED.test(int) || SPACE_GROUPED.test(int))) {
      return { negative, int: int.replace(/[. ]/g, ''), frac };
    }
    return null;
  }
  if (INT.test(s)) return { negative, int: s, frac: '' };
  if (kind !== 'coordinate' && (DOT_GROUPED.test(s) || SPACE_GROUPED.test(s))) {
    return { negative, int: s.replace(/[. ]/g, ''), frac: '' };
  }
  const dot = /^(\d*)\.(\d+)$/.exec(s);
  if (dot) return { negative, int: dot[1] || '0', frac: dot[2] ?? '' };
  return null;
}

function toNumber({ negative, int, frac }: Parts): number {
  const n = Number(`${int}.${frac || '0'}`);
  // No "-0": it would come back as "-0" in the field.
  return negative && n !== 0 ? -n : n;
}

/** True when appending digits turns `text` into a number: the user is probably mid-typing. */
function completable(text: string, accepts: (candidate: string) => boolean): boolean {
  return ['0', '00', '000'].some((z) => accepts(text.trimEnd() + z));
}

/** Reads a number typed in pt-BR or plain notation. Empty (or only spaces) is `null`. */
export function parseDecimal(text: string, options: ParseOptions = {}): ParseResult {
  const kind = options.kind ?? 'number';
  if (text.replace(SPACES, ' ').trim() === '') return { ok: true, value: null };
  const parts = split(text, kind);
  if (!parts) {
    const incomplete = completable(text, (t) => split(t, kind) !== null);
    return { ok: false, incomplete, message: NUMBER_INVALID };
  }
  if (options.decimals !== undefined && parts.frac.replace(/0+$/, '').length > options.decimals) {
    return { ok: false, incomplete: false, message: decimalsMessage(options.decimals) };
  }
  const value = toNumber(parts);
  if (!Number.isFinite(value)) return { ok: false, incomplete: false, message: NUMBER_INVALID };
  return { ok: true, value };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(min: number, max: number, grouping: boolean): Intl.NumberFormat {
  const key = `${min}|${max}|${grouping}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
      signDisplay: 'negative',
    });
    formatters.set(key, f);
  }
  return f;
}

export interface FormatOptions {
  kind?: DecimalKind;
  /**
   * Most decimal places shown. Without it, every significant digit of the number up to 20 decimal
   * places (Intl's limit in Node 20) is shown, in Intl's shortest round-trip form.
   */
  decimals?: number;
}

/**
 * pt-BR text for a number: "1.234,5", "-12,5425" (coordinates without thousands separator),
 * "1.234,50" for money. Empty for null or a non-finite value. parseDecimal reads it back exactly.
 */
export function formatDecimal(value: number | null | undefined, options: FormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const kind = options.kind ?? 'number';
  const max = options.decimals ?? (kind === 'money' ? 2 : kind === 'coordinate' ? COORDINATE_DECIMALS : 20);
  const min = kind === 'money' ? max : 0;
  // Intl writes "-" (U+002D) for pt-BR; the grouping is a dot.
  return formatter(min, max, kind !== 'coordinate').format(value);
}

export type Axis = 'lat' | 'lon';

const HEMISPHERES: Record<string, { axis: Axis; sign: 1 | -1 }> = {
  N: { axis: 'lat', sign: 1 },
  S: { axis: 'lat', sign: -1 },
  E: { axis: 'lon', sign: 1 },
  L: { axis: 'lon', sign: 1 }, // leste
  W: { axis: 'lon', sign: -1 },
  O: { axis: 'lon', sign: -1 }, // oeste
};

type Slot = 0 | 1 | 2; // degrees, minutes, seconds
const MARKS: Record<string, Slot> = { '°': 0, º: 0, '˚': 0, "'": 1, '′': 1, '’': 1, '´': 1, '"': 2, '″': 2, '”': 2, "''": 2, '′′': 2 };
const TOKEN = /\s*(\d+(?:[.,]\d+)?)\s*(''|′′|[°º˚'′’´"″”])?/y;

type CoordinateRead = { ok: true; value: number } | { ok: false; message: string };

/** Degrees, minutes and seconds of an unsigned body such as `17°51'13,5"` or `17 51 13`. */
function readDms(body: string): CoordinateRead | null {
  const values: [number, number, number] = [0, 0, 0];
  let last = -1;
  let decimalSeen = false;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const m = TOKEN.exec(body);
    if (!m?.[1]) return null;
    // Only the last component may carry decimals ("17°51,2'" but not "17,5°51'").
    if (decimalSeen) return null;
    const slot: number = m[2] ? (MARKS[m[2]] ?? -1) : last + 1;
    if (slot <= last || slot > 2) return null;
    decimalSeen = /[.,]/.test(m[1]);
    values[slot as Slot] = Number(m[1].replace(',', '.'));
    last = slot;
    if (TOKEN.lastIndex === body.length) break;
  }
  if (last < 0) return null;
  if (values[1] >= 60 || values[2] >= 60) return { ok: false, message: DMS_RANGE };
  return { ok: true, value: values[0] + values[1] / 60 + values[2] / 3600 };
}

function readCoordinate(text: string, axis: Axis): CoordinateRead | null {
  let s = text.replace(SPACES, ' ').trim();
  if (!s) return null;
  let hemisphere: (typeof HEMISPHERES)[string] | undefined;
  const letter = /^([a-z])\s*/i.exec(s) ?? /\s*([a-z])$/i.exec(s);
  if (letter?.[1]) {
    hemisphere = HEMISPHERES[letter[1].toUpperCase()];
    if (!hemisphere) return null;
    if (hemisphere.axis !== axis) return { ok: false, message: axis === 'lat' ? LAT_HEMISPHERE : LON_HEMISPHERE };
    s = letter.index === 0 ? s.slice(letter[0].length) : s.slice(0, letter.index);
  }
  let negative = false;
  if (SIGN.test(s)) {
    if (hemisphere) return { ok: false, message: SIGN_AND_HEMISPHERE };
    negative = true;
    s = s.slice(1).trimStart();
  }
  if (!s || /[a-z]/i.test(s)) return null;
  const plain = split(s, 'coordinate');
  const read: CoordinateRead | null = plain && !plain.negative ? { ok: true, value: toNumber(plain) } : readDms(s);
  if (!read?.ok) return read;
  const sign = hemisphere ? hemisphere.sign : negative ? -1 : 1;
  const rounded = Number(read.value.toFixed(COORDINATE_DECIMALS));
  const value = rounded === 0 ? 0 : sign * rounded;
  const limit = axis === 'lat' ? 90 : 180;
  if (Math.abs(value) > limit) return { ok: false, message: axis === 'lat' ? LAT_RANGE : LON_RANGE };
  return { ok: true, value };
}

/**
 * A latitude or longitude in decimal degrees ("-12,5425", "-12.5425": for coordinates a dot is
 * always decimal) or in degrees, minutes and seconds ("17°51'13\" S", "S 17°51'13\"",
 * "17 51 13 S", "17°51,2' S"), with N/S or E/L/W/O. Decimal degrees are kept to 6 places.
 */
export function parseCoordinate(text: string, axis: Axis): ParseResult {
  if (text.replace(SPACES, ' ').trim() === '') return { ok: true, value: null };
  const read = readCoordinate(text, axis);
  if (read?.ok) return { ok: true, value: read.value };
  if (read) return { ok: false, incomplete: false, message: read.message };
  const incomplete = completable(text, (t) => readCoordinate(t, axis)?.ok === true);
  return { ok: false, incomplete, message: NUMBER_INVALID };
}

/**
 * A form value as a number, or null when it is empty or not a number: the form holds numbers, null
 * and NaN (number inputs), and strings (native selects, older drafts) that are read as pt-BR.
 * For showing things derived from what is typed (a soil class, a map pin, a running total).
 */
export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const r = parseDecimal(value);
  return r.ok ? r.value : null;
}
