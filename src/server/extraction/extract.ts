/**
 * Offline extraction of an experiment from a field-trial report PDF: no network, no model.
 * The text layer (with positions) is read by pdf-text.ts; each field is then looked for in the
 * places reports put it, most trusted first: a labelled header block, a sentence of the
 * methods section, then the document as a whole (counts of crop and brand mentions, any
 * coordinates). Each found value carries a confidence, and the result's confidence weighs them
 * by how much the form needs each field, so a report missing its brand, crop, place, year or
 * yields always asks for review (< 0.8).
 */
import {
  cleanCultivar,
  findCultivarInText,
  findLocationInProse,
  findOrganizationInText,
  findSoilContent,
  parseBu,
  parseCoordinates,
  parseDate,
  parseDesign,
  parseLocation,
  parseMoney,
  parseOneCoordinate,
  parseSoilValue,
  parseYear,
  statesNamedIn,
  type Location,
  type SoilKind,
} from './fields.js';
import { collectLabelPairs, type LabelPair } from './labels.js';
import { findDecimalDegrees, findDmsCoordinates, findNumbers, findSoilUnit, pairCoordinates } from './numbers.js';
import { type PdfText, readPdfText, type TextLine } from './pdf-text.js';
import {
  type CompiledReference,
  compileReference,
  countMatches,
  matchCrop,
  matchRegional,
  matchState,
  phraseRegExp,
  type ReferenceData,
  regionalsOfState,
} from './reference.js';
import { cleanValue, fold, key, tidyCase } from './text.js';
import { type ExtractedTreatment, extractTreatments } from './treatments.js';

import { EXTRACTED_FIELDS, type ExtractedData, type ExtractionResult } from '../../shared/extraction.js';
export type { ReferenceData } from './reference.js';
export type { ExtractedTreatment } from './treatments.js';
export { PdfUnreadableError, PDF_UNREADABLE_MESSAGE, looksLikePdf } from './pdf-text.js';

export type { ExtractedData, ExtractionResult } from '../../shared/extraction.js';

export const SCANNED_WARNING = 'O documento não tem texto selecionável (provavelmente digitalizado). Preencha os campos manualmente.';
export const NOT_A_REPORT_WARNING = 'O documento não parece ser um relatório de experimento de campo. Confira os dados extraídos.';

/** The form's order, which is also the order of `fieldsExtracted`. */
const FIELD_ORDER: readonly (keyof ExtractedData)[] = EXTRACTED_FIELDS;

/**
 * How much each field counts in the overall confidence. The key fields (what the form cannot
 * do without and the dashboard groups by) hold 80 %; a missing one caps confidence below 0.8.
 */
const WEIGHTS: Partial<Record<keyof ExtractedData, number>> = {
  tratamentos: 0.25,
  marca: 0.15,
  cultura: 0.15,
  ano: 0.1,
  estado: 0.08,
  cidade: 0.07,
  consultoria: 0.04,
  regional: 0.03,
  cultivar: 0.03,
  teor_argila: 0.02,
  teor_materia_organica: 0.02,
  tipo_estatistica: 0.02,
  latitude: 0.01,
  longitude: 0.01,
  custo_protocolo: 0.02,
};
const KEY_FIELDS: (keyof ExtractedData)[] = ['tratamentos', 'marca', 'cultura', 'ano', 'estado', 'cidade'];
const REVIEW_CAP = 0.79;

/** How sure a source makes a value. */
const FROM_LABEL = 0.95;
const FROM_SENTENCE = 0.85;
const FROM_DOCUMENT = 0.7;

export async function extractFromPdf(bytes: Uint8Array, ref: ReferenceData): Promise<ExtractionResult> {
  const text = await readPdfText(bytes);
  return extractFromText(text, ref);
}

type Scalar = Exclude<ExtractedData[keyof ExtractedData], ExtractedTreatment[] | undefined>;

class Findings {
  readonly values = new Map<keyof ExtractedData, { value: Scalar; confidence: number }>();
  readonly warnings: string[] = [];

  /** Keeps the most trusted value offered for a field (the first one on ties). */
  offer(field: keyof ExtractedData, value: Scalar | null | undefined, confidence: number): void {
    if (value === null || value === undefined || value === '') return;
    const current = this.values.get(field);
    if (!current || current.confidence < confidence) this.values.set(field, { value, confidence });
  }

  get(field: keyof ExtractedData): Scalar | undefined {
    return this.values.get(field)?.value;
  }

  confidenceOf(field: keyof ExtractedData): number {
    return this.values.get(field)?.confidence ?? 0;
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }
}

/** Extraction from text already read (tests and tools can feed lines directly). */
export function extractFromText(pdf: PdfText, ref: ReferenceData): ExtractionResult {
  // A page of a typed report holds hundreds of characters; a scan holds none, or a stamp or
  // page number at most.
  if (pdf.charCount < 25 * Math.max(1, pdf.pagesRead)) {
    return { data: {}, confidence: 0, fieldsExtracted: [], warnings: [SCANNED_WARNING] };
  }
  const c = compileReference(ref);
  const lines = pdf.lines;
  // Running text: lines joined with spaces, so sentences wrapped over lines read whole.
  const prose = lines.map((l) => l.text.replace(/\t/g, '   ')).join(' \n');
  const flat = prose.replace(/\s*\n/g, ' ');
  const folded = fold(flat);
  const found = new Findings();
  const pairs = collectLabelPairs(lines);

  readLabels(pairs, c, found);
  readSentences(flat, c, found);
  readSoilTables(lines, found);
  readWholeDocument(lines, flat, folded, c, found, pairs);
  deriveRegional(c, found);

  const treatments = extractTreatments(lines, flat, c, (found.get('cultura') as string | undefined) ?? null);
  treatments.warnings.forEach((w) => found.warn(w));

  const data: ExtractedData = {};
  for (const field of FIELD_ORDER) {
    if (field === 'tratamentos') {
      if (treatments.tratamentos.length > 0) data.tratamentos = treatments.tratamentos;
      continue;
    }
    const v = found.get(field);
    // Each parser produced the field's own type (numbers for numeric fields), so the generic
    // assignment keeps them; TypeScript cannot follow the field/type pairing through the map.
    if (v !== undefined) (data as Record<string, unknown>)[field] = v;
  }

  const fieldConfidence = (field: keyof ExtractedData) => (field === 'tratamentos' ? treatments.confidence : found.confidenceOf(field));
  let confidence = 0;
  let total = 0;
  for (const [field, weight] of Object.entries(WEIGHTS) as [keyof ExtractedData, number][]) {
    total += weight;
    confidence += weight * fieldConfidence(field);
  }
  confidence /= total;

  const missing = KEY_FIELDS.filter((f) => data[f] === undefined);
  if (missing.length > 0) {
    confidence = Math.min(confidence, REVIEW_CAP - 0.05 * (missing.length - 1));
    found.warn(`Campos não encontrados no documento: ${missing.map(fieldLabel).join(', ')}.`);
  }
  if (!looksLikeTrialReport(folded, treatments.tratamentos.length)) {
    confidence = Math.min(confidence, 0.3);
    found.warn(NOT_A_REPORT_WARNING);
  }
  const blank = pdf.pagesWithoutText ?? [];
  if (blank.length > 0) {
    found.warn(`Página(s) ${blank.join(', ')} sem texto selecionável (provavelmente digitalizadas): o que elas contêm não foi lido.`);
  }
  if (pdf.pagesRead < pdf.pageCount) found.warn(`Somente as primeiras ${pdf.pagesRead} páginas de ${pdf.pageCount} foram lidas.`);

  return {
    data,
    confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 1000) / 1000,
    fieldsExtracted: FIELD_ORDER.filter((f) => data[f] !== undefined),
    warnings: found.warnings,
  };
}

function fieldLabel(field: keyof ExtractedData): string {
  const names: Partial<Record<keyof ExtractedData, string>> = {
    tratamentos: 'tratamentos com produtividade',
    marca: 'marca',
    cultura: 'cultura',
    ano: 'ano',
    estado: 'estado',
    cidade: 'cidade',
  };
  return names[field] ?? field;
}

/** Words of a field trial; an invoice or a letter has none or one of them. */
function looksLikeTrialReport(folded: string, treatmentCount: number): boolean {
  const words = [
    'ensaio',
    'experiment',
    'tratamento',
    'testemunha',
    'delineamento',
    'repetic',
    'parcela',
    'protocolo',
    'produtividade',
    'safra',
    'cultivar',
    'bloco',
    'colheita',
    'rendimento',
  ];
  const hits = words.filter((w) => folded.includes(w)).length;
  return hits >= 3 || (hits >= 2 && treatmentCount >= 2);
}

/* ---------- labelled header blocks ---------- */

function readLabels(pairs: LabelPair[], c: CompiledReference, found: Findings): void {
  for (const p of pairs) {
    const value = p.value;
    switch (p.field) {
      case 'consultoria': {
        const v = tidyCase(cleanValue(value));
        if (v.length >= 2 && v.length <= 120 && /[A-Za-zÀ-ÿ]{2}/.test(v) && !/^\d/.test(v)) found.offer('consultoria', v, FROM_LABEL);
        break;
      }
      case 'marca': {
        const brand = brandIn(value, c);
        if (brand) found.offer('marca', brand, FROM_LABEL);
        const bu = parseBu(value);
        if (bu) found.offer('bu', bu, FROM_LABEL);
        break;
      }
      case 'produto': {
        const brand = brandIn(value, c);
        if (brand) found.offer('marca', brand, FROM_LABEL - 0.05);
        break;
      }
      case 'bu':
        found.offer('bu', parseBu(value), FROM_LABEL);
        break;
      case 'regional': {
        const r = matchRegional(cleanValue(value), c);
        if (r) found.offer('regional', r.nome, FROM_LABEL);
        break;
      }
      case 'local':
        offerLocation(parseLocation(value, c), FROM_LABEL, found, /munic|cidade/i.test(p.label));
        break;
      case 'estado': {
        const sigla = matchState(cleanValue(value), c)?.sigla ?? parseLocation(value, c)?.estado;
        if (sigla) found.offer('estado', sigla, FROM_LABEL);
        break;
      }
      case 'coordenadas': {
        const coords = parseCoordinates(value);
        if (coords) {
          found.offer('latitude', coords.latitude, FROM_LABEL);
          found.offer('longitude', coords.longitude, FROM_LABEL);
        }
        break;
      }
      case 'latitude':
        found.offer('latitude', parseOneCoordinate(value, 'lat'), FROM_LABEL);
        break;
      case 'longitude':
        found.offer('longitude', parseOneCoordinate(value, 'lon'), FROM_LABEL);
        break;
      case 'cultura': {
        found.offer('cultura', matchCrop(value, c), FROM_LABEL);
        found.offer('cultivar', findCultivarInText(value), FROM_LABEL - 0.05);
        break;
      }
      case 'cultura_cultivar': {
        const [crop, ...rest] = value.split(/\s*[/–—]\s*|\s+-\s+/);
        found.offer('cultura', matchCrop(crop ?? '', c), FROM_LABEL);
        found.offer('cultivar', cleanCultivar(rest.join(' ')), FROM_LABEL);
        break;
      }
      case 'cultivar':
        found.offer('cultivar', cleanCultivar(value), FROM_LABEL);
        break;
      case 'ano': {
        const y = parseYear(value);
        if (y !== null) found.offer('ano', y, FROM_LABEL);
        break;
      }
      case 'delineamento':
        found.offer('tipo_estatistica', parseDesign(value), FROM_LABEL);
        break;
      case 'argila':
        found.offer('teor_argila', parseSoilValue('argila', value, p.labelUnit), FROM_LABEL);
        break;
      case 'mo':
        found.offer('teor_materia_organica', parseSoilValue('mo', value, p.labelUnit), FROM_LABEL);
        break;
      case 'solo':
        found.offer('teor_argila', findSoilContent(value, 'argila'), FROM_LABEL - 0.05);
        found.offer('teor_materia_organica', findSoilContent(value, 'mo'), FROM_LABEL - 0.05);
        break;
      case 'custo':
        // "Custo do protocolo" (or "custo total"); a bare "Custo" may be a product's cost.
        if (/protocolo|total|ensaio|experimento|hectare|ha\b/i.test(p.label) || /R\$/.test(p.label) || /R\$/.test(value)) {
          found.offer('custo_protocolo', parseMoney(value, !/R\$/.test(p.label)), /protocolo/i.test(p.label) ? FROM_LABEL : FROM_SENTENCE);
        }
        break;
      case 'colheita': {
        const d = parseDate(value);
        if (d) found.offer('ano', d.year, FROM_SENTENCE);
        break;
      }
      case 'semeadura': {
        // Sowing from August on is harvested the next year (the season's year).
        const d = parseDate(value);
        if (d) found.offer('ano', d.month >= 8 ? d.year + 1 : d.year, FROM_DOCUMENT - 0.1);
        break;
      }
    }
  }
}

function offerLocation(loc: Location | null, confidence: number, found: Findings, cityLabel: boolean): void {
  if (!loc) return;
  // A value without a state after "Local:" may be a farm; after "Município:" it is a city.
  const cityConfidence = loc.estado || cityLabel ? confidence : confidence - 0.25;
  if (loc.cidade) found.offer('cidade', loc.cidade, cityConfidence);
  if (loc.estado) found.offer('estado', loc.estado, confidence);
}

/** The brand a short text names: a brand, one of its products, or a competitor's product. */
function brandIn(text: string, c: CompiledReference): string | null {
  const f = fold(text);
  for (const b of c.brands) {
    if (countMatches(b.name, f) > 0 || b.products.some((p) => countMatches(p.re, f) > 0)) return b.nome;
  }
  if (c.competitor && (/concorrente|padrao do produtor/.test(f) || c.competitor.products.some((p) => countMatches(p.re, f) > 0)))
    return c.competitor.nome;
  return null;
}

/* ---------- sentences ---------- */

function readSentences(flat: string, c: CompiledReference, found: Findings): void {
  found.offer('consultoria', findOrganizationInText(flat), FROM_SENTENCE);
  const loc = findLocationInProse(flat, c);
  if (loc) offerLocation(loc, loc.confidence, found, true);
  found.offer('cultivar', findCultivarInText(flat), FROM_SENTENCE - 0.05);
  found.offer('teor_argila', findSoilContent(flat, 'argila'), FROM_SENTENCE);
  found.offer('teor_materia_organica', findSoilContent(flat, 'mo'), FROM_SENTENCE);
  found.offer('tipo_estatistica', parseDesign(flat), FROM_SENTENCE);

  const f = fold(flat);
  // "Custo do protocolo: R$ 1.120,00", "o custo do protocolo foi de R$ 960,00".
  const cost = /custo\s+(?:total\s+)?(?:do|de|deste)\s+(?:protocolo|ensaio|experimento)[^.\n]{0,60}?r\$\s*([\d.,]+\d)/.exec(f);
  if (cost) found.offer('custo_protocolo', findNumbers(cost[1] ?? '')[0]?.value, FROM_SENTENCE);

  // "Safra 2023/24", "na safra 2023/2024", "safra 2024".
  const season = /safra\s*:?\s*((?:19|20)\d{2}\s*[/\-–]\s*(?:19|20)?\d{2}|\d{2}\s*\/\s*\d{2}|(?:19|20)\d{2})(?![\d/])/.exec(f);
  if (season) found.offer('ano', parseYear(season[1] ?? ''), FROM_SENTENCE);
  // "colheita em 20/07/2024", "colhido em …".
  const harvest =
    /colh(?:eita|id[oa]s?)\s+(?:foi\s+(?:realizada|feita)\s+)?(?:em|no dia|realizada em)\s+(\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})/.exec(
      f,
    );
  if (harvest) found.offer('ano', parseDate(harvest[1] ?? '')?.year, FROM_SENTENCE - 0.05);
  const sowing =
    /(?:semead[oa]s?|semeadura|plantad[oa]s?|plantio)\s+(?:foi\s+(?:realizad[oa]|feit[oa])\s+)?(?:em|no dia|ocorreu em)\s+(\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})/.exec(
      f,
    );
  if (sowing) {
    const d = parseDate(sowing[1] ?? '');
    if (d) found.offer('ano', d.month >= 8 ? d.year + 1 : d.year, FROM_DOCUMENT - 0.1);
  }
}

/* ---------- soil analysis tables ---------- */

/**
 * A soil analysis table: a header cell "Argila"/"M.O." (unit in it or on the line below) and the
 * first number under it within a few lines.
 */
function readSoilTables(lines: TextLine[], found: Findings): void {
  const kinds: [SoilKind, RegExp, 'teor_argila' | 'teor_materia_organica'][] = [
    ['argila', /^(teor de )?argila\b/, 'teor_argila'],
    ['mo', /^(m ?o|mo|materia organica|mat organica)\b/, 'teor_materia_organica'],
  ];
  lines.forEach((line, h) => {
    if (line.cells.length < 3) return;
    for (const cell of line.cells) {
      const k = key(cell.text);
      for (const [kind, re, field] of kinds) {
        if (!re.test(k) || /\d{2,}/.test(cell.text.replace(/\(.*\)/, ''))) continue;
        let unit = findSoilUnit(cell.text.replace(/^[^(]*/, ''));
        for (let i = h + 1; i <= h + 4 && i < lines.length; i++) {
          const below = lines[i] as TextLine;
          if (below.page !== line.page) break;
          const under = below.cells.find((b) => Math.min(b.right, cell.right + 6) - Math.max(b.x, cell.x - 6) > 0);
          if (!under) continue;
          const n = findNumbers(under.text)[0];
          if (!n || /^\(/.test(under.text.trim())) {
            unit ??= findSoilUnit(under.text);
            continue;
          }
          const v = parseSoilValue(kind, under.text, unit);
          if (v !== null) found.offer(field, v, FROM_SENTENCE);
          break;
        }
      }
    }
  });
}

/* ---------- the whole document ---------- */

function readWholeDocument(
  lines: TextLine[],
  flat: string,
  folded: string,
  c: CompiledReference,
  found: Findings,
  pairs: LabelPair[],
): void {
  // Coordinates anywhere: a DMS pair, or decimal degrees next to a coordinate word.
  if (found.get('latitude') === undefined || found.get('longitude') === undefined) {
    const dms = findDmsCoordinates(flat);
    const pair = dms.length >= 2 ? pairCoordinates(dms) : null;
    if (pair) {
      found.offer('latitude', pair.latitude, FROM_SENTENCE);
      found.offer('longitude', pair.longitude, FROM_SENTENCE);
    } else {
      for (const line of lines) {
        if (!/coordenad|latitude|longitude|\blat\b|\blong?\b|gps/i.test(fold(line.text))) continue;
        const p = pairCoordinates(findDecimalDegrees(line.text));
        if (p) {
          found.offer('latitude', p.latitude, FROM_DOCUMENT);
          found.offer('longitude', p.longitude, FROM_DOCUMENT);
          break;
        }
      }
    }
  }

  // BU written anywhere ("Aminoagro (BU2)").
  if (!found.get('bu')) found.offer('bu', parseBu(flat), FROM_DOCUMENT);

  // Crop: mentions counted, the title and headings weigh more; a close second is ambiguous.
  if (!found.get('cultura')) {
    const scores = new Map<string, number>();
    lines.forEach((line, i) => {
      const f = fold(line.text);
      const weight = i < 6 || line.fontSize >= 12 ? 3 : 1;
      for (const crop of c.crops) {
        const n = countMatches(crop.re, f);
        if (n > 0) scores.set(crop.nome, (scores.get(crop.nome) ?? 0) + n * weight);
      }
    });
    const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
    const [first, second] = ranked;
    if (first) {
      const clear = !second || first[1] >= second[1] * 2;
      found.offer('cultura', first[0], clear ? FROM_SENTENCE : 0.5);
      if (!clear) found.warn(`Cultura incerta: o documento cita ${ranked.map((r) => r[0]).join(', ')}.`);
    }
  }

  // Brand: a label already decided; otherwise our brands' names and products are counted, and
  // a report that only names a competitor's product (or says "produto concorrente") is one.
  if (!found.get('marca')) {
    const counts = c.brands
      .map((b) => ({
        nome: b.nome,
        n:
          countMatches(b.name, folded) +
          b.products.filter((p) => !key(p.nome).includes(key(b.nome))).reduce((s, p) => s + countMatches(p.re, folded), 0),
      }))
      .filter((b) => b.n > 0)
      .sort((a, b) => b.n - a.n);
    const [first, second] = counts;
    if (first) {
      const clear = !second || first.n >= second.n * 2;
      found.offer('marca', first.nome, clear ? FROM_SENTENCE : 0.5);
      if (!clear) found.warn(`Marca incerta: o documento cita ${counts.map((b) => b.nome).join(', ')}.`);
    } else if (c.competitor) {
      const competitorSignals =
        countMatches(/produto(?:s)?\s+concorrente|concorrente/g, folded) +
        c.competitor.products.reduce((s, p) => s + countMatches(p.re, folded), 0);
      if (competitorSignals > 0) found.offer('marca', c.competitor.nome, FROM_SENTENCE);
    }
  }

  // A state named in full somewhere, when no place said which.
  if (!found.get('estado')) {
    const named = statesNamedIn(flat, c);
    if (named.length === 1) found.offer('estado', named[0]?.sigla, FROM_DOCUMENT - 0.1);
  }

  // The year as a last resort: a lone year in the title lines.
  if (found.get('ano') === undefined) {
    for (const line of lines.slice(0, 8)) {
      const y = parseYear(line.text);
      if (y !== null && y >= 2000 && y <= 2100) {
        found.offer('ano', y, FROM_DOCUMENT - 0.1);
        break;
      }
    }
  }

  // The regional written as a phrase ("Regional MT BR 163") outside a label.
  if (!found.get('regional') && !pairs.some((p) => p.field === 'regional')) {
    for (const r of c.regionals) {
      const re = new RegExp(`regional\\s+${phraseRegExp(r.nome, '').source}`);
      if (re.test(folded)) {
        found.offer('regional', r.nome, FROM_SENTENCE);
        break;
      }
    }
  }
}

/** The regional of the state when only one regional covers it. */
function deriveRegional(c: CompiledReference, found: Findings): void {
  const estado = found.get('estado');
  if (typeof estado !== 'string') return;
  const candidates = regionalsOfState(estado, c);
  const stated = found.get('regional');
  if (typeof stated === 'string') {
    if (candidates.length > 0 && !candidates.includes(stated)) found.warn(`A regional ${stated} não inclui o estado ${estado}. Confira.`);
    return;
  }
  if (candidates.length === 1) found.offer('regional', candidates[0], Math.min(found.confidenceOf('estado'), FROM_SENTENCE));
  else if (candidates.length > 1)
    found.warn(`O estado ${estado} pertence a mais de uma regional (${candidates.join(', ')}); escolha a regional.`);
}
