/**
 * Readers for one field's value, whether it comes after a label ("Município: Rio Verde - GO")
 * or from a sentence ("no município de Sorriso/MT"). Each returns null when the text does not
 * hold a credible value, so callers can try the next source.
 */
import { BUSINESS_UNITS } from '../../shared/constants.js';
import {
  findDecimalDegrees,
  findDmsCoordinates,
  findNumbers,
  findSoilUnit,
  leadingSoilUnit,
  pairCoordinates,
  round,
  soilToPercent,
  type Coordinate,
  type SoilUnit,
} from './numbers.js';
import { type CompiledReference, type Place, matchState } from './reference.js';
import { cleanValue, fold, tidyCase } from './text.js';

/* ---------- place ---------- */

export interface Location {
  cidade?: string;
  estado?: string;
}

/** Words that start the name of a farm or site rather than a municipality. */
const NOT_A_CITY =
  /^(fazenda|faz\.|s[ií]tio|ch[aá]cara|esta[cç][aã]o|[aá]rea|rodovia|br|km|lote|gleba|propriedade|campo experimental|unidade|centro de|talh[aã]o|setor)(?![A-Za-zÀ-ÿ])/i;

export function cleanCity(raw: string): string | null {
  let city = cleanValue(raw.replace(/^(?:munic[ií]pio|cidade)\s+de\s+/i, ''));
  // "Fazenda Vale Verde, Petrolina", "Fazenda Alto – Perdizes" → the last part is the municipality.
  // A state code after the city ("Passo Fundo – RS (687 m)") is not the municipality.
  const parts = city
    .split(/\s*,\s*|\s+[–—-]\s+/)
    .map((part) => part.replace(/\s*\(.*$/, '').trim())
    .filter((part) => part && !/^[A-Z]{2}$/.test(part));
  city = parts[parts.length - 1] ?? '';
  if (!/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’ .-]{1,49}$/.test(city)) return null;
  if (city.split(/\s+/).length > 6 || NOT_A_CITY.test(city)) return null;
  return tidyCase(city);
}

/**
 * "Rio Verde - GO", "Sorriso/MT", "Chapecó (SC)", "Ribeirão Preto, SP", "Petrolina, Pernambuco",
 * "Fazenda Vale Verde, Petrolina, Pernambuco", or a city alone.
 */
export function parseLocation(value: string, c: CompiledReference): Location | null {
  // A remark in parentheses after the place ("(687 m de altitude)") is not part of it; "(SC)" is.
  const v = cleanValue(value.replace(/\s*\((?!\s*[A-Za-z]{2}\s*\))[^)]*\)\s*$/, ''));
  if (!v) return null;
  const uf = /^(.*?)\s*(?:[/,\-–—]\s*|\(\s*|\s+)([A-Za-z]{2})\s*\)?\s*$/.exec(v);
  if (uf) {
    const state = c.states.find((s) => s.sigla === (uf[2] ?? '').toUpperCase());
    // Lower-case two-letter words ("de", "do") are not state codes.
    if (state && (uf[2] === uf[2]?.toUpperCase() || /[/(\-–]/.test(v))) {
      const cidade = cleanCity(uf[1] ?? '');
      return { ...(cidade ? { cidade } : {}), estado: state.sigla };
    }
  }
  const f = fold(v);
  for (const { place } of c.stateNames) {
    const name = fold(place.nome);
    if (f === name) return { estado: place.sigla };
    if (f.endsWith(name)) {
      const before = v.slice(0, v.length - name.length);
      if (!/[,/\-–—(]\s*$|\s-\s*$/.test(before) && !/\sestado\s+d[eo]\s*$/i.test(before)) continue;
      const cidade = cleanCity(before.replace(/(?:,?\s*estado\s+d[eo])?\s*[,/\-–—(]?\s*$/i, ''));
      return { ...(cidade ? { cidade } : {}), estado: place.sigla };
    }
  }
  const cidade = cleanCity(v);
  return cidade ? { cidade } : null;
}

const CITY = "[A-ZÀ-Ý][a-zà-ÿ'’]+(?:[ -](?:(?:de|da|do|das|dos|d')\\s)?[A-ZÀ-Ý][a-zà-ÿ'’]+){0,4}";

/**
 * A municipality in running text. A place introduced by "município de"/"cidade de" is trusted
 * more than a bare "Cidade/UF" pattern found anywhere.
 */
/** "Estado de São Paulo", "no Estado do Paraná" before a state's name. */
const STATE_WORD = String.raw`(?:(?:no\s+)?[Ee]stado\s+d[eoa]\s+)?`;

export function findLocationInProse(text: string, c: CompiledReference): (Location & { confidence: number }) | null {
  // Regional names carry state codes ("MT Oeste/RO/AC"): they are not "City/UF".
  let prose = text;
  for (const r of c.regionals) if (r.nome.length > 3) prose = prose.split(r.nome).join(' '.repeat(r.nome.length));
  const ufs = c.states.map((s) => s.sigla).join('|');
  const names = c.stateNames.map((s) => s.place.nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const introduced = new RegExp(
    `(?:munic[íi]pio|cidade)\\s+de\\s+(${CITY})\\s*(?:[/,–—-]\\s*|\\(\\s*|\\s+-\\s+)${STATE_WORD}(${ufs}|${names})(?![A-Za-zÀ-ÿ])`,
    'g',
  );
  for (const m of prose.matchAll(introduced)) {
    const place = matchState(m[2] ?? '', c);
    const cidade = cleanCity(m[1] ?? '');
    if (place && cidade) return { cidade, estado: place.sigla, confidence: 0.85 };
  }
  // "O ensaio foi instalado em Sorriso – MT": where the trial stood, not an address.
  const where = new RegExp(
    `(?:instalad[oa]s?|conduzid[oa]s?|realizad[oa]s?|localizad[oa]s?|implantad[oa]s?|situad[oa]s?)\\s+(?:em|no\\s+munic[íi]pio\\s+de|na\\s+cidade\\s+de)\\s+(${CITY})\\s*(?:[/,–—-]\\s*|\\(\\s*|\\s+-\\s+)${STATE_WORD}(${ufs}|${names})(?![A-Za-zÀ-ÿ])`,
    'g',
  );
  for (const m of prose.matchAll(where)) {
    const place = matchState(m[2] ?? '', c);
    const cidade = cleanCity(m[1] ?? '');
    if (place && cidade) return { cidade, estado: place.sigla, confidence: 0.82 };
  }
  // "… de Ponta Grossa, no Estado do Paraná": a place and its state spelled out.
  const spelled = new RegExp(`(?<![A-Za-zÀ-ÿ])(${CITY}),\\s*(?:no\\s+)?[Ee]stado\\s+d[eoa]\\s+(${names})(?![A-Za-zÀ-ÿ])`, 'g');
  for (const m of prose.matchAll(spelled)) {
    const place = matchState(m[2] ?? '', c);
    const cidade = cleanCity(m[1] ?? '');
    if (place && cidade) return { cidade, estado: place.sigla, confidence: 0.75 };
  }
  const bare = new RegExp(`(?<![A-Za-zÀ-ÿ])(${CITY})\\s*(?:/\\s*|\\s[-–—]\\s|\\s?\\(\\s*)(${ufs})(?![A-Za-zÀ-ÿ])`, 'g');
  for (const m of prose.matchAll(bare)) {
    const place = matchState(m[2] ?? '', c);
    const cidade = cleanCity(m[1] ?? '');
    if (place && cidade) return { cidade, estado: place.sigla, confidence: 0.7 };
  }
  // "em Maracaju, MS": a comma before the state's code, trusted least (addresses look the same).
  const comma = new RegExp(`(?<![A-Za-zÀ-ÿ])(${CITY}),\\s*(${ufs})(?![A-Za-zÀ-ÿ])`, 'g');
  for (const m of prose.matchAll(comma)) {
    const place = matchState(m[2] ?? '', c);
    const cidade = cleanCity(m[1] ?? '');
    if (place && cidade) return { cidade, estado: place.sigla, confidence: 0.6 };
  }
  return null;
}

/** Full state names in the text; one distinct state is a fallback for a report without "UF". */
export function statesNamedIn(prose: string, c: CompiledReference): Place[] {
  const f = fold(prose);
  const seen = new Map<string, Place>();
  let rest = f;
  for (const { place, re } of c.stateNames) {
    re.lastIndex = 0;
    if (re.test(rest)) {
      seen.set(place.sigla, place);
      re.lastIndex = 0;
      // Blank it out so "mato grosso" does not also count inside "mato grosso do sul".
      rest = rest.replace(re, (m) => ' '.repeat(m.length));
    }
    re.lastIndex = 0;
  }
  return [...seen.values()];
}

/* ---------- year ---------- */

/**
 * "2024", "Safra 2023/24" → 2024 (the harvest year), "2022/2023 (2023)" → 2023, a date
 * "18/10/2024" → 2024.
 */
export function parseYear(value: string): number | null {
  const paren = /\(\s*((?:19|20)\d{2})\s*\)/.exec(value);
  if (paren) return Number(paren[1]);
  const season = /(?<!\d)((?:19|20)\d{2})\s*[/\-–]\s*((?:19|20)?\d{2})(?!\d)/.exec(value);
  if (season) {
    const first = Number(season[1]);
    const raw = season[2] ?? '';
    const second = raw.length === 2 ? Math.floor(first / 100) * 100 + Number(raw) : Number(raw);
    if (second === first + 1) return second;
  }
  // "Ano: 2024 | aplicações: 18/07/2023 …": a year that opens the value is the value.
  const lead = /^\s*((?:19|20)\d{2})(?![\d/.,\-–])/.exec(value);
  if (lead) return Number(lead[1]);
  // "Safra 23/24": two-digit years of one season.
  const short = /(?<![\d/.,])(\d{2})\s*\/\s*(\d{2})(?![\d/.,])/.exec(value);
  if (short && Number(short[2]) === (Number(short[1]) + 1) % 100) return 2000 + Number(short[2]);
  const date = /(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-]((?:19|20)\d{2})(?!\d)/.exec(value);
  if (date) return Number(date[1]);
  const single = /(?<!\d)((?:19|20)\d{2})(?!\d)/.exec(value);
  return single ? Number(single[1]) : null;
}

/** A date's year and month ("05/12/2023" → 2023, 12). */
export function parseDate(value: string): { year: number; month: number } | null {
  const m = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-]((?:19|20)\d{2})(?!\d)/.exec(value);
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { year: Number(m[3]), month };
}

/* ---------- design ---------- */

export type Design = 'DBC' | 'Inteiramente Casualizado' | 'ANOVA';

/** The experimental design named in a text; a design beats a mere "ANOVA". */
export function parseDesign(text: string): Design | null {
  const f = fold(text);
  if (/inteiramente\s+(?:casualizad|ao\s+acaso|aleatori)|(?<![a-z])dic(?![a-z])/.test(f)) return 'Inteiramente Casualizado';
  if (/blocos?\s+(?:completos?\s+)?(?:inteiramente\s+)?(?:casualizad|ao\s+acaso|aleatori)|(?<![a-z])dbc(?![a-z])/.test(f)) return 'DBC';
  if (/(?<![a-z])anova(?![a-z])|analise\s+de\s+variancia/.test(f)) return 'ANOVA';
  return null;
}

/* ---------- money ---------- */

/** "R$ 1.480,00" or a bare "1.380,00" after a label that says R$. */
export function parseMoney(value: string, requireSymbol = false): number | null {
  const sym = /R\$\s*([\d.,]+)/.exec(value);
  if (sym) {
    const n = findNumbers(sym[1] ?? '')[0];
    return n && n.value >= 0 ? n.value : null;
  }
  if (requireSymbol) return null;
  const n = findNumbers(value)[0];
  return n && n.value >= 0 ? n.value : null;
}

/* ---------- soil ---------- */

export type SoilKind = 'argila' | 'mo';

/** Plausible contents in %: clay up to 95 %, organic matter up to 20 %. */
const SOIL_RANGE: Record<SoilKind, [number, number]> = { argila: [1, 95], mo: [0.1, 20] };
/**
 * Without a unit, an organic matter "content" above this is read in g/dm³ (or g/kg): mineral
 * soils hold 0.5–5 %, and reports that leave the unit out are usually quoting a lab's g/dm³.
 */
const MO_UNITLESS_PERCENT_MAX = 6;

/**
 * A content from a number and its unit; without a unit, a clay value above 100 or an organic
 * matter value above 20 can only be g/kg or g/dm³ (tenths of a percent).
 */
export function soilPercent(kind: SoilKind, value: number, unit: SoilUnit | null): number | null {
  let percent = soilToPercent(value, unit);
  const unitlessMax = kind === 'mo' ? MO_UNITLESS_PERCENT_MAX : SOIL_RANGE[kind][1];
  if (!unit && percent > unitlessMax) percent = soilToPercent(value, 'g/kg');
  const [min, max] = SOIL_RANGE[kind];
  return percent >= min && percent <= max ? round(percent, 3) : null;
}

const SOIL_WORDS: Record<SoilKind, string> = {
  argila: '(?:teor\\s+de\\s+)?argila',
  mo: "(?:teor\\s+de\\s+)?(?:materia\\s+organica|mat\\.?\\s*organica|m\\.\\s?o\\.?|(?<![a-z])mo(?![a-z']))",
};

/**
 * A content stated in a text: "argila 340 g/kg", "argila: 52 %", "38% de argila",
 * "2,2 dag/kg de matéria orgânica", "MO 25 g/dm³". `unitHint` is a unit from the label.
 */
export function findSoilContent(text: string, kind: SoilKind, unitHint: SoilUnit | null = null): number | null {
  return findSoilContentAt(text, kind, unitHint)?.value ?? null;
}

/** findSoilContent() with where it was read: the offsets of the words and number in `text`. */
export function findSoilContentAt(
  text: string,
  kind: SoilKind,
  unitHint: SoilUnit | null = null,
): { value: number; start: number; end: number } | null {
  const f = fold(text);
  const word = SOIL_WORDS[kind];
  const num = '(-?\\d[\\d.,]*)';
  // "argila (g/kg): 340", "Argila / clay: 18 %" (a gloss in another language after a slash).
  const after = new RegExp(
    `${word}\\s*(?:\\(([^)]{0,12})\\))?(?:\\s*/\\s*[a-z][a-z. ]{0,10}?)?\\s*(?:de|:|=|com|igual\\s+a|em\\s+torno\\s+de)?\\s*${num}\\s*`,
    'g',
  );
  for (const m of f.matchAll(after)) {
    const n = findNumbers(m[2] ?? '')[0];
    if (!n) continue;
    const rest = f.slice((m.index ?? 0) + m[0].length);
    const unit = leadingSoilUnit(rest) ?? (m[1] ? findSoilUnit(m[1]) : null) ?? unitHint;
    const v = soilPercent(kind, n.value, unit);
    if (v !== null) return { value: v, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
  }
  // Exponents and footnote marks set higher drift in the text: "310 g kg ¹ de argila", "1,9⁻ dag kg ¹",
  // "180 g/kg de 1 argila" (the mark of a footnote on the next words).
  const unit = String.raw`(%|d?a?g\s*(?:\/\s*|[\s.·]*)(?:kg|dm\s*[³3]?)(?:\s*(?:[-−⁻]\s*[1¹3³]|[¹³]))?)`;
  const before = new RegExp(`${num}⁻?\\s*${unit}\\s*(?:de\\s+)?(?:[¹²³\\d]\\s+)?${word}`, 'g');
  for (const m of f.matchAll(before)) {
    const n = findNumbers(m[1] ?? '')[0];
    if (!n) continue;
    const v = soilPercent(kind, n.value, leadingSoilUnit(m[2] ?? ''));
    if (v !== null) return { value: v, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
  }
  return null;
}

/** A label's own value ("52 %", "480 g/kg", "28" after "(g/kg)" in the label). */
export function parseSoilValue(kind: SoilKind, value: string, labelUnit: SoilUnit | null): number | null {
  const n = findNumbers(value)[0];
  if (!n) return null;
  const unit = leadingSoilUnit(value.slice(n.end)) ?? labelUnit;
  return soilPercent(kind, n.value, unit);
}

/* ---------- coordinates ---------- */

/** Latitude and longitude written together ("-17,7923; -50,9192", "12°05'44"S 45°47'12"W"). */
export function parseCoordinates(value: string): { latitude: number; longitude: number } | null {
  const dms = findDmsCoordinates(value);
  if (dms.length >= 2) return pairCoordinates(dms);
  const dec = findDecimalDegrees(value);
  if (dms.length === 1 && dec.length >= 1) return pairCoordinates([...dms, ...dec].sort((a, b) => a.index - b.index));
  return pairCoordinates(dec);
}

/** One coordinate after a "Latitude"/"Longitude" label. */
export function parseOneCoordinate(value: string, axis: 'lat' | 'lon'): number | null {
  const found: Coordinate[] = [...findDmsCoordinates(value), ...findDecimalDegrees(value)];
  const first = found.sort((a, b) => a.index - b.index)[0];
  if (!first) return null;
  let v = first.value;
  if (axis === 'lon' && v > 0) v = -v;
  if (axis === 'lat' && v > 0 && first.axis === null) v = -v;
  if (axis === 'lat' ? v < -34 || v > 5.5 : v < -74.5 || v > -28.5) return null;
  return v;
}

/* ---------- short codes and names ---------- */

export function parseBu(value: string): string | null {
  const m = /(?<![A-Za-z])BU\s*-?\s*(\d{1,2})(?!\d)/i.exec(value) ?? /^\s*(\d)\s*$/.exec(value);
  if (!m) return null;
  const bu = `BU${m[1]}`;
  return (BUSINESS_UNITS as readonly string[]).includes(bu) ? bu : null;
}

/** A cultivar or hybrid code/name: capitalised words or codes, up to four, cut at punctuation. */
export function cleanCultivar(raw: string): string | null {
  // Cut at a dash, a list separator, a bracket or a sentence's end ("Orchestra. Plantio em …").
  // "cultivar Prata-Anã" (the word repeated after a label): the name only.
  let v = cleanValue((raw.split(/\s+[-–—]\s+|[;,(]|\.\s/)[0] ?? '').replace(/^\s*(?:a\s+|o\s+)?(?:cultivar|variedade|h[ií]brido)\s+/i, ''));
  // A name written with capitals ends at the first lower-case word ("RB966928 soqueira de 2º corte").
  if (/[A-Z0-9]/.test(v.charAt(0))) {
    const words = v.split(/\s+/);
    const cut = words.findIndex((w, i) => i > 0 && /^[a-zà-ÿ]/.test(w));
    if (cut > 0) v = words.slice(0, cut).join(' ');
  }
  if (!v || v.length > 40 || !/[A-Za-z0-9]/.test(v)) return null;
  if (/^(n[aã]o\s+informad[oa]|nd|-|não se aplica)$/i.test(v)) return null;
  // Cultivar names are codes more often than words ("TMG 7262", "BRS Estilo"): kept as written.
  return v;
}

// Letters of any alphabet (\p{L}): "Catuaí", "Prata-Anã" are not cut at their accents.
const CULTIVAR_WORDS =
  /(?<![\p{L}\p{N}])(?:[Cc]ultivar|[Vv]ariedade|[Hh][ií]brido)\s+(?:utilizad[ao]\s+)?(?:(?:foi|é|era)\s+(?:a|o)\s+)?(?:h[ií]brido\s+)?(?:(?:simples|duplo|triplo)\s+)?(?:de\s+\p{L}+\s+)?([\p{Lu}0-9][\p{L}\p{N}\-.]*(?:\s+[\p{Lu}0-9][\p{L}\p{N}\-.]*){0,3})/gu;

/** "A cultivar utilizada foi a TMG 7262", "Utilizou-se o híbrido DKB 390", "O cultivar utilizado foi o híbrido simples AG 8700 PRO3", "a cultivar Ágata". */
export function findCultivarInText(text: string): string | null {
  for (const m of text.matchAll(CULTIVAR_WORDS)) {
    const v = cleanCultivar(m[1] ?? '');
    if (v && /[\p{Lu}0-9]/u.test(v)) return v;
  }
  return null;
}
