/**
 * Treatments of a report: the results table (header with a treatment column and a yield, mean
 * or per-block columns; rows T1…Tn, numbered, or named), completed by the treatment list of the
 * methods section ("T2 – Produto X, 2 L/ha, via foliar") or by a sentence listing them, for
 * reports whose table holds only codes or lacks the mode of application.
 */
import { type MODALIDADES } from '../../shared/constants.js';
import { findNumbers, findYieldUnit, round, YIELD_FACTORS, type YieldUnit } from './numbers.js';
import type { TextCell, TextLine } from './pdf-text.js';
import type { CompiledReference } from './reference.js';
import { cleanValue, fold, isBlankCell, key, tidyCase } from './text.js';

export type Modalidade = (typeof MODALIDADES)[number];

export interface ExtractedTreatment {
  nome: string;
  /** One of MODALIDADES, or '' when the report does not say (a control without application). */
  modalidade: string;
  /** kg/ha; the mean of `repeticoes` when the report gives yields per block. */
  produtividade?: number;
  /** Yield of each block/replicate, kg/ha. */
  repeticoes?: number[];
}

export interface TreatmentsResult {
  tratamentos: ExtractedTreatment[];
  /** 0–1: how sure the table reading is (units stated, every row with a yield…). */
  confidence: number;
  warnings: string[];
  /** The crop-independent unit found, for callers that check plausibility. */
  unit: YieldUnit | null;
  /** Where the results were read: the table's header line or the sentence. */
  evidence?: { page: number; snippet: string };
}

/* ---------- modes of application ---------- */

/**
 * Wordings of each mode, on folded text. Product names are removed before matching, so that
 * "Maximus TS" or "Dimicron Fósforo Foliar" do not decide the mode of their treatment.
 */
const MODE_PATTERNS: [RegExp, Modalidade][] = [
  [
    /(?<![a-z0-9])(tratamento de sementes?|trat\.? de sementes?|via sementes?|nas sementes|nas sementes|sementes?|ts)(?![a-z0-9])/,
    'Sementes',
  ],
  [/(?<![a-z0-9])(no sulco|sulco de (plantio|semeadura)|via sulco|sulco|in furrow)(?![a-z0-9])/, 'Sulco'],
  [/(?<![a-z0-9])(em cobertura|cobertura)(?![a-z0-9])/, 'Cobertura'],
  [/(?<![a-z0-9])(incorporad[oa]s?|incorporacao|ppi)(?![a-z0-9])/, 'Incorporado'],
  [/(?<![a-z0-9])(via foliar|foliares|foliar|pulverizacao)(?![a-z0-9])/, 'Foliar'],
  [/(?<![a-z0-9])(no solo|via solo|ao solo|solo|drench|area total|fertirrigacao)(?![a-z0-9])/, 'Solo'],
];

export function stripProducts(text: string, c: CompiledReference): string {
  let f = fold(text);
  for (const p of c.allProducts) {
    p.re.lastIndex = 0;
    f = f.replace(p.re, (m) => ' '.repeat(m.length));
  }
  return f;
}

/** The mode a text names first ("via foliar" → Foliar, "TS" → Sementes…), or null. */
export function normalizeModalidade(text: string, c?: CompiledReference): Modalidade | null {
  const f = c ? stripProducts(text, c) : fold(text);
  let best: { mode: Modalidade; at: number } | null = null;
  for (const [re, mode] of MODE_PATTERNS) {
    const m = re.exec(f);
    if (m && (!best || m.index < best.at)) best = { mode, at: m.index };
  }
  return best?.mode ?? null;
}

/** Whether a treatment name is the untreated control. */
export function isControl(name: string): boolean {
  const f = key(name);
  return /(^|\s)(testemunha|controle|check|sem aplicacao|nao tratad[oa])(\s|$)/.test(f);
}

/** Rows of a results table that summarise rather than name a treatment. */
function isSummaryRow(name: string): boolean {
  const f = key(name);
  return /^(media|medias|media geral|produtividade media|cv|c v|coeficiente|dms|d m s|total|desvio|erro|f|p|valor|teste|tukey|scott|significancia)(\s|$)/.test(
    f,
  );
}

/** "T2", "T2 -", "T 2:" or a bare number followed by a separator ("2.", "2)", "2 –"). */
const ID_RE = /^\s*(?:T\s?-?\s?(\d{1,2})(?![\d,.])\s*(?:[-–—:.)]\s*)?|(\d{1,2})\s*[.)–—-]\s+(?=\D))/i;
const idOf = (m: RegExpExecArray) => Number(m[1] ?? m[2]);

/** "T2 - Produto X (via foliar)" → id 2 and name "Produto X"; modes in parentheses are dropped. */
export function cleanTreatmentName(raw: string, c?: CompiledReference): { id: number | null; nome: string } {
  let text = raw.replace(/\s+/g, ' ').trim();
  let id: number | null = null;
  const m = ID_RE.exec(text);
  if (m) {
    id = idOf(m);
    text = text.slice(m[0].length);
  }
  // A parenthesis that only names the mode ("(TS)", "(via foliar)") is not part of the name.
  text = text.replace(/\s*\(([^)]*)\)/g, (whole, inner: string) => (modeOnly(inner, c) ? '' : whole));
  return { id, nome: tidyCase(cleanValue(text)) };
}

/** A short text that is nothing but a mode ("TS", "via foliar", "no sulco de plantio"). */
function modeOnly(text: string, c?: CompiledReference): boolean {
  const mode = normalizeModalidade(text, c);
  if (!mode) return false;
  const rest = key(text)
    .replace(
      /\b(tratamento|trat|de|das?|nas?|nos?|em|via|sementes?|ts|sulco|plantio|semeadura|cobertura|foliar|solo|incorporad[oa]|aplicacao|aplicado|no|ao)\b/g,
      '',
    )
    .trim();
  return rest.length === 0;
}

/* ---------- results tables ---------- */

type Role = 'name' | 'mode' | 'yield' | 'rep' | 'mean' | 'other';

interface Column {
  role: Role;
  x: number;
  right: number;
  header: string;
}

/** What a header cell announces. */
export function headerRole(text: string): Role {
  const raw = fold(text);
  const f = key(text);
  if (/^(media|medias)(\s|$)/.test(f)) return 'mean';
  if (
    /^(bloco|blocos|rep|repeticao|repeticoes|parcela)(\s|$)/.test(f) ||
    /^(r|b|rep)\s?\d{1,2}$/.test(f) ||
    /^(i|ii|iii|iv|v|vi|vii|viii)$/.test(f)
  ) {
    return 'rep';
  }
  if (
    /^(n|no|n o|numero|num|cod|codigo|item|trat|trats|tratamentos?|descricao|produtos?|identificacao|nome)(\s|$)/.test(f) ||
    /^(#|n[º°o]\.?)$/.test(raw.trim())
  ) {
    return 'name';
  }
  if (/(%|relativ|increment|ganho|diferenca|custo|r\$|receita|dose|retorno|roi|lucro|umidade|altura|peso|stand)/.test(raw)) return 'other';
  if (/(modalidade|aplicacao|modo|forma|epoca|via)/.test(f)) return 'mode';
  if (/(produtividade|rendimento|producao|prod|kg ha|sc ha|t ha|sacas|tch|colheita)/.test(f)) return 'yield';
  return 'other';
}

interface Row {
  id: number | null;
  nome: string;
  modeText: string | null;
  value: number | null;
  reps: number[];
  /** Unit written in the yield cell itself ("10.450,3 kg/ha"). */
  cellUnit: YieldUnit | null;
  nameX: number;
}

export interface ResultsTable {
  headerLine: number;
  lastLine: number;
  rows: Row[];
  unit: YieldUnit | null;
  hasModeColumn: boolean;
  hasNames: boolean;
}

function overlap(a: { x: number; right: number }, b: { x: number; right: number }): number {
  return Math.min(a.right, b.right) - Math.max(a.x, b.x);
}

/** The column a data cell belongs to: the most overlapping header, else the nearest one. */
function columnOf(cell: TextCell, columns: Column[]): Column | null {
  let best: Column | null = null;
  let bestScore = -Infinity;
  for (const col of columns) {
    const o = overlap(cell, { x: col.x - 3, right: col.right + 3 });
    const score = o > 0 ? o : -Math.min(Math.abs(cell.x - col.right), Math.abs(cell.right - col.x), Math.abs(cell.x - col.x));
    if (score > bestScore) {
      bestScore = score;
      best = col;
    }
  }
  return bestScore > -40 ? best : null;
}

/**
 * A cell that reaches over two columns (a long name printed close to the next column) is cut
 * back into its pieces, each going to its own column.
 */
function splitAtColumns(cells: TextCell[], columns: Column[]): TextCell[] {
  const out: TextCell[] = [];
  for (const cell of cells) {
    const spanned = columns.filter((c) => overlap(cell, c) > 2);
    if (spanned.length < 2) {
      out.push(cell);
      continue;
    }
    // pdf.js joins runs drawn a space apart into one item: cut its text where a left-aligned
    // text column starts.
    const parts = cell.parts.flatMap((part) => cutAtColumnStarts(part, columns));
    if (parts.length < 2) {
      out.push(cell);
      continue;
    }
    let current: TextCell | null = null;
    let currentCol: Column | null = null;
    for (const part of parts) {
      const col = columnOf({ ...part, parts: [part] }, columns);
      if (current && col === currentCol) {
        current.text = `${current.text} ${part.text}`.trim();
        current.right = part.right;
        current.parts.push(part);
      } else {
        current = { text: part.text, x: part.x, right: part.right, parts: [part] };
        currentCol = col;
        out.push(current);
      }
    }
  }
  return out;
}

/** Approximate advance widths (em) of Helvetica-like fonts, to place words inside an item. */
function charEm(ch: string): number {
  if (/[ijlI.,:;'!|]/.test(ch)) return 0.25;
  if (/[ frt()\-/]/.test(ch)) return 0.32;
  if (/[mwMW]/.test(ch)) return 0.85;
  if (/[A-ZÀ-Ý]/.test(ch)) return 0.68;
  return 0.54;
}

type Part = TextCell['parts'][number];

/**
 * Splits one item at the word boundary nearest to where a text column (name, mode) starts,
 * with character positions estimated and scaled to the item's real width.
 */
function cutAtColumnStarts(part: Part, columns: Column[]): Part[] {
  const starts = columns
    .filter((c) => (c.role === 'mode' || c.role === 'name') && c.x > part.x + 8 && c.x < part.right - 4)
    .map((c) => c.x);
  if (starts.length === 0) return [part];
  const widths = [...part.text].map(charEm);
  const total = widths.reduce((a, b) => a + b, 0) || 1;
  const scale = (part.right - part.x) / total;
  const wordStarts: { index: number; x: number }[] = [];
  let x = part.x;
  [...part.text].forEach((ch, i) => {
    if (i > 0 && part.text[i - 1] === ' ' && ch !== ' ') wordStarts.push({ index: i, x });
    x += (widths[i] ?? 0) * scale;
  });
  const cuts: number[] = [];
  for (const start of starts) {
    const nearest = wordStarts.reduce<{ index: number; x: number } | null>(
      (best, w) => (!best || Math.abs(w.x - start) < Math.abs(best.x - start) ? w : best),
      null,
    );
    if (nearest && Math.abs(nearest.x - start) < 10) cuts.push(nearest.index);
  }
  if (cuts.length === 0) return [part];
  const out: Part[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    const est = wordStarts.find((w) => w.index === cut)?.x ?? part.x;
    out.push({
      text: part.text.slice(from, cut).trim(),
      x: out.length === 0 ? part.x : (out[out.length - 1]?.right ?? part.x),
      right: est - 1,
    });
    from = cut;
  }
  out.push({
    text: part.text.slice(from).trim(),
    x: columns.find((c) => Math.abs(c.x - (wordStarts.find((w) => w.index === from)?.x ?? 0)) < 10)?.x ?? part.x,
    right: part.right,
  });
  return out.filter((p) => p.text);
}

function firstNumber(text: string): number | null {
  // Tukey letters glued to the mean ("3.456a", "148,2ab") are not part of the number.
  const n = findNumbers(text.replace(/(\d)([a-eA-E]{1,4})(?![A-Za-z])/g, '$1 $2'))[0];
  return n ? n.value : null;
}

/** Lines above a header on the same page that caption the table ("Tabela 1. Produtividade (kg/ha)"). */
function captionUnit(lines: TextLine[], headerIndex: number): YieldUnit | null {
  const header = lines[headerIndex];
  for (let i = headerIndex - 1; i >= Math.max(0, headerIndex - 3); i--) {
    const l = lines[i];
    if (!l || !header || l.page !== header.page) break;
    const unit = findYieldUnit(l.text);
    if (unit) return unit;
  }
  return null;
}

export function findResultsTables(lines: TextLine[]): ResultsTable[] {
  const tables: ResultsTable[] = [];
  for (let h = 0; h < lines.length; h++) {
    const header = lines[h];
    if (!header || header.cells.length < 2) continue;
    let columns: Column[] = header.cells.map((c) => ({ role: headerRole(c.text), x: c.x, right: c.right, header: c.text }));
    if (!columns.some((c) => c.role === 'name')) continue;
    // A two-line header: the second line's unit ("(kg/ha)") or words extend the columns above.
    let dataStart = h + 1;
    const next = lines[h + 1];
    if (
      next &&
      next.page === header.page &&
      !/\d{2,}|T\s?\d/.test(next.text.replace(/\(.*?\)/g, '')) &&
      next.cells.every((c) => columns.some((col) => overlap(c, col) > 0))
    ) {
      for (const c of next.cells) {
        const col = columnOf(c, columns);
        if (col) col.header += ` ${c.text}`;
      }
      columns = columns.map((col) => ({ ...col, role: headerRole(col.header) }));
      dataStart = h + 2;
    }
    const yieldCols = columns.filter((c) => c.role === 'yield');
    const repCols = columns.filter((c) => c.role === 'rep');
    const meanCol = columns.find((c) => c.role === 'mean');
    if (yieldCols.length === 0 && !meanCol && repCols.length < 2) continue;

    const table = readRows(lines, h, dataStart, columns);
    if (table && table.rows.length > 0) {
      tables.push(table);
      h = table.lastLine;
    }
  }
  return tables;
}

function readRows(lines: TextLine[], h: number, start: number, columns: Column[]): ResultsTable | null {
  const header = lines[h] as TextLine;
  const nameCols = columns.filter((c) => c.role === 'name');
  const modeCol = columns.find((c) => c.role === 'mode') ?? null;
  const yieldCol = columns.find((c) => c.role === 'yield') ?? null;
  const meanCol = columns.find((c) => c.role === 'mean') ?? null;
  const repCols = columns.filter((c) => c.role === 'rep');
  const tableLeft = Math.min(...columns.map((c) => c.x));
  const tableRight = Math.max(...columns.map((c) => c.right));

  const rows: Row[] = [];
  const rowYs: number[] = [];
  let lastY = header.y;
  let lastLine = h;
  let page = header.page;
  const fontSize = header.fontSize;

  /** A line's text per column, read with the header's geometry. */
  const readCells = (line: TextLine) => {
    const byRole = new Map<Column, string[]>();
    const cellsOf = new Map<Column, TextCell[]>();
    for (const cell of splitAtColumns(line.cells, columns)) {
      const col = columnOf(cell, columns);
      if (!col) continue;
      byRole.set(col, [...(byRole.get(col) ?? []), cell.text]);
      cellsOf.set(col, [...(cellsOf.get(col) ?? []), cell]);
    }
    const textOf = (col: Column | null) => (col ? (byRole.get(col) ?? []).join(' ').trim() : '');
    const reps = repCols.map((c) => firstNumber(textOf(c))).filter((v): v is number => v !== null);
    const value = firstNumber(textOf(yieldCol)) ?? firstNumber(textOf(meanCol));
    return {
      nameParts: nameCols.map((c) => textOf(c)).filter(Boolean),
      nameCell: nameCols.map((c) => cellsOf.get(c)?.[0]).find(Boolean),
      yieldText: textOf(yieldCol),
      meanText: textOf(meanCol),
      modeText: modeCol ? textOf(modeCol) : null,
      reps,
      value,
      hasNumbers: value !== null || reps.length > 0,
    };
  };

  const headerKey = key(header.text);
  /** Page footers ("Página 2 de 5") and short small-print lines at the bottom of a page. */
  const footerLike = (line: TextLine) =>
    /p[aá]g(?:ina)?\.?\s*\d|^\s*\d{1,3}\s*$/i.test(line.text) || (line.fontSize < fontSize - 0.5 && line.text.split(/\s+/).length <= 8);

  /**
   * Where a table broken by a page continues: after the current page's footer, past a running
   * head or a repeated header, the first line that reads as a row with a value. -1 if none.
   */
  const resumeAfterPageBreak = (from: number): number => {
    let j = from;
    while (j < lines.length && (lines[j] as TextLine).page === page) {
      if (!footerLike(lines[j] as TextLine)) return -1;
      j++;
    }
    const nextPage = lines[j]?.page;
    if (nextPage !== page + 1) return -1;
    for (let k = j; k < Math.min(lines.length, j + 5); k++) {
      const line = lines[k] as TextLine;
      if (line.page !== nextPage) return -1;
      if (key(line.text) === headerKey) continue;
      const cells = readCells(line);
      if (!cells.hasNumbers || cells.nameParts.length === 0) continue;
      // A new table with the same columns starts again at T1; a continuation does not.
      const last = rows[rows.length - 1];
      const m = ID_RE.exec(cells.nameParts.join(' '));
      if (m && last?.id !== null && last?.id !== undefined && idOf(m) !== last.id + 1) return -1;
      return k;
    }
    return -1;
  };

  for (let i = start; i < lines.length; i++) {
    const line = lines[i] as TextLine;
    if (line.page !== page || lastY - line.y > Math.max(45, fontSize * 4.5)) {
      const resume = rows.length > 0 ? resumeAfterPageBreak(i) : -1;
      if (resume < 0) break;
      page = (lines[resume] as TextLine).page;
      lastY = (lines[resume] as TextLine).y;
      i = resume - 1;
      continue;
    }
    if (line.fontSize > fontSize + 2.5) break;
    const single = line.cells.length === 1 ? line.cells[0] : undefined;
    // A paragraph after the table: one wide cell of running text, or a sentence.
    if (
      single &&
      single.text.split(' ').length >= 6 &&
      (single.right - single.x > (tableRight - tableLeft) * 0.75 || /[.:]$/.test(single.text))
    )
      break;
    if (rows.length > 0 && Math.abs(line.fontSize - fontSize) > 1.5) break;

    const { nameParts, nameCell, yieldText, meanText, modeText, reps, value, hasNumbers } = readCells(line);

    if (!hasNumbers) {
      // A wrapped treatment name continues under the previous row's name, at the same x and
      // closer than rows are to each other; a sentence after the table is not one.
      const prev = rows[rows.length - 1];
      const part = nameParts[0] ?? '';
      const pitch = rowPitch(rowYs) ?? fontSize * 1.8;
      const wrapped =
        prev &&
        nameCell &&
        nameParts.length === 1 &&
        line.cells.length === 1 &&
        Math.abs(nameCell.x - prev.nameX) < 3 &&
        lastY - line.y < pitch * 0.9 &&
        Math.abs(line.fontSize - fontSize) < 0.5 &&
        !ID_RE.test(part) &&
        !/[:\d]/.test(part) &&
        !/\.$/.test(part);
      if (prev && wrapped) {
        prev.nome = `${prev.nome} ${part}`;
        lastY = line.y;
        lastLine = i;
        continue;
      }
      // Details printed under a row (products, doses, analyses) are skipped, not the end.
      if (rows.length > 0 && nameCell && prev && nameCell.x > prev.nameX + 3) {
        lastY = line.y;
        lastLine = i;
        continue;
      }
      if (rows.length > 0) break;
      continue;
    }

    // Id and name may sit in separate columns ("T1" | "Testemunha") or together ("T1 Testemunha").
    let id: number | null = null;
    const names: string[] = [];
    for (const part of nameParts) {
      const idOnly = /^\s*(?:T\s?-?\s?)?(\d{1,2})\s*[.)]?\s*$/i.exec(part);
      if (idOnly) {
        id ??= Number(idOnly[1]);
        continue;
      }
      const cleaned = ID_RE.exec(part);
      if (cleaned && id === null) id = idOf(cleaned);
      names.push(part);
    }
    const nome = names.join(' ').trim();
    if (!nome && id === null) continue;
    if (nome && isSummaryRow(nome)) continue;
    const cellText = yieldText || meanText;
    rows.push({
      id,
      nome,
      modeText,
      value,
      reps,
      cellUnit: findYieldUnit(cellText),
      nameX: nameCell?.x ?? tableLeft,
    });
    rowYs.push(line.y);
    lastY = line.y;
    lastLine = i;
  }
  if (rows.length === 0) return null;
  // Rows without a T code in a table whose rows have them are totals or notes.
  const withId = rows.filter((r) => r.id !== null).length;
  const kept = withId >= Math.ceil(rows.length * 0.6) && withId >= 2 ? rows.filter((r) => r.id !== null) : rows;

  const headerText = [yieldCol?.header, meanCol?.header, ...repCols.map((c) => c.header)].filter(Boolean).join(' ');
  const unit = findYieldUnit(headerText) ?? findYieldUnit(header.text) ?? captionUnit(lines, h);
  return {
    headerLine: h,
    lastLine,
    rows: kept,
    unit,
    hasModeColumn: modeCol !== null,
    hasNames: kept.some((r) => r.nome),
  };
}

/** The usual distance between consecutive rows (median), once two rows are known. */
function rowPitch(ys: number[]): number | null {
  if (ys.length < 2) return null;
  const deltas = ys
    .slice(1)
    .map((y, i) => (ys[i] ?? y) - y)
    .sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)] ?? null;
}

/* ---------- treatment lists outside the table ---------- */

interface Described {
  id: number | null;
  nome: string;
  mode: Modalidade | null;
  control: boolean;
  /** A yield stated in the description itself ("T1 Testemunha: 3.456 kg/ha"). */
  value: number | null;
  unit: YieldUnit | null;
}

/** A described treatment: name up to the first comma/semicolon, dose left out, mode read. */
function describe(id: number | null, text: string, c: CompiledReference): Described | null {
  const desc = text.replace(/\s+/g, ' ').trim();
  if (!desc) return null;
  const control = isControl(desc);
  const mode = normalizeModalidade(desc, c);
  let nome = desc.replace(/\s*\([^)]*\)/g, '').split(/\s*[,;:]\s+|\s+[-–—]\s+/)[0] ?? desc;
  // "Aminoagro Raiz no sulco de plantio" → "Aminoagro Raiz": drop a trailing mode phrase.
  nome = nome.replace(
    /\s+(?:aplicad[oa]s?\s+)?(?:via|no|na|nas|em|ao)\s+(?:tratamento de sementes?|sementes?|sulco(?: de (?:plantio|semeadura))?|solo|cobertura|foliar)\b.*$/i,
    '',
  );
  nome = nome.replace(/\s+(?:via\s+)?foliar$/i, '');
  // A remark in parentheses ("(sem aplicação)", "(produto concorrente …)") is not the name.
  nome = nome.replace(/\s*\([^)]*\)?/g, '');
  nome = cleanValue(nome.replace(/\d+(?:[.,]\d+)?\s*(?:L|mL|kg|g)\s*(?:\/\s*(?:ha|100\s*kg))?/gi, ''));
  if (!nome || nome.length > 80) return null;
  const unit = findYieldUnit(desc);
  const numberBeforeUnit = unit ? findNumbers(desc).find((n) => findYieldUnit(desc.slice(n.end, n.end + 12)) === unit) : undefined;
  return {
    id,
    nome: nome.charAt(0).toUpperCase() + nome.slice(1),
    mode,
    control,
    value: numberBeforeUnit ? numberBeforeUnit.value : null,
    unit: numberBeforeUnit ? unit : null,
  };
}

/**
 * "T1 – Testemunha (sem aplicação)" in a list of lines or inside a sentence ("T1 – …; T2 – …"),
 * an item possibly wrapped over two lines. An item ends at the next code, at ";" or a full
 * stop, or at a line break followed by a capital (a new sentence or heading).
 */
export function findTreatmentList(lines: TextLine[], skip: Set<number>, c: CompiledReference): Described[] {
  const text = lines
    .filter((_, i) => !skip.has(i))
    .map((l) => l.text.replace(/\t/g, ' '))
    .join('\n');
  const out = new Map<number, Described>();
  const marker = /(?<![A-Za-z0-9])T\s?(\d{1,2})\s*[-–—:=)]\s*/g;
  const marks = [...text.matchAll(marker)];
  marks.forEach((m, k) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = marks[k + 1]?.index ?? text.length;
    let item = text.slice(start, next);
    const stop = item.search(/;|\.(?:\s|$)|\n(?=[A-ZÀ-Ý0-9])/);
    if (stop >= 0) item = item.slice(0, stop);
    item = item.replace(/\s*\n\s*/g, ' ').trim();
    if (item.length < 3) return;
    const id = Number(m[1]);
    const d = describe(id, item, c);
    if (d && !out.has(id)) out.set(id, d);
  });
  return [...out.values()].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/**
 * "Os tratamentos consistiram em: testemunha (sem aplicação); Produto X via foliar; e Produto Y
 * no tratamento de sementes." A list counts when it has two or more items and names a control
 * or a catalogue product, so that "os tratamentos foram aplicados em V4" is not one.
 */
export function findTreatmentSentence(prose: string, c: CompiledReference): Described[] {
  const f = fold(prose);
  const re =
    /tratamentos\s+(?:avaliados\s+|utilizados\s+|testados\s+|empregados\s+)?(?:foram(?:\s+os\s+seguintes)?|consistiram(?:\s+(?:em|de|no|na|nos|nas))?|sao|compreenderam|incluiram)?\s*:\s*|tratamentos\s+(?:avaliados\s+)?(?:foram|consistiram(?:\s+(?:em|de))?)\s+/g;
  for (const m of f.matchAll(re)) {
    const start = (m.index ?? 0) + m[0].length;
    // The sentence ends at a full stop followed by a capital (or the end of the text).
    const rest = prose.slice(start);
    const end = rest.search(/\.\s+(?=[A-ZÀ-Ý0-9])|\.\s*$/);
    const body = end >= 0 ? rest.slice(0, end) : rest.slice(0, 600);
    const items = (body.includes(';') ? body.split(/\s*;\s*/) : body.split(/\s*,\s*|\s+e\s+/))
      .map((s) => s.replace(/^(?:e|and)\s+/i, '').trim())
      .filter(Boolean);
    if (items.length < 2) continue;
    const described = items.map((item) => describe(null, item, c)).filter((d): d is Described => d !== null);
    const namesProduct = described.some((d) => c.allProducts.some((p) => ((p.re.lastIndex = 0), p.re.test(fold(d.nome)))));
    if (described.length >= 2 && (described.some((d) => d.control) || namesProduct)) return described;
  }
  return [];
}

/* ---------- assembling ---------- */

/** Typical yields (kg/ha) used only to guess a unit the report left out. */
const TYPICAL_KG_HA: Record<string, [number, number]> = {
  soja: [1500, 7000],
  milho: [3000, 16000],
  algodao: [1500, 7000],
  feijao: [800, 5000],
  trigo: [1000, 7000],
  arroz: [3000, 12000],
  'cana de acucar': [40000, 200000],
  cafe: [600, 6000],
  uva: [5000, 60000],
  manga: [5000, 50000],
  batata: [10000, 70000],
  banana: [10000, 70000],
};

function guessUnit(values: number[], cultura: string | null): YieldUnit | null {
  if (values.length === 0) return null;
  const typical = cultura ? TYPICAL_KG_HA[key(cultura)] : undefined;
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const candidates: YieldUnit[] = ['kg/ha', 'sc/ha', 't/ha'];
  if (typical) {
    const fit = candidates.find((u) => {
      const v = median * YIELD_FACTORS[u];
      return v >= typical[0] && v <= typical[1];
    });
    if (fit) return fit;
  }
  // Without a crop: hundreds to thousands are kg/ha; tens are sacks for grains.
  if (median >= 500) return 'kg/ha';
  if (median >= 15 && median < 500) return 'sc/ha';
  return null;
}

export function extractTreatments(lines: TextLine[], prose: string, c: CompiledReference, cultura: string | null): TreatmentsResult {
  const warnings: string[] = [];
  const tables = findResultsTables(lines);
  // The results table: the one with most rows that have a value, preferring stated yield units.
  const table = [...tables].sort((a, b) => b.rows.length + (b.unit ? 0.5 : 0) - (a.rows.length + (a.unit ? 0.5 : 0)))[0] ?? null;
  const skip = new Set<number>();
  if (table) for (let i = table.headerLine; i <= table.lastLine; i++) skip.add(i);
  const list = findTreatmentList(lines, skip, c);
  const sentence = list.length === 0 ? findTreatmentSentence(prose, c) : [];

  let confidence = 0.95;
  let tratamentos: ExtractedTreatment[] = [];
  let unit: YieldUnit | null = null;

  if (table) {
    const rawValues = table.rows.flatMap((r) => (r.reps.length > 0 ? r.reps : r.value !== null ? [r.value] : []));
    unit = table.unit ?? table.rows.find((r) => r.cellUnit)?.cellUnit ?? null;
    if (!unit) {
      unit = guessUnit(rawValues, cultura);
      if (unit) {
        warnings.push(`Unidade de produtividade não informada na tabela; valores interpretados como ${unit}. Confira.`);
        confidence -= 0.25;
      } else {
        warnings.push('Unidade de produtividade não identificada; valores mantidos como estão. Confira.');
        unit = 'kg/ha';
        confidence -= 0.4;
      }
    }
    const byId = new Map(list.filter((d) => d.id !== null).map((d) => [d.id as number, d]));
    const useSentenceByOrder = !table.hasNames && sentence.length === table.rows.length;
    tratamentos = table.rows.map((row, index) => {
      const factor = YIELD_FACTORS[row.cellUnit ?? unit ?? 'kg/ha'];
      const described =
        (row.id !== null ? byId.get(row.id) : undefined) ?? (useSentenceByOrder ? sentence[index] : matchByName(row.nome, sentence));
      const cleaned = cleanTreatmentName(row.nome, c);
      let nome = cleaned.nome || described?.nome || (row.id !== null ? `T${row.id}` : `Tratamento ${index + 1}`);
      if (!cleaned.nome && !described) confidence -= 0.1;
      // The mode column when there is one ("-" there means none, as for a control); otherwise
      // a mode written with the name, or the one the treatment list gives.
      let modalidade: string;
      if (row.modeText !== null) modalidade = isBlankCell(row.modeText) ? '' : (normalizeModalidade(row.modeText, c) ?? '');
      else modalidade = normalizeModalidade(row.nome, c) ?? described?.mode ?? '';
      nome = nome.replace(/\s+/g, ' ').trim();
      const t: ExtractedTreatment = { nome, modalidade };
      if (row.reps.length >= 2) {
        t.repeticoes = row.reps.map((v) => round(v * factor, 3));
        t.produtividade = round(t.repeticoes.reduce((s, v) => s + v, 0) / t.repeticoes.length, 3);
      } else if (row.value !== null) {
        t.produtividade = round(row.value * factor, 3);
      }
      return t;
    });
  } else if (list.length > 0) {
    // No results table: the list itself, with any yields it states.
    tratamentos = list.map((d) => {
      const t: ExtractedTreatment = { nome: d.nome, modalidade: d.mode ?? '' };
      if (d.value !== null) t.produtividade = round(d.value * YIELD_FACTORS[d.unit ?? 'kg/ha'], 3);
      return t;
    });
    unit = list.find((d) => d.unit)?.unit ?? null;
    confidence = 0.7;
  } else if (sentence.length > 0) {
    tratamentos = sentence.map((d) => ({ nome: d.nome, modalidade: d.mode ?? '' }));
    confidence = 0.5;
  }

  // The control goes first, as the form and the comparisons expect.
  const controlAt = tratamentos.findIndex((t) => isControl(t.nome));
  if (controlAt > 0) tratamentos.unshift(...tratamentos.splice(controlAt, 1));

  const withYield = tratamentos.filter((t) => t.produtividade !== undefined).length;
  if (tratamentos.length === 0) confidence = 0;
  else {
    confidence *= withYield / tratamentos.length;
    if (withYield < tratamentos.length) warnings.push('Alguns tratamentos estão sem produtividade. Confira a tabela de resultados.');
    if (tratamentos.length < 2) confidence *= 0.7;
    const implausible = tratamentos.some((t) => t.produtividade !== undefined && (t.produtividade < 50 || t.produtividade > 250_000));
    if (implausible) {
      warnings.push('Há produtividades fora da faixa esperada. Confira as unidades.');
      confidence *= 0.6;
    }
  }
  return { tratamentos, confidence: Math.max(0, Math.min(1, confidence)), warnings, unit };
}

function matchByName(name: string, described: Described[]): Described | undefined {
  if (!name || described.length === 0) return undefined;
  const k = key(name.replace(/\([^)]*\)/g, ''));
  if (!k) return undefined;
  return described.find((d) => {
    const dk = key(d.nome.replace(/\([^)]*\)/g, ''));
    return dk === k || (dk.length >= 4 && (k.includes(dk) || dk.includes(k)));
  });
}
