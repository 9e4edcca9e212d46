/**
 * Label/value pairs of a report's header blocks, whatever their layout: "Label: value" in one
 * cell, several pairs on one line (two-column headers), a label cell followed by its value cell
 * (labels in bold without a colon), or pairs run together in one cell ("Cultura: Soja
 * Cultivar: M6410").
 */
import { findSoilUnit, type SoilUnit } from './numbers.js';
import type { TextCell, TextLine } from './pdf-text.js';
import { key } from './text.js';

export type LabelField =
  | 'cultura_cultivar'
  | 'consultoria'
  | 'marca'
  | 'produto'
  | 'bu'
  | 'regional'
  | 'local'
  | 'estado'
  | 'coordenadas'
  | 'latitude'
  | 'longitude'
  | 'cultura'
  | 'cultivar'
  | 'ano'
  | 'delineamento'
  | 'argila'
  | 'mo'
  | 'solo'
  | 'custo'
  | 'colheita'
  | 'semeadura';

/**
 * Label wordings, tested in order on the folded label (punctuation and units dropped:
 * "MATÉRIA ORGÂNICA (g/kg)" → "materia organica g kg"). A label may carry extra words after
 * the ones listed ("Local do ensaio", "Custo total do protocolo", "Marca do produto").
 */
const LABELS: [LabelField, RegExp][] = [
  ['cultura_cultivar', /^cultura (e )?(cultivar|variedade|hibrido)\b/],
  [
    'consultoria',
    /^(consultoria|consultor|consultora|empresa|responsavel|instituicao|executor|realizacao|conducao|elaborado por|elaboracao)\b/,
  ],
  ['marca', /^(marca|marcas|fabricante|produto marca)\b/],
  ['produto', /^(produto|produtos)\b/],
  ['bu', /^(bu|business unit|unidade de negocios?)$/],
  ['regional', /^(regional|regiao)\b/],
  ['estado', /^(estado|uf)$/],
  ['local', /^(local|localidade|localizacao|municipio|cidade|endereco)\b/],
  ['latitude', /^(latitude|lat)$/],
  ['longitude', /^(longitude|long|lon|lng)$/],
  ['coordenadas', /^(coordenadas?|coord|gps|lat long|lat lon|latitude longitude|posicao geografica)\b/],
  ['cultura', /^cultura$/],
  ['cultivar', /^(cultivar|cultivares|variedade|hibrido|material genetico|genotipo)$/],
  ['ano', /^(ano|safra|ano agricola|ano safra|periodo)\b/],
  ['delineamento', /^(delineamento|desenho experimental|analise estatistica|estatistica|tipo de estatistica|tipo de analise)\b/],
  ['argila', /^(teor de )?argila\b/],
  ['mo', /^(teor de )?(materia organica|mat organica|m o|mo)\b/],
  ['solo', /^(solo|analise de solo|caracteristicas do solo|textura)\b/],
  // "Custo do protocolo", "Valor contratado (R$)", "Investimento do protocolo"; readLabels asks for R$ or the protocol.
  ['custo', /^(custo|valor|investimento|preco|orcamento)\b/],
  ['colheita', /^(data (de |da )?)?colheita\b/],
  ['semeadura', /^(data (de |da |do )?)?(semeadura|plantio)\b/],
];

export function labelField(label: string): LabelField | null {
  const k = key(label);
  if (!k || k.split(' ').length > 7) return null;
  for (const [field, re] of LABELS) if (re.test(k)) return field;
  return null;
}

/**
 * Whether a cell is a label by itself, not a value that starts with a label word ("Safra Certa
 * Agronomia" is a consultancy, "Safra" alone is a label).
 */
export function isBareLabel(text: string): boolean {
  const k = key(text);
  if (labelField(text) === null || /\d/.test(k)) return false;
  // Separators ("Regional / BU") are not words of the label.
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  // A form's labels are often all capitals ("UNIDADE DE NEGÓCIO").
  if (text === text.toUpperCase()) return words.length <= 5;
  // Label phrases run on in lower case ("Custo do protocolo", "Data de colheita"); names of
  // companies and places capitalise their words.
  // Short codes in capitals ("BU", "UF", "M.O.") are label words too.
  return words.length <= 2 || (words.length <= 5 && words.slice(1).every((w) => w === w.toLowerCase() || /^[A-Z.]{1,4}$/.test(w)));
}

export interface LabelPair {
  field: LabelField;
  label: string;
  value: string;
  /** Index of the line in the document's line list. */
  line: number;
  /** A unit written in the label itself ("Argila (%)", "MO (g/kg)"). */
  labelUnit: SoilUnit | null;
}

/**
 * The shortest run of 1–4 final words of `text` that is a known label, if any: in
 * "Chapada dos Parecis Consultoria Marca" the label is "Marca", not "Consultoria Marca".
 */
function trailingLabel(text: string): { label: string; before: string } | null {
  const words = text.trim().split(/\s+/);
  for (let n = 1; n <= Math.min(4, words.length); n++) {
    const label = words.slice(words.length - n).join(' ');
    // A label starts with a capital or is upper case ("Cultivar", "CULTIVAR", "UF").
    if (!/^[A-ZÀ-Ý]/.test(label)) continue;
    if (labelField(label)) return { label, before: words.slice(0, words.length - n).join(' ') };
  }
  return null;
}

/** Pairs of one cell written "Label: value[ Label2: value2…]". */
function pairsInCell(text: string): { label: string; value: string }[] | null {
  const parts = text.split(/\s*:\s*/);
  if (parts.length < 2) return null;
  const first = parts[0] ?? '';
  if (!labelField(first)) return null;
  const out: { label: string; value: string }[] = [];
  let label = first;
  for (let j = 1; j < parts.length; j++) {
    const chunk = parts[j] ?? '';
    if (j < parts.length - 1) {
      const next = trailingLabel(chunk);
      if (next) {
        out.push({ label, value: next.before });
        label = next.label;
        continue;
      }
      // A colon inside the value (a time, a ratio): keep it there.
      parts[j + 1] = `${chunk}: ${parts[j + 1] ?? ''}`;
      continue;
    }
    out.push({ label, value: chunk });
  }
  return out;
}

/**
 * A row of labels with the values on the row below (a form-like header box):
 *   Consultoria        Cultura        Safra
 *   AgroCerrado        Soja           2023/24
 */
function stackedPairs(lines: TextLine[], index: number): LabelPair[] | null {
  const line = lines[index];
  const below = lines[index + 1];
  if (!line || !below || line.cells.length < 2 || below.page !== line.page) return null;
  if (line.y - below.y > line.fontSize * 2.6) return null;
  if (!line.cells.every((c) => !c.text.includes(':') && isBareLabel(c.text))) return null;
  const pairs: LabelPair[] = [];
  for (const cell of line.cells) {
    const field = labelField(cell.text);
    // The value starts under its label (left-aligned columns) or overlaps it.
    const value =
      below.cells.find((v) => Math.abs(v.x - cell.x) < 6) ??
      below.cells.find((v) => Math.min(v.right, cell.right) - Math.max(v.x, cell.x) > 0);
    if (field && value && !isBareLabel(value.text)) {
      pairs.push({ field, label: cell.text, value: value.text, line: index + 1, labelUnit: findSoilUnit(cell.text.replace(/^[^(]*/, '')) });
    }
  }
  return pairs.length > 0 ? pairs : null;
}

/** A form's heading cell in capitals without a number ("FORMA DE PAGAMENTO"): not a value. */
function isCapsHeading(text: string): boolean {
  return text === text.toUpperCase() && /[A-ZÀ-Ý]{3}/.test(text) && !/\d/.test(text);
}

/** A ticked and an empty checkbox at the start of an option. */
const CHECKED = /^\s*(?:[☒☑✓✔■▣]|\[\s*[xX]\s*\]|\(\s*[xX]\s*\))\s*/;
const UNCHECKED = /^\s*(?:[☐□]|\[\s*\]|\(\s*\))\s*/;

/** The cell under a label cell on one of the next two lines of its page, unless it is a label too. */
function valueBelow(lines: TextLine[], index: number, cell: TextCell): { text: string; line: number } | null {
  const line = lines[index] as TextLine;
  for (let j = index + 1; j <= index + 2 && j < lines.length; j++) {
    const below = lines[j] as TextLine;
    if (below.page !== line.page || line.y - below.y > line.fontSize * 3.2) return null;
    // A row of checkboxes ("☐ BU1  ☒ BU2  ☐ BU3"): the ticked option is the value.
    const ticked = below.cells.find((v) => CHECKED.test(v.text));
    if (ticked && below.cells.some((v) => UNCHECKED.test(v.text))) return { text: ticked.text.replace(CHECKED, '').trim(), line: j };
    const under = below.cells.find((v) => Math.min(v.right, cell.right) - Math.max(v.x, cell.x) > 0 || Math.abs(v.x - cell.x) < 6);
    if (!under) continue;
    // A form's value is short; a paragraph under a heading is not a value.
    if (under.text.length > 60) return null;
    return isBareLabel(under.text) || labelField(under.text.split(':')[0] ?? '') ? null : { text: under.text, line: j };
  }
  return null;
}

export function collectLabelPairs(lines: TextLine[]): LabelPair[] {
  const pairs: LabelPair[] = [];
  const consumed = new Set<number>();
  lines.forEach((line, index) => {
    if (consumed.has(index)) return;
    const stacked = stackedPairs(lines, index);
    if (stacked) {
      pairs.push(...stacked);
      consumed.add(index + 1);
      return;
    }
    // "Marca: X | BU: Y | Regional: Z" in one cell: each part is a cell of its own.
    const cells = line.cells.flatMap((cell) =>
      / \| /.test(cell.text) ? cell.text.split(/\s+\|\s+/).map((text) => ({ ...cell, text })) : [cell],
    );
    for (let i = 0; i < cells.length; i++) {
      const text = cells[i]?.text ?? '';
      const inCell = pairsInCell(text);
      if (inCell) {
        for (const p of inCell) {
          let value = p.value.trim();
          // "Label:" alone in its cell: the value is the next cell.
          if (!value && inCell.length === 1 && i + 1 < cells.length) value = cells[++i]?.text ?? '';
          const field = labelField(p.label);
          if (field && value)
            pairs.push({ field, label: p.label, value, line: index, labelUnit: findSoilUnit(p.label.replace(/^[^(]*/, '')) });
        }
        continue;
      }
      // A label cell without a colon, its value in the next cell (a label/value grid).
      const field = labelField(text);
      // A label alone at the end of its line ("VALOR DO PROTOCOLO (R$)" in a form box): its value
      // stands under it.
      const next = cells[i + 1]?.text ?? '';
      if (
        field &&
        (i + 1 >= cells.length || isBareLabel(next) || (isCapsHeading(next) && isCapsHeading(text.replace(/\(.*\)/, '')))) &&
        isBareLabel(text.replace(/\(.*\)/, ''))
      ) {
        const below = valueBelow(lines, index, cells[i] as TextCell);
        if (below)
          pairs.push({ field, label: text, value: below.text, line: below.line, labelUnit: findSoilUnit(text.replace(/^[^(]*/, '')) });
        continue;
      }
      // ("Argila 440 g/kg" holds its own value: it is not a label cell.)
      if (field && i + 1 < cells.length && cells.length <= 4 && text.length <= 40 && !/\d/.test(text.replace(/\(.*?\)/g, ''))) {
        const value = cells[i + 1]?.text ?? '';
        if (value && !isBareLabel(value)) {
          pairs.push({ field, label: text, value, line: index, labelUnit: findSoilUnit(text.replace(/^[^(]*/, '')) });
          i++;
        }
      }
    }
  });
  return pairs;
}
