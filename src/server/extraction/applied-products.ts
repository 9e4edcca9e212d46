/**
 * What each treatment applied: the products a treatment's name or description names,
 * each by its catalogue name when it is a catalogue product (lookups' `produtos`) and otherwise as
 * the report writes it, with the dose the report states; and the modality of an untreated
 * control ("Testemunha", "Sem aplicação") that the report gives no mode for: 'Sem aplicação'.
 * Nothing here knows a particular report: the catalogue comes from the database.
 */
import { MODALIDADE_SEM_APLICACAO } from '../../shared/constants.js';
import type { ExtractedProduct } from '../../shared/extraction.js';
import { parseBrNumber } from './numbers.js';
import type { CompiledReference } from './reference.js';
import { isControl } from './treatment-text.js';
import { cleanValue, fold, isBlankCell, key, tidyCase } from './text.js';

/**
 * A dose: a number, a mass or volume, per hectare, per 100 kg of seed or per tonne ("2 L/ha",
 * "0,5 L ha-1", "100 mL/100 kg de sementes", "1,5 kg p.c./ha"). Folded text.
 */
const DOSE_RE =
  /(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(ml|l|kg|g)\s*(?:(?:de\s+)?p\.?\s?c\.?\s*)?(?:\/|\s+por\s+|\s+)(ha(?:\s*-\s*1|-1)?|100\s*kg(?:\s+de\s+sementes?)?|t(?:onelada)?)(?![a-z])/;

/** From this many kg/ha on, a number is a yield rather than a product's dose. */
const YIELD_NOT_DOSE_KG_HA = 1000;

/** The unit as the form's suggestions write it (DOSE_UNITS). */
function doseUnit(mass: string, per: string): string {
  const m = mass === 'ml' ? 'mL' : mass === 'l' ? 'L' : mass;
  if (/^100/.test(per)) return `${m}/100 kg de sementes`;
  if (/^t/.test(per)) return `${m}/t`;
  return `${m}/ha`;
}

/** The first dose a text states, with where it is (folded and original indexes agree). */
export function findDose(text: string): { dose: number; unidade: string; at: number; end: number; printed: string } | null {
  const m = DOSE_RE.exec(fold(text));
  if (!m) return null;
  const dose = parseBrNumber(m[1] ?? '');
  if (dose === null || dose < 0) return null;
  const unidade = doseUnit(m[2] ?? '', m[3] ?? '');
  // A thousand kilograms a hectare and more is a yield ("3.790 kg/ha"), not what was applied.
  if (unidade === 'kg/ha' && dose >= YIELD_NOT_DOSE_KG_HA) return null;
  return { dose, unidade, at: m.index, end: m.index + m[0].length, printed: m[1] ?? '' };
}

/** How the report prints a product's dose ("1,0", "0,250"): a name told apart by dose repeats it so. */
const printedDose = new WeakMap<ExtractedProduct, string>();

function printedAs<P extends ExtractedProduct>(p: P, printed: string): P {
  if (printed) printedDose.set(p, printed);
  return p;
}

/** The catalogue product a text names (the longest match), by its catalogue name. */
export function catalogueProduct(text: string, c: CompiledReference): string | null {
  const f = fold(text);
  for (const p of c.allProducts) {
    p.re.lastIndex = 0;
    const hit = p.re.test(f);
    p.re.lastIndex = 0;
    if (hit) return p.nome;
  }
  return null;
}

/** Words that describe an application rather than name a product. */
const NOT_A_NAME =
  /^(dose|doses|via|aplicacao|aplicado|aplicada|em|no|na|nos|nas|de|do|da|e|com|mais|foliar|solo|sulco|sementes?|ts|cobertura|v\d+|r\d+)$/;

/** A product's name as written: the dose, the stage and the route around it left out. */
function writtenName(part: string): string {
  const dose = findDose(part);
  let name = dose ? part.slice(0, dose.at) : part;
  name = name
    .replace(/\([^)]*\)?/g, ' ')
    .split(/\s*[,;:]\s+|\s+[-–—]\s+/)[0]!
    .replace(
      /\s+(?:aplicad[oa]s?\s+)?(?:via|no|na|nas|em|ao|por)\s+(?:tratamento de sementes?|sementes?|sulco|solo|cobertura|foliar|fertirriga\S*|pulveriza\S*)\b.*$/i,
      '',
    );
  name = cleanValue(name);
  const words = key(name).split(' ').filter(Boolean);
  if (!words.length || words.every((w) => NOT_A_NAME.test(w) || /^\d/.test(w))) return '';
  // A treatment's code or number ("T2", "Tratamento 3") is no product's name.
  if (/^(t\s?\d{1,2}|trat(amento)?\s?\d{1,2})$/.test(words.join(' '))) return '';
  if (!/[A-Za-zÀ-ÿ]{2}/.test(name)) return '';
  return tidyCase(name);
}

/** The parts of a combination ("Produto A + Produto B", "Produto A 1 L/ha e Produto B 2 L/ha"). */
function partsOf(text: string): string[] {
  // A "+" inside parentheses is a remark's, not a combination's.
  const plain = text.replace(/\([^)]*\)/g, (m) => m.replace(/\+/g, ' '));
  return plain
    .split(/\s*\+\s*|\s+(?:mais|com)\s+(?=[A-ZÀ-Ý])/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** One product per part of `text`, each with the dose written in that part. */
export function productsIn(text: string, c: CompiledReference): ExtractedProduct[] {
  const out: ExtractedProduct[] = [];
  for (const part of partsOf(text)) {
    const nome = catalogueProduct(part, c) ?? writtenName(part);
    if (!nome || out.some((p) => key(p.nome) === key(nome))) continue;
    const dose = findDose(part);
    out.push(dose ? printedAs({ nome, dose: dose.dose, unidade: dose.unidade }, dose.printed) : { nome });
  }
  return out;
}

/** The unit a dose column's header states ("Dose (L/ha)", "Doses p.c. (mL/100 kg)"), as findDose writes it; '' if none. */
export function headerDoseUnit(header: string): string {
  // "p.c." (of the commercial product) may stand before the unit in a header.
  const rest = header
    .replace(/^\s*doses?\b/i, ' ')
    .replace(/[()[\]]/g, ' ')
    .replace(/(^|\s)p\.?\s?c\.?(?=\s|$)/gi, ' ');
  return findDose(`1 ${rest}`)?.unidade ?? '';
}

/** A dose column's cell with the header's unit after it, when the cell states none of its own. */
export function withHeaderUnit(cell: string, unit: string): string {
  if (!unit || isBlankCell(cell) || findDose(cell)) return cell;
  return `${cell} ${unit}`;
}

interface ColumnDose {
  dose: number;
  /** The number as the cell prints it ("1,0"). */
  printed: string;
  /** null: the part is a number alone ("0,2" in "0,2 + 1,0"). */
  unidade: string | null;
}

/** The doses of a dose column's cell, one per part of a combination ("0,2 L/100 kg + 1,0 L/ha", "0,5 + 1,0"). */
export function columnDoses(text: string): ColumnDose[] | null {
  const parts = text.split(/\s*\+\s*/).filter((p) => p.trim());
  const out: ColumnDose[] = [];
  for (const part of parts) {
    const stated = findDose(part);
    if (stated) {
      out.push({ dose: stated.dose, unidade: stated.unidade, printed: stated.printed });
      continue;
    }
    const bare = /^\s*(\d+(?:[.,]\d+)*)\s*$/.exec(part);
    const dose = bare ? parseBrNumber(bare[1] ?? '') : null;
    if (dose === null || dose < 0) return null;
    out.push({ dose, unidade: null, printed: (bare?.[1] ?? '').trim() });
  }
  return out.length ? out : null;
}

/** "nas mesmas doses", "doses iguais às dos tratamentos isolados" (folded text). */
const SAME_DOSES_RE = /\bmesm[ao]s?\s+doses?\b|\bdoses?\s+(?:iguais|identicas)\b/;

interface TreatmentLike {
  nome: string;
  modalidade: string;
  produtos_aplicados?: ExtractedProduct[];
}

/**
 * Fills each treatment's applied products from its name and, when there is one, the text that
 * describes it (a methods list or table row): the description's products when it names any, the
 * name's otherwise, each with the dose the results table's dose column states (one dose per product
 * of a combination), else the description's or the name's (a number alone in the column takes the
 * unit the same product has elsewhere in the report, or the one the cell ends with). An untreated control
 * gets no product and, when the report gives it no mode, the modality 'Sem aplicação'.
 */
export function fillAppliedProducts(
  tratamentos: TreatmentLike[],
  descriptionOf: (t: TreatmentLike) => string | undefined,
  c: CompiledReference,
  doseColumnOf: (t: TreatmentLike) => string | undefined = () => undefined,
): void {
  /** Doses of the column whose unit is the same product's elsewhere, once every treatment is read. */
  const unitless: Array<{ product: ExtractedProduct; dose: number; fallback: string | null }> = [];
  /** Products of a combination "in the same doses" as where they are applied alone. */
  const sameAsAlone: ExtractedProduct[] = [];
  for (const t of tratamentos) {
    const description = descriptionOf(t);
    if (isControl(t.nome) && !catalogueProduct(t.nome, c)) {
      if (t.modalidade === '') t.modalidade = MODALIDADE_SEM_APLICACAO;
      continue;
    }
    const fromName = productsIn(t.nome, c);
    const fromDescription = description ? productsIn(description, c) : [];
    // The description may name the same products with their doses; the name may hold the dose.
    const base = fromDescription.length >= fromName.length && fromDescription.length > 0 ? fromDescription : fromName;
    const products = base.map((p) => {
      if (p.dose !== undefined) return p;
      const twin = [...fromName, ...fromDescription].find((q) => q.dose !== undefined && key(q.nome) === key(p.nome));
      return twin ? printedAs({ ...p, dose: twin.dose, unidade: twin.unidade }, printedDose.get(twin) ?? '') : { ...p };
    });
    const column = doseColumnOf(t);
    const doses = column ? columnDoses(column) : null;
    if (doses && doses.length === products.length) {
      // "0,2 + 1,0 L/ha": the unit at the end is the fallback of the numbers before it.
      const last = doses[doses.length - 1]?.unidade ?? null;
      // The row's own cell says its dose: it wins over a description's (joined by name, it may be
      // another row's when several rows share the product).
      products.forEach((p, i) => {
        const d = doses[i] as ColumnDose;
        if (d.unidade) printedAs(Object.assign(p, { dose: d.dose, unidade: d.unidade }), d.printed);
        else if (p.dose === undefined) unitless.push({ product: printedAs(p, d.printed), dose: d.dose, fallback: last });
      });
    }
    if (description && SAME_DOSES_RE.test(fold(description))) sameAsAlone.push(...products.filter((p) => p.dose === undefined));
    if (products.length) t.produtos_aplicados = products;
  }
  const units = new Map<string, string>();
  for (const t of tratamentos) for (const p of t.produtos_aplicados ?? []) if (p.unidade) units.set(key(p.nome), p.unidade);
  for (const { product, dose, fallback } of unitless) {
    const unidade = units.get(key(product.nome)) ?? fallback;
    if (unidade) Object.assign(product, { dose, unidade });
  }
  // The product's one dose elsewhere in the report; none when it is given in several doses.
  const doses = new Map<string, Map<string, { dose: number; unidade: string }>>();
  for (const t of tratamentos) {
    for (const p of t.produtos_aplicados ?? []) {
      if (p.dose === undefined || !p.unidade) continue;
      const seen = doses.get(key(p.nome)) ?? new Map<string, { dose: number; unidade: string }>();
      doses.set(key(p.nome), seen.set(`${p.dose} ${p.unidade}`, { dose: p.dose, unidade: p.unidade }));
    }
  }
  for (const product of sameAsAlone) {
    const known = doses.get(key(product.nome));
    if (known?.size === 1) Object.assign(product, [...known.values()][0]);
  }
}

/** A treatment's doses as a name reads them: "0,5 L/ha", "1 L/ha + 0,2 kg/ha"; '' when a product has none. */
function doseLabel(t: TreatmentLike): string {
  const products = t.produtos_aplicados ?? [];
  if (!products.length || products.some((p) => p.dose === undefined)) return '';
  return products.map((p) => `${printedDose.get(p) ?? String(p.dose).replace('.', ',')} ${p.unidade ?? ''}`.trim()).join(' + ');
}

/**
 * Treatments that share a name are told apart by their doses (issue 35: the dose is part of the name
 * when it is what tells treatments apart): "Produto X" three times becomes "Produto X 0,5 L/ha",
 * "Produto X 1,0 L/ha", "Produto X 1,5 L/ha", the doses as the report prints them. In such a trial of
 * doses every other treated treatment is named with its dose too ("Produto Y 2 L/ha"), as a protocol
 * names its treatments. Names are left as they are when a shared name has a missing or a repeated dose.
 */
export function nameByDose(tratamentos: TreatmentLike[]): void {
  const byName = new Map<string, TreatmentLike[]>();
  for (const t of tratamentos) byName.set(key(t.nome), [...(byName.get(key(t.nome)) ?? []), t]);
  const toldApart = [...byName.values()].filter((same) => {
    const labels = same.map(doseLabel);
    return same.length >= 2 && labels.every(Boolean) && new Set(labels.map(key)).size === labels.length;
  });
  if (toldApart.length === 0) return;
  for (const t of tratamentos) {
    const label = doseLabel(t);
    if (label && !key(t.nome).includes(key(label))) t.nome = `${t.nome} ${label}`;
  }
}
