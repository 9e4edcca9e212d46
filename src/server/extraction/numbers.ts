/**
 * Numbers and units as Brazilian reports write them: "3.456,7" (dot for thousands, comma for
 * decimals), but also "-27.1004" from GPS software; yields in kg/ha, sc/ha or t/ha; soil contents
 * in %, g/kg, dag/kg or g/dm³; coordinates in decimal degrees or degrees-minutes-seconds.
 */

/** A number and where it sits in the text it came from. */
export interface NumberToken {
  value: number;
  raw: string;
  index: number;
  end: number;
}

/**
 * Reads one number written either way. Rules, in order:
 * - both separators: the last one is the decimal mark ("1.234,5", "1,234.5");
 * - only commas: one comma is a decimal comma ("3,42"), several are thousands ("1,234,567");
 * - only dots: several are thousands ("1.234.567"); one dot followed by exactly three digits
 *   after a 1–3 digit integer part is a thousands dot ("3.540" kg/ha), otherwise decimal
 *   ("-27.1004", "0.500").
 */
export function parseBrNumber(raw: string): number | null {
  const text = raw
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s\u00a0]/g, '');
  const m = /^(-|−|–)?(\d[\d.,]*)$/.exec(text);
  if (!m) return null;
  const sign = m[1] ? -1 : 1;
  let body = m[2] as string;
  if (/[.,]$/.test(body)) body = body.slice(0, -1);
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [int, frac, extra] = body.split(decimal);
    if (extra !== undefined || frac === undefined || frac.includes(thousands)) return null;
    if (!validGroups(int ?? '', thousands)) return null;
    normalized = `${(int ?? '').split(thousands).join('')}.${frac}`;
  } else if (lastComma >= 0) {
    const parts = body.split(',');
    if (parts.length === 2) normalized = `${parts[0]}.${parts[1]}`;
    else if (validGroups(body, ',')) normalized = parts.join('');
    else return null;
  } else if (lastDot >= 0) {
    const parts = body.split('.');
    if (parts.length > 2) {
      if (!validGroups(body, '.')) return null;
      normalized = parts.join('');
    } else {
      const [int = '', frac = ''] = parts;
      const thousands = frac.length === 3 && int.length >= 1 && int.length <= 3 && int !== '0';
      normalized = thousands ? int + frac : `${int}.${frac}`;
    }
  } else normalized = body;
  const value = Number(normalized);
  return Number.isFinite(value) ? sign * value : null;
}

/** "1.234.567": groups of three after a first group of one to three digits. */
function validGroups(text: string, sep: string): boolean {
  const groups = text.split(sep);
  return groups.every((g, i) => (i === 0 ? /^\d{1,3}$/.test(g) : /^\d{3}$/.test(g)));
}

const NUMBER_RE = /(?<![\w.,])[-−–]?\d[\d.,]*(?![\w])/g;

/** Every number in the text, read with parseBrNumber (a trailing period or comma is punctuation). */
export function findNumbers(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    let raw = m[0];
    // A sentence's full stop or a list comma right after a number is not part of it.
    while (/[.,]$/.test(raw)) raw = raw.slice(0, -1);
    // "–" or "-" glued to a digit is a minus only when nothing word-like precedes it.
    const index = m.index ?? 0;
    const value = parseBrNumber(raw);
    if (value !== null) out.push({ value, raw, index, end: index + raw.length });
  }
  return out;
}

/* ---------- units ---------- */

export type YieldUnit = 'kg/ha' | 'sc/ha' | 't/ha' | '@/ha';

/** Kilograms per unit of yield: a sack is 60 kg, an arroba 15 kg. */
export const YIELD_FACTORS: Record<YieldUnit, number> = { 'kg/ha': 1, 'sc/ha': 60, 't/ha': 1000, '@/ha': 15 };

// "kg/ha", "kg ha-1", "kg.ha-1", "kg ha⁻¹", "kg por hectare" (compiled once: called per cell);
// also "(kg ha )" and "12.515 kg ha , com", where the superscript "-1" was drawn apart (a line
// of its own, a little higher) and read elsewhere: "ha" then a bracket, a punctuation mark or the end.
const PER_HA_UNIT = String.raw`(?:\s*\/\s*ha|[\s.·]*ha\s*(?:(?:-|−|⁻)\s*[1¹]|¹)|\s+por\s+hectare|[\s.·]+ha\s*(?=[),;:]|\.(?!\d)|$))`;
const KG_PER_HA = new RegExp(String.raw`\bkg${PER_HA_UNIT}`);
const SC_PER_HA = new RegExp(String.raw`\b(?:sc|scs|sacas?|sacos?)(?:${PER_HA_UNIT}|\s*de\s+60\s*kg\s*(?:\/|por)\s*ha)`);
const T_PER_HA = new RegExp(String.raw`(?:^|[^\w])(?:t|ton|mg)${PER_HA_UNIT}`);

/**
 * The yield unit named in a (folded or not) text: "kg/ha", "kg ha-1", "sc/ha", "sacas/ha",
 * "sacas por hectare", "t/ha", "ton/ha", "Mg ha-1", "TCH" (tonnes of cane per hectare), "@/ha", "@ ha-1".
 */
export function findYieldUnit(text: string): YieldUnit | null {
  const t = text.toLowerCase();
  const found: { unit: YieldUnit; at: number }[] = [];
  const look = (re: RegExp, unit: YieldUnit) => {
    const m = re.exec(t);
    if (m) found.push({ unit, at: m.index });
  };
  look(KG_PER_HA, 'kg/ha');
  look(SC_PER_HA, 'sc/ha');
  look(T_PER_HA, 't/ha');
  look(/\btoneladas?\s*(?:\/\s*ha|por\s+hectare|de\s+\w+\s+por\s+hectare)/, 't/ha');
  look(/\btch\b/, 't/ha');
  look(new RegExp(String.raw`@${PER_HA_UNIT}|\barrobas?\s*(?:\(\s*15\s*kg\s*\)\s*|de\s+15\s*kg\s*)?(?:\/\s*ha|por\s+hectare)`), '@/ha');
  if (found.length === 0) return null;
  found.sort((a, b) => a.at - b.at);
  return found[0]?.unit ?? null;
}

export type SoilUnit = '%' | 'g/kg' | 'dag/kg' | 'g/dm3';

/** "/kg", " kg-1", " kg⁻¹", ".kg−1": per kilogram. */
const PER_KG = String.raw`(?:\s*\/\s*kg|[\s.·]*kg\s*(?:[-−⁻]\s*[1¹]))`;
/** "/dm³", " dm-3", " dm⁻³": per cubic decimetre. */
const PER_DM3 = String.raw`(?:\s*\/\s*dm\s*[³3]|[\s.·]*dm\s*(?:[-−⁻]\s*[3³]))`;
const LEADING_UNITS: [RegExp, SoilUnit][] = [
  [new RegExp(String.raw`^dag${PER_KG}`), 'dag/kg'],
  [new RegExp(String.raw`^g${PER_DM3}`), 'g/dm3'],
  [new RegExp(String.raw`^g${PER_KG}`), 'g/kg'],
];
const ANY_UNITS: [RegExp, SoilUnit][] = [
  [new RegExp(String.raw`dag${PER_KG}`), 'dag/kg'],
  [new RegExp(String.raw`g${PER_DM3}`), 'g/dm3'],
  [new RegExp(String.raw`g${PER_KG}`), 'g/kg'],
];

/** The content unit right at the start of `text` ("%", "g/kg", "dag/kg", "g/dm³", "g kg⁻¹"…). */
export function leadingSoilUnit(text: string): SoilUnit | null {
  const t = text.trimStart().toLowerCase();
  if (/^%/.test(t) || /^por\s*cento\b/.test(t)) return '%';
  return LEADING_UNITS.find(([re]) => re.test(t))?.[1] ?? null;
}

/** Any soil content unit inside a text (e.g. a column header "M.O. (dag/kg)"). */
export function findSoilUnit(text: string): SoilUnit | null {
  const t = text.toLowerCase();
  const unit = ANY_UNITS.find(([re]) => re.test(t))?.[1];
  if (unit) return unit;
  return /%/.test(t) ? '%' : null;
}

/** A soil content in %: g/kg and g/dm³ are tenths of a percent, dag/kg is a percent. */
export function soilToPercent(value: number, unit: SoilUnit | null): number {
  if (unit === 'g/kg' || unit === 'g/dm3') return round(value / 10, 4);
  return value;
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/* ---------- coordinates ---------- */

export interface Coordinate {
  value: number;
  /** 'lat' or 'lon' when a hemisphere letter said so. */
  axis: 'lat' | 'lon' | null;
  index: number;
  end: number;
}

/**
 * Degrees-minutes(-seconds) with an optional hemisphere letter before or after:
 * 12°32'33" S, S 12° 32' 33,5", 46°59'36.2"W, 12°32,55' S. "O" (oeste) and "L" (leste) are the
 * Portuguese letters for west and east.
 */
const DMS_RE =
  /(?:(?<![A-Za-zÀ-ÿ])([NSWOLE])\s*)?(-)?(\d{1,3})\s*[°º˚]\s*(\d{1,2}(?:[.,]\d+)?)\s*(?:['’′´]|min)\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:["”″]|''|’’|′′|seg))?\s*([NSWOLE](?![A-Za-zÀ-ÿ]))?/g;

export function findDmsCoordinates(text: string): Coordinate[] {
  const out: Coordinate[] = [];
  const re = new RegExp(DMS_RE.source, DMS_RE.flags);
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    // "S 9°23'55" W 40°30'03"": a letter before the degrees is this coordinate's, so the one
    // after belongs to the next coordinate; give it back.
    const before = m[1];
    const after = m[6];
    if (before && after) re.lastIndex = m.index + m[0].length - 1;
    const deg = Number(m[3]);
    const min = parseBrNumber(m[4] ?? '') ?? 0;
    const sec = m[5] ? (parseBrNumber(m[5]) ?? 0) : 0;
    if (min >= 60 || sec >= 60) continue;
    const hemi = (before ?? after ?? '').toUpperCase();
    let value = deg + min / 60 + sec / 3600;
    const negative = m[2] === '-' || hemi === 'S' || hemi === 'W' || hemi === 'O';
    if (negative) value = -value;
    const axis = hemi === 'S' || hemi === 'N' ? 'lat' : hemi === 'W' || hemi === 'O' || hemi === 'E' || hemi === 'L' ? 'lon' : null;
    const index = m.index;
    out.push({ value: round(value, 6), axis, index, end: re.lastIndex });
  }
  return out;
}

/** Decimal degrees ("-17,7923", "-27.1004"): at least three decimals, so 52 % is never one. */
export function findDecimalDegrees(text: string): Coordinate[] {
  const out: Coordinate[] = [];
  const re = /(?<![\w.,])([-−–]?\s?\d{1,2}[.,]\d{3,8})(?![.,]?\d)\s*°?\s*([NSWOLE](?![A-Za-zÀ-ÿ]))?/g;
  for (const m of text.matchAll(re)) {
    const raw = (m[1] ?? '').replace(/\s/g, '').replace(/[−–]/, '-');
    // Coordinates always use a decimal mark here, whatever parseBrNumber would say of "27.100".
    let value = Number(raw.replace(',', '.'));
    if (!Number.isFinite(value)) continue;
    const hemi = (m[2] ?? '').toUpperCase();
    if ((hemi === 'S' || hemi === 'W' || hemi === 'O') && value > 0) value = -value;
    const axis = hemi === 'S' || hemi === 'N' ? 'lat' : hemi ? 'lon' : null;
    const index = m.index ?? 0;
    out.push({ value: round(value, 6), axis, index, end: index + m[0].length });
  }
  return out;
}

/** Brazil's bounding box, generous: what a trial's latitude and longitude can be. */
export const BRAZIL = { latMin: -34, latMax: 5.5, lonMin: -74.5, lonMax: -28.5 } as const;

/**
 * Picks latitude and longitude from coordinates found together: hemisphere letters first,
 * then order (latitude is written first), then Brazil's ranges. Longitudes in Brazil are all
 * west, so a positive one lost its sign; latitudes without a sign are taken as south (the
 * country lies almost all south of the Equator).
 */
export function pairCoordinates(found: Coordinate[]): { latitude: number; longitude: number } | null {
  if (found.length < 2) return null;
  let lat = found.find((c) => c.axis === 'lat');
  let lon = found.find((c) => c.axis === 'lon');
  const rest = found.filter((c) => c !== lat && c !== lon && c.axis === null);
  if (!lat) lat = rest.shift();
  if (!lon) lon = rest.shift();
  if (!lat || !lon) return null;
  let latitude = lat.value;
  let longitude = lon.value;
  // Written in the other order ("-50,9; -17,8"): the larger magnitude is the longitude.
  if (lat.axis === null && lon.axis === null && Math.abs(latitude) > Math.abs(longitude)) [latitude, longitude] = [longitude, latitude];
  if (longitude > 0) longitude = -longitude;
  if (latitude > 0 && lat.axis === null) latitude = -latitude;
  if (latitude < BRAZIL.latMin || latitude > BRAZIL.latMax || longitude < BRAZIL.lonMin || longitude > BRAZIL.lonMax) return null;
  return { latitude, longitude };
}

/* ---------- yield scales (units with the mass of a sack or a box) ---------- */

/** A yield unit with the kilograms one of it weighs; `factor` is null for a box of unstated mass. */
export interface YieldScale {
  /** "kg/ha", "sc/ha", "t/ha", "@/ha" or "cx/ha". */
  label: YieldUnit | 'cx/ha';
  /** The crop-independent unit, when there is one (sacks of another mass and boxes have none). */
  unit: YieldUnit | null;
  factor: number | null;
  at: number;
}

const PER_HA = String.raw`(?:\s*\/\s*ha\b|[\s.·]*ha\s*(?:-|−|⁻)\s*[1¹]|\s+por\s+hectare|\s+por\s+ha\b|[\s.·]+ha\s*(?=[),;:]|\.(?!\d)|$))`;

const BOX_PER_HA = new RegExp(
  String.raw`\b(?:caixas?|cxs?)\.?(?:\s+(?:de\s+)?\d{1,2}(?:[.,]\d{1,2})?\s*kg)?(?:\s+[a-zà-ÿ]+){0,2}?${PER_HA}`,
);
const SACK_PER_HA = new RegExp(String.raw`\b(?:sc|scs|sacas?|sacos?)\b\.?(?:\s+[a-zà-ÿ]+\.?){0,3}?${PER_HA}`);

/** The mass of a box stated in a text: "caixas de 20 kg", "cx. com 22 kg", "20 kg por caixa". */
export function findBoxMass(text: string): number | null {
  const t = text.toLowerCase();
  const m =
    /\b(?:caixas?|cxs?)\.?(?:\s+[a-zà-ÿ]+){0,3}?\s*(?:de|com|=|\(|:)?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*kg\b/.exec(t) ??
    /\b(\d{1,2}(?:[.,]\d{1,2})?)\s*kg\s*(?:por|\/|cada|a)\s*(?:caixa|cx)\b/.exec(t);
  const v = m ? parseBrNumber(m[1] ?? '') : null;
  return v !== null && v > 0 ? v : null;
}

/**
 * The first yield unit of a text with what one of it weighs: the units of findYieldUnit, and
 * also sacks of a stated mass ("sacos de 50 kg/ha" → 50, "sacas de 60 kg por hectare" → 60),
 * sacks qualified by a word or two ("sacas beneficiadas/ha" → 60) and boxes per hectare
 * ("cx/ha", "caixas por hectare"), whose mass must be stated ("caixas de 20 kg").
 */
export function findYieldScale(text: string): YieldScale | null {
  const t = text.toLowerCase();
  const found: YieldScale[] = [];
  const box = BOX_PER_HA.exec(t);
  if (box) found.push({ label: 'cx/ha', unit: null, factor: findBoxMass(t), at: box.index });
  const sackMass = /\b(?:sacos?|sacas?|sc)\s*(?:de\s*)?(\d{2})\s*kg\b/.exec(t);
  if (sackMass) {
    const mass = Number(sackMass[1]);
    found.push({ label: 'sc/ha', unit: mass === 60 ? 'sc/ha' : null, factor: mass, at: sackMass.index });
  }
  const sack = SACK_PER_HA.exec(t);
  if (sack) found.push({ label: 'sc/ha', unit: 'sc/ha', factor: 60, at: sack.index });
  const unit = findYieldUnit(t);
  if (unit) {
    const at = t.search(
      unit === 'kg/ha'
        ? /\bkg/
        : unit === 'sc/ha'
          ? /\b(?:sc|scs|sacas?|sacos?)/
          : unit === '@/ha'
            ? /@|arroba/
            : /\b(?:t|ton|mg|tch|toneladas?)\b/,
    );
    found.push({ label: unit, unit, factor: YIELD_FACTORS[unit], at: Math.max(0, at) });
  }
  if (found.length === 0) return null;
  // The earliest; at one place, the more specific reading (a stated mass) wins.
  found.sort((a, b) => a.at - b.at || (a.factor === 60 && a.label === 'sc/ha' ? 1 : 0) - (b.factor === 60 && b.label === 'sc/ha' ? 1 : 0));
  return found[0] ?? null;
}

/** The yield unit written right after a number ("9.347 kg ha⁻¹", "62,4 (sc/ha)"), or null. */
export function yieldScaleAfter(text: string, end: number): YieldScale | null {
  const scale = findYieldScale(text.slice(end, end + 28));
  return scale && /^[\s(]*$/.test(text.slice(end, end + scale.at)) ? scale : null;
}
