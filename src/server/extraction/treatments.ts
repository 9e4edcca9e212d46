/**
 * Treatments of a report, read from wherever the report puts them: a results table (its header
 * over one to three rows, its columns found by x-alignment, possibly continued on the next page),
 * cards under T-codes, labels of a bar chart, or sentences of the results; completed by the
 * treatment descriptions of the methods section (a list, a table with a mode column, a sentence)
 * joined by T-code, number, name or order.
 */
import type { ExtractedAssessment, ExtractedProduct } from '../../shared/extraction.js';
import { type AssessmentHeader, keyAssessments, readAssessmentHeader } from './assessments.js';
import { findBoxMass, findNumbers, findYieldScale, round, YIELD_FACTORS, type YieldScale, type YieldUnit } from './numbers.js';
import type { TextCell, TextLine } from './pdf-text.js';
import type { CompiledReference } from './reference.js';
import {
  buildHeader,
  cellsInSpan,
  type Column,
  columnOf,
  isDataCell,
  isRowCode,
  rowCodeId,
  isRunningLine,
  runningLineKeys,
  overlap,
  type Span,
  splitAtColumns,
} from './tables.js';
import {
  findBarLabels,
  findCards,
  findColumnBars,
  findDescriptionTables,
  findProseTreatments,
  findProseYields,
  findTreatmentList,
  findTransposedTable,
  findTreatmentSentence,
  type Stated,
} from './treatment-sources.js';
import {
  cleanTreatmentName,
  type Described,
  descriptionText,
  ID_RE,
  idOf,
  isControl,
  isSummaryRow,
  type Modalidade,
  modesNamedIn,
  normalizeModalidade,
} from './treatment-text.js';
import { headerDoseUnit, withHeaderUnit } from './applied-products.js';
import { escapeRegExp, fold, isBlankCell, key } from './text.js';

/** The description a treatment was joined with (its text names its products and doses). */
const joined = new WeakMap<ExtractedTreatment, string>();

/** The text of the description (methods list, table row, sentence) a treatment was joined with. */
export const describedBy = (t: { nome: string }): string | undefined => joined.get(t as ExtractedTreatment);

/** What a results table's dose column says for a treatment ("0,2 L/100 kg", "0,5 + 1,0"), with the header's unit. */
const dosed = new WeakMap<ExtractedTreatment, string>();

/** The text of a treatment's cell in its results table's dose column, if the table has one. */
export const doseColumnOf = (t: { nome: string }): string | undefined => dosed.get(t as ExtractedTreatment);

function remember(t: ExtractedTreatment, desc: Described | undefined): ExtractedTreatment {
  const text = desc ? descriptionText(desc) : undefined;
  if (text) joined.set(t, text);
  return t;
}

export { cleanTreatmentName, isControl, normalizeModalidade, stripProducts, type Modalidade } from './treatment-text.js';
export { findTreatmentList, findTreatmentSentence } from './treatment-sources.js';

export interface ExtractedTreatment {
  nome: string;
  /** One of MODALIDADES, or '' when the report does not say (a control without application). */
  modalidade: string;
  /** What the treatment applied (applied-products.ts fills it after the treatments are read). */
  produtos_aplicados?: ExtractedProduct[];
  /** kg/ha; the mean of `repeticoes` when the report gives yields per block. */
  produtividade?: number;
  /** Yield of each block/replicate, kg/ha. */
  repeticoes?: number[];
  /** The treatment's mean per assessment key of the result's `avaliacoes` (one value: reports give means). */
  observacoes?: Record<string, (number | null)[]>;
}

export interface TreatmentsResult {
  tratamentos: ExtractedTreatment[];
  /** 0–1: how sure the table reading is (units stated, every row with a yield…). */
  confidence: number;
  warnings: string[];
  /** The crop-independent unit found, for callers that check plausibility. */
  unit: YieldUnit | null;
  /** Where the yields (or, without yields, the treatments) were read: a table's header line or a sentence. */
  evidence?: { page: number; snippet: string };
  /** Assessments the results table reports beside the yield; each treatment's `observacoes` holds its means. */
  avaliacoes?: ExtractedAssessment[];
  /** Where the assessments were read: the header of the results table holding their columns. */
  assessmentsEvidence?: { page: number; snippet: string };
}

const snippetOf = (text: string) => text.replace(/\t/g, '  ').replace(/\s+/g, ' ').trim().slice(0, 160);

/* ---------- results tables ---------- */

type Role = 'name' | 'mode' | 'dose' | 'yield' | 'rep' | 'mean' | 'assessment' | 'other';

interface RoleColumn extends Column {
  role: Role;
  /** What an assessment column's header says (name, unit, type, stage). */
  assessment?: AssessmentHeader;
}

/** What a header announces (the texts of all its rows joined). */
export function headerRole(text: string): Role {
  const raw = fold(text);
  const f = key(text);
  // Per plot ("kg/parcela", "kg/parc.") is the harvest before it is scaled to a hectare.
  if (/kg\s*\/\s*parc|por parcela/.test(raw)) return 'other';
  // Something rated per plot beside the yield ("Severidade (%) 14 DAA", "Nº vagens/planta"): before
  // the name rule, which would take a count's "Nº" for a row code.
  if (readAssessmentHeader(text)) return 'assessment';
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
  // The products' doses ("Dose", "Doses (L/ha)", "Dose p.c."), not a dose's cost or response.
  if (/^doses?(\s|$)/.test(f) && !/(custo|r\$|resposta)/.test(raw)) return 'dose';
  if (
    /(relativ|increment|ganho|diferenca|custo|r\$|receita|dose|retorno|roi|lucro|altura|peso|stand|tukey|grupo|letras|teste|scott|duncan|massa de mil)/.test(
      raw,
    )
  )
    return 'other';
  // A percentage or a moisture is another measure, unless a yield unit says what the column
  // holds ("Produtiv. 13% (kg/ha)", "Produtividade a 13 % de umidade (sc/ha)").
  if (/(%|umidade)/.test(raw) && !findYieldScale(text)) return 'other';
  if (/(modalidade|aplicacao|modo|forma|via)/.test(f)) return 'mode';
  if (findYieldScale(text) || /(produtividade|rendimento|producao|prod|caroco|kg ha|sc ha|t ha|sacas|tch|colheita|caixas)/.test(f))
    return 'yield';
  return 'other';
}

/** ANOVA tables (GL, SQ, QM, F) hold sums of squares, not yields. */
function isAnovaHeader(columns: Column[]): boolean {
  const keys = new Set(columns.map((c) => key(c.header)));
  return ['gl', 'sq', 'qm', 'fc', 'f'].filter((k) => keys.has(k)).length >= 2 || [...keys].some((k) => /fonte de variacao|^fv$/.test(k));
}

/**
 * The yield column among several: kg/ha before other units (a sc/ha column beside it is the
 * same yield converted), the main product before lint or sugar, then the leftmost.
 */
function mainYieldColumn(columns: RoleColumn[]): RoleColumn | null {
  const score = (c: RoleColumn) =>
    (findYieldScale(c.header)?.label === 'kg/ha' ? 2 : 0) +
    (findYieldScale(c.header) ? 1 : 0) -
    (/(pluma|fibra|acucar|tah)/.test(fold(c.header)) ? 4 : 0);
  const yields = columns.filter((c) => c.role === 'yield');
  return yields.reduce<RoleColumn | null>((best, c) => (!best || score(c) > score(best) ? c : best), null);
}

interface Row {
  id: number | null;
  nome: string;
  modeText: string | null;
  /** The dose column's cell, with the header's unit when the cell states none. */
  doseText: string | null;
  value: number | null;
  reps: number[];
  /** Unit written in the yield cell itself ("10.450,3 kg/ha"). */
  cellUnit: YieldScale | null;
  nameX: number;
  /** The row's cell in each assessment column, in the table's order (null: empty or not a number). */
  assessed: (number | null)[];
  /** The row's values sit on a line without its name (a name cell centred over several lines). */
  centred: boolean;
  /** Where the name's text starts after a row code in the same cell ("5 Produto A"), estimated. */
  textX: number | null;
}

/** The x where a cell's text starts after its leading row code, by the share of characters. */
function textAfterCode(cell: TextCell): number | null {
  const code = /^(?:T\s?)?\d{1,2}[.)–-]?\s+/i.exec(cell.text);
  if (!code || cell.text.length === 0) return null;
  return cell.x + ((cell.right - cell.x) * code[0].length) / cell.text.length;
}

export interface ResultsTable {
  headerLine: number;
  lastLine: number;
  rows: Row[];
  /** The table gives yields (a yield, mean or block column); otherwise it is read for its assessments only. */
  yields: boolean;
  /** The assessment columns' headers read, in the order of each row's `assessed`. */
  assessments: { header: string; assessment: AssessmentHeader }[];
  unit: YieldScale | null;
  hasModeColumn: boolean;
  hasNames: boolean;
  page: number;
  snippet: string;
}

function firstNumber(text: string): number | null {
  // Tukey letters glued to the mean ("3.456a", "148,2ab") are not part of the number.
  const n = findNumbers(text.replace(/(\d)([a-eA-E]{1,4})(?![A-Za-z])/g, '$1 $2'))[0];
  return n ? n.value : null;
}

/** Lines above a header on the same page that caption the table ("Tabela 1. Produtividade (kg/ha)"). */
function captionUnit(lines: TextLine[], headerIndex: number): YieldScale | null {
  const header = lines[headerIndex];
  for (let i = headerIndex - 1; i >= Math.max(0, headerIndex - 3); i--) {
    const l = lines[i];
    if (!l || !header || l.page !== header.page) break;
    const unit = findYieldScale(l.text);
    if (unit) return unit;
  }
  return null;
}

/** Where a header line's table starts: its first code or name cell. */
function nameCellOf(line: TextLine): TextCell | undefined {
  // A header's name cell may stand alone on its baseline (other labels sit a little higher or lower).
  return line.cells.find((c) => c.text.length <= 40 && headerRole(c.text) === 'name');
}

export function findResultsTables(lines: TextLine[]): ResultsTable[] {
  const tables: ResultsTable[] = [];
  const running = runningLineKeys(lines);
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] as TextLine;
    const nameCell = nameCellOf(line);
    if (!nameCell) continue;
    const header = buildHeader(lines, h, nameCell);
    if (header.columns.length < 2 || isAnovaHeader(header.columns)) continue;
    // A block's column under a merged "Produtividade (sc/ha)" ends with its block ("… Rep. III").
    const blockUnderYield = (h: string) => /(?:^|\s)(?:rep|r|bloco|repeticao|b)\.?\s*(?:[ivx]{1,4}|\d{1,2})$/.test(fold(h).trim());
    const columns: RoleColumn[] = header.columns.map((c) => {
      const role = headerRole(c.header);
      const assessment = role === 'assessment' ? readAssessmentHeader(c.header) : null;
      return { ...c, role: role === 'yield' && blockUnderYield(c.header) ? 'rep' : role, ...(assessment ? { assessment } : {}) };
    });
    // Only the main yield column stays one; other yields (sc/ha beside kg/ha, lint) are other.
    const main = mainYieldColumn(columns);
    for (const c of columns) if (c.role === 'yield' && c !== main) c.role = 'other';
    const repCols = columns.filter((c) => c.role === 'rep');
    // Without yields, a table of assessments only ("Severidade (%) 7 DAA | 14 DAA"), read for those.
    if (!main && !columns.some((c) => c.role === 'mean') && repCols.length < 2 && !columns.some((c) => c.role === 'assessment')) continue;
    if (!columns.some((c) => c.role === 'name')) continue;
    const table = readRows(lines, header.first, header.last, columns, header.span, running);
    if (table && table.rows.length > 0) {
      tables.push(table);
      h = Math.max(h, table.lastLine);
    }
  }
  return tables;
}

function readRows(
  lines: TextLine[],
  first: number,
  last: number,
  columns: RoleColumn[],
  headerSpan: Span,
  running: Set<string>,
): ResultsTable | null {
  // Rows may start left of the header's first cell ("T1 – Testemunha" under a centred
  // "Tratamento"): the span widens to the rows' first cells as they are read.
  const span = { ...headerSpan };
  const header = lines[last] as TextLine;
  const nameCols = columns.filter((c) => c.role === 'name');
  const modeCol = columns.find((c) => c.role === 'mode') ?? null;
  const doseCol = columns.find((c) => c.role === 'dose') ?? null;
  const doseUnit = doseCol ? headerDoseUnit(doseCol.header) : '';
  const yieldCol = columns.find((c) => c.role === 'yield') ?? null;
  const meanCol = columns.find((c) => c.role === 'mean') ?? null;
  const repCols = columns.filter((c) => c.role === 'rep');
  const assessedCols = columns.filter((c) => c.role === 'assessment' && c.assessment);
  const yields = yieldCol !== null || meanCol !== null || repCols.length >= 2;
  const textCols = columns.filter((c) => c.role === 'mode' || c.role === 'name');
  /** A row code; beside a separate name column, a capital letter alone is one too ("A", "B"). */
  const isCode = (part: string) => isRowCode(part) || (nameCols.length > 1 && /^[A-Z]$/.test(part.trim()));
  const tableLeft = Math.min(...columns.map((c) => c.x));
  const tableRight = Math.max(...columns.map((c) => c.right));

  const rows: Row[] = [];
  const rowYs: number[] = [];
  let lastY = header.y;
  let lastLine = last;
  let page = header.page;
  /** The page of the last row read. */
  let rowPage = page;
  const fontSize = header.fontSize;

  /**
   * The column of a cell. A word that overlaps no header lies in a gap: after a text column
   * (names and modes are left-aligned and run past their header) and before the next header
   * starts, it is that text column's.
   */
  const cellColumn = (cell: TextCell): RoleColumn | null => {
    const col = columnOf(cell, columns);
    if (!col || isDataCell(cell.text) || overlap(cell, { x: col.x - 3, right: col.right + 3 }) > 0) return col;
    const text = textCols.filter((c) => c.x <= cell.x + 1).sort((a, b) => b.x - a.x)[0];
    if (text && !columns.some((c) => c.x > text.x && c.x < cell.right)) return text;
    return col;
  };
  /** A line's text per column, read with the header's geometry. */
  const readCells = (cells: TextCell[]) => {
    const byCol = new Map<Column, string[]>();
    const cellsOf = new Map<Column, TextCell[]>();
    for (const cell of splitAtColumns(cells, columns, textCols)) {
      const col = cellColumn(cell);
      if (!col) continue;
      byCol.set(col, [...(byCol.get(col) ?? []), cell.text]);
      cellsOf.set(col, [...(cellsOf.get(col) ?? []), cell]);
    }
    const textOf = (col: Column | null) => (col ? (byCol.get(col) ?? []).join(' ').trim() : '');
    const reps = repCols.map((c) => firstNumber(textOf(c))).filter((v): v is number => v !== null);
    const value = firstNumber(textOf(yieldCol)) ?? firstNumber(textOf(meanCol));
    return {
      nameParts: nameCols.map((c) => textOf(c)).filter(Boolean),
      nameCell: nameCols.map((c) => cellsOf.get(c)?.[0]).find(Boolean),
      yieldText: textOf(yieldCol),
      meanText: textOf(meanCol),
      modeText: modeCol ? textOf(modeCol) : null,
      doseText: doseCol ? withHeaderUnit(textOf(doseCol), doseUnit) : null,
      reps,
      value,
      // A dash or a blank is no value (the control's "% Controle"); test letters after a mean are dropped.
      assessed: assessedCols.map((c) => firstNumber(textOf(c))),
      hasNumbers: value !== null || reps.length > 0 || (!yields && assessedCols.some((c) => firstNumber(textOf(c)) !== null)),
    };
  };

  const headerKeys = new Set(lines.slice(first, last + 1).map((l) => key(l.text)));
  /** Page footers ("Página 2 de 5"), running lines and short small print at the bottom of a page. */
  const footerLike = (line: TextLine) =>
    isRunningLine(line, running) ||
    /p[aá]g(?:ina)?\.?\s*\d|^\s*\d{1,3}\s*$/i.test(line.text) ||
    (line.fontSize < fontSize - 0.5 && (line.text.split(/\s+/).length <= 8 || line.y < 60)) ||
    line.y < 40;

  /**
   * Where a table broken by a page continues: after the current page's footer, past running
   * heads and a repeated header, the first line that reads as a row with a value and, when the
   * rows have codes, the next code. -1 if none.
   */
  const resumeAfterPageBreak = (from: number): number => {
    let j = from;
    while (j < lines.length && (lines[j] as TextLine).page === page) {
      if (!footerLike(lines[j] as TextLine)) return -1;
      j++;
    }
    const nextPage = lines[j]?.page;
    if (nextPage !== page + 1) return -1;
    for (let k = j; k < Math.min(lines.length, j + 8); k++) {
      const line = lines[k] as TextLine;
      if (line.page !== nextPage) return -1;
      if (headerKeys.has(key(line.text)) || isRunningLine(line, running)) continue;
      const cells = readCells(cellsInSpan(line, span));
      if (!cells.hasNumbers || cells.nameParts.length === 0) continue;
      // A new table with the same columns starts again at T1; a continuation does not.
      const prev = rows[rows.length - 1];
      const m = ID_RE.exec(cells.nameParts.join(' '));
      if (prev?.id !== null && prev?.id !== undefined && (!m || idOf(m) !== prev.id + 1)) return -1;
      // A name centred on its row starts on the short name-only line just above the values.
      const above = lines[k - 1];
      if (
        k - 1 > j &&
        above &&
        above.page === nextPage &&
        above.y - line.y < fontSize * 2.2 &&
        !headerKeys.has(key(above.text)) &&
        !isRunningLine(above, running)
      ) {
        const top = readCells(cellsInSpan(above, span));
        if (!top.hasNumbers && top.nameParts.length > 0 && !top.nameParts.some((p) => ID_RE.test(p))) return k - 1;
      }
      return k;
    }
    return -1;
  };

  /** Name and mode lines read above a row whose values are still to come (centred cells). */
  let pending: { names: string[]; mode: string[]; x: number | null } = { names: [], mode: [], x: null };
  /**
   * The y of the line of values a text line at `from` is the top of: the next line with values
   * and no name of its own (a row code aside), a little below, past only short text lines.
   */
  const centredRowBelow = (from: number, pitch: number, named = false): number | null => {
    const start = lines[from] as TextLine;
    for (let j = from + 1; j < lines.length; j++) {
      const l = lines[j] as TextLine;
      if (l.page !== start.page || start.y - l.y > Math.max(pitch, fontSize * 2.2) * 1.1) return null;
      const cells = cellsInSpan(l, span);
      if (cells.length === 0) continue;
      const read = readCells(cells);
      if (read.hasNumbers) return named || read.nameParts.every(isCode) ? l.y : null;
      if (cells.some((cell) => cell.text.split(/\s+/).length > 8)) return null;
    }
    return null;
  };

  for (let i = last + 1; i < lines.length; i++) {
    const line = lines[i] as TextLine;
    if (line.page !== page || lastY - line.y > Math.max(45, fontSize * 4.5)) {
      const resume = rows.length > 0 ? resumeAfterPageBreak(i) : -1;
      if (resume < 0) break;
      page = (lines[resume] as TextLine).page;
      lastY = (lines[resume] as TextLine).y;
      i = resume - 1;
      continue;
    }
    const cells = cellsInSpan(line, span);
    // A line of the neighbouring text column only: not the table's business.
    if (cells.length === 0) continue;
    const whole = cells.length === line.cells.length;
    if (whole && line.fontSize > fontSize + 2.5) break;
    const single = cells.length === 1 ? cells[0] : undefined;
    // A paragraph after the table: one wide cell of running text, or a sentence.
    if (
      single &&
      single.text.split(' ').length >= 6 &&
      (single.right - single.x > (tableRight - tableLeft) * 0.75 || /[.:]$/.test(single.text))
    )
      break;
    if (whole && rows.length > 0 && Math.abs(line.fontSize - fontSize) > 1.5) break;

    const { nameParts, nameCell, yieldText, meanText, modeText, doseText, reps, value, assessed, hasNumbers } = readCells(cells);

    if (!hasNumbers) {
      // Only side columns' text (a dose wrapped around its row, a note under a gain): no end of the table.
      if (rows.length > 0 && nameParts.length === 0 && !modeText && lastY - line.y < fontSize * 3) {
        lastY = line.y;
        continue;
      }
      const prev = rows[rows.length - 1];
      const part = nameParts[0] ?? '';
      const pitch = rowPitch(rowYs) ?? fontSize * 1.8;
      const short = cells.every((cell) => cell.text.split(/\s+/).length <= 8 && !/[.:]$/.test(cell.text));
      // Cells centred vertically: a name wrapped over lines stands above and below its row's
      // values, which sit on a line without a name. A short text line nearer to such a line
      // of values than to the previous row is the top of the next row.
      // A mode alone (wrapped around its row's line of values) may stand above a row with its own name.
      const next = short && (nameParts.length > 0 || modeText) ? centredRowBelow(i, pitch, nameParts.length === 0) : null;
      // Rows of an earlier page are no measure of the distance to this one's.
      const prevY = rowPage === page ? rowYs[rowYs.length - 1] : undefined;
      if (next !== null && (prevY === undefined || prevY - line.y > line.y - next)) {
        pending.names.push(...nameParts);
        if (modeText) pending.mode.push(modeText);
        pending.x ??= nameCell?.x ?? null;
        lastY = line.y;
        lastLine = i;
        continue;
      }
      // A wrapped treatment name continues under the previous row's name, at the same x and
      // closer than rows are to each other; a sentence after the table is not one. Under a
      // centred row, every short cell of the line continues its name or its mode.
      // The name may continue under its text rather than under the row's code ("5 Produto A +"
      // then "Produto B" under "Produto"), and side cells (a wrapped dose) may share the line
      // when it is clearly nearer than the next row would be.
      const gap = lastY - line.y;
      const near = gap < pitch * 0.9;
      const wrapped =
        prev &&
        nameCell &&
        nameParts.length === 1 &&
        (cells.length === 1 || ((prev.centred || near) && short)) &&
        (Math.abs(nameCell.x - prev.nameX) < 3 || (prev.textX !== null && Math.abs(nameCell.x - prev.textX) < 4)) &&
        gap < pitch * 0.98 &&
        !ID_RE.test(part) &&
        (prev.centred ? !/:/.test(part) : !/:/.test(part) && (!/\d/.test(part) || (cells.length === 1 && near))) &&
        !/\.$/.test(part);
      if (prev && wrapped) {
        prev.nome = `${prev.nome} ${part}`;
        if (prev.centred && modeText) prev.modeText = `${prev.modeText ?? ''} ${modeText}`.trim();
        lastY = line.y;
        lastLine = i;
        continue;
      }
      // A wrapped mode under the row's mode cell.
      if (prev && modeCol && modeText && nameParts.length === 0 && lastY - line.y < pitch * 0.9) {
        prev.modeText = `${prev.modeText ?? ''} ${modeText}`.trim();
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
    const ownName = nameParts.some((part) => !isCode(part));
    const above = pending;
    pending = { names: [], mode: [], x: null };
    const centred = above.names.length > 0 && !ownName;
    for (const part of centred ? [...above.names, ...nameParts] : nameParts) {
      if (isCode(part)) {
        id ??= rowCodeId(part);
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
    const modeParts = centred ? [...above.mode, modeText ?? ''].filter(Boolean) : [];
    rows.push({
      id,
      nome,
      modeText: centred && modeCol ? modeParts.join(' ') : [...above.mode, modeText ?? ''].filter(Boolean).join(' ') || modeText,
      doseText: doseText && !isBlankCell(doseText) ? doseText : null,
      value,
      reps,
      assessed,
      cellUnit: findYieldScale(cellText),
      nameX: (centred ? above.x : null) ?? nameCell?.x ?? tableLeft,
      textX: centred || !nameCell ? null : textAfterCode(nameCell),
      centred,
    });
    if (nameCell) span.left = Math.min(span.left, nameCell.x - 3);
    rowYs.push(line.y);
    rowPage = page;
    lastY = line.y;
    lastLine = i;
  }
  if (rows.length === 0) return null;
  numberRows(rows);
  // Rows without a T code in a table whose rows have them are totals or notes.
  const withId = rows.filter((r) => r.id !== null).length;
  const kept = withId >= Math.ceil(rows.length * 0.6) && withId >= 2 ? rows.filter((r) => r.id !== null) : rows;

  const headerText = [yieldCol?.header, meanCol?.header, ...repCols.map((c) => c.header)].filter(Boolean).join(' ');
  const headerLines = lines.slice(first, last + 1).map((l) => l.text);
  // The header's footnote, when it states a unit, is more specific than the header ("sc/ha¹" with
  // "¹ sacas de 50 kg por hectare").
  const headed = findYieldScale(headerText);
  const noted = footnoteUnit(lines, yieldCol?.header ?? meanCol?.header ?? '', last);
  let unit =
    (noted && (!headed || (headed.label === 'sc/ha' && noted.label === 'sc/ha')) ? noted : headed) ??
    (yieldCol ? null : findYieldScale(headerLines.join(' '))) ??
    captionUnit(lines, first) ??
    notesUnit(lines, lastLine, page);
  // A box's mass may be stated in the caption or a note rather than the header.
  if (unit && unit.factor === null) {
    const around = lines.slice(Math.max(0, first - 3), Math.min(lines.length, lastLine + 4)).map((l) => l.text);
    const mass = findBoxMass(around.join(' '));
    if (mass) unit = { ...unit, factor: mass };
  }
  return {
    headerLine: first,
    lastLine,
    rows: kept,
    yields,
    assessments: assessedCols.map((c) => ({ header: c.header, assessment: c.assessment as AssessmentHeader })),
    unit,
    hasModeColumn: modeCol !== null,
    hasNames: kept.some((r) => r.nome),
    page: (lines[first] as TextLine).page,
    snippet: snippetOf(headerLines.join(' ')),
  };
}

/**
 * Rows numbered without a separator ("1 Testemunha", "2 Produto X"): when every row starts with
 * the next number, the numbers are row codes, not part of the names.
 */
function numberRows(rows: Row[]): void {
  const leading = rows.map((r) => (r.id === null ? /^(\d{1,2})\s+(?=[A-Za-zÀ-ÿ])/.exec(r.nome) : null));
  if (rows.length < 2 || leading.some((m) => !m)) return;
  const numbers = leading.map((m) => Number(m?.[1]));
  if (numbers.some((n, i) => i > 0 && n !== (numbers[i - 1] ?? 0) + 1)) return;
  rows.forEach((r, i) => {
    r.id = numbers[i] ?? null;
    r.nome = r.nome.slice(leading[i]?.[0].length ?? 0);
  });
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A yield header with a footnote mark ("Produtividade de grãos¹", "Caroço 2", "Média*") takes
 * the unit its footnote states ("¹ Produtividade em kg ha⁻¹…", "2 Arrobas (15 kg) por hectare"),
 * found below the table on its page or the next.
 */
function footnoteUnit(lines: TextLine[], header: string, from: number): YieldScale | null {
  const mark = /(?:\s|[^\s\d])([¹²³⁴⁵⁶⁷⁸⁹]|\d|\*{1,3}|[†‡])$/.exec(header.trim())?.[1];
  if (!mark) return null;
  const plain = mark.replace(/[¹²³⁴⁵⁶⁷⁸⁹]/g, (d) => String(SUPERSCRIPT_DIGITS.indexOf(d)));
  const marks = new Set([mark, plain, plain.replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)] ?? d)]);
  const page = (lines[from] as TextLine).page;
  for (let i = from + 1; i < lines.length; i++) {
    const l = lines[i] as TextLine;
    if (l.page > page + 1) break;
    const first = l.cells[0]?.text.trim() ?? '';
    const opens = [...marks].some((m) => first === m || (first.startsWith(m) && /^[\s(]*[A-Za-zÀ-ÿ]/.test(first.slice(m.length))));
    if (!opens) continue;
    const unit = findYieldScale(l.text);
    if (unit) return unit;
  }
  return null;
}

/** A note right under a table may state the unit ("Sacas de 60 kg por hectare, 13 % de umidade"). */
function notesUnit(lines: TextLine[], lastLine: number, page: number): YieldScale | null {
  for (let i = lastLine + 1; i <= lastLine + 2 && i < lines.length; i++) {
    const l = lines[i] as TextLine;
    if (l.page !== page) break;
    const unit = findYieldScale(l.text);
    if (unit) return unit;
  }
  return null;
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

/** The description of a result row: same code, else same name, else same place when counts agree. */
function joinDescription(
  row: { id: number | null; nome: string },
  index: number,
  count: number,
  described: Described[],
  used: Set<Described>,
): Described | undefined {
  const free = described.filter((d) => !used.has(d));
  const byId = row.id !== null ? free.find((d) => d.id === row.id) : undefined;
  const found = byId ?? matchByName(row.nome, free) ?? (described.length === count ? described[index] : undefined);
  if (found) used.add(found);
  return found;
}

function matchByName(name: string, described: Described[]): Described | undefined {
  if (!name || described.length === 0) return undefined;
  const k = key(cleanTreatmentName(name).nome.replace(/\([^)]*\)/g, ''));
  if (!k) return undefined;
  const control = isControl(name);
  return (
    described.find((d) => key(d.nome) === k) ??
    described.find((d) => {
      const dk = key(d.nome.replace(/\([^)]*\)/g, ''));
      return dk.length >= 4 && (k.includes(dk) || dk.includes(k));
    }) ??
    (control ? described.find((d) => d.control) : undefined)
  );
}

/** Every description the report gives, the most structured first, one per treatment. */
function collectDescriptions(lines: TextLine[], flat: string, skip: Set<number>, c: CompiledReference) {
  const tables = findDescriptionTables(
    lines.filter((_, i) => !skip.has(i)),
    c,
  );
  // Indexes of `used` are those of the filtered lines; map them back.
  const kept = lines.map((_, i) => i).filter((i) => !skip.has(i));
  const skipAll = new Set(skip);
  for (const i of tables.used) skipAll.add(kept[i] ?? -1);
  const list = findTreatmentList(lines, skipAll, c);
  const sentence = tables.items.length === 0 && list.length === 0 ? findTreatmentSentence(flat, c) : [];
  // The table gives modes reliably; a list of the same treatments may add what it lacks.
  if (tables.items.length > 0) {
    for (const d of tables.items) {
      const twin = (d.id !== null ? list.find((l) => l.id === d.id) : undefined) ?? matchByName(d.nome, list);
      if (twin && !d.mode) d.mode = twin.mode;
    }
    return tables.items;
  }
  return list.length > 0 ? list : sentence;
}

function modeOf(text: string | null, c: CompiledReference): string | null {
  if (text === null) return null;
  return isBlankCell(text) ? '' : (normalizeModalidade(text, c) ?? '');
}

export function extractTreatments(lines: TextLine[], prose: string, c: CompiledReference, cultura: string | null): TreatmentsResult {
  const warnings: string[] = [];
  const found = findResultsTables(lines);
  const tables = found.filter((t) => t.yields);
  // The results table: the one with most rows that have a value, preferring stated yield units.
  const score = (t: ResultsTable) => t.rows.filter((r) => r.value !== null || r.reps.length > 0).length + (t.unit ? 0.5 : 0);
  const table = [...tables].sort((a, b) => score(b) - score(a))[0] ?? null;
  const skip = new Set<number>();
  for (const t of tables) for (let i = t.headerLine; i <= t.lastLine; i++) skip.add(i);
  const described = collectDescriptions(lines, prose, skip, c);

  let confidence = 0.95;
  let tratamentos: ExtractedTreatment[] = [];
  let scale: YieldScale | null = null;
  let evidence: TreatmentsResult['evidence'];
  /** Each treatment's code, where the report gives one; a mode column says a report's modes. */
  let ids: (number | null)[] = [];
  let modeColumn = false;
  /** A box of unstated mass: its yields cannot be put in kg/ha. */
  const boxWithoutMass = (s: YieldScale | null) => s !== null && s.factor === null;

  if (table) {
    evidence = { page: table.page, snippet: table.snippet };
    const rawValues = table.rows.flatMap((r) => (r.reps.length > 0 ? r.reps : r.value !== null ? [r.value] : []));
    scale = table.unit ?? table.rows.find((r) => r.cellUnit)?.cellUnit ?? null;
    if (boxWithoutMass(scale)) scale = { ...(scale as YieldScale), factor: findBoxMass(prose) };
    if (!scale) {
      const guessed = guessUnit(rawValues, cultura);
      if (guessed) {
        warnings.push(`Unidade de produtividade não informada na tabela; valores interpretados como ${guessed}. Confira.`);
        confidence -= 0.25;
      } else {
        warnings.push('Unidade de produtividade não identificada; valores mantidos como estão. Confira.');
        confidence -= 0.4;
      }
      const unit = guessed ?? 'kg/ha';
      scale = { label: unit, unit, factor: YIELD_FACTORS[unit], at: 0 };
    }
    const used = new Set<Described>();
    const tableScale = scale;
    ids = table.rows.map((r) => r.id);
    modeColumn = table.hasModeColumn;
    tratamentos = table.rows.map((row, index) => {
      const factor = (row.cellUnit ?? tableScale).factor;
      const desc = joinDescription(row, index, table.rows.length, described, used);
      const cleaned = cleanTreatmentName(row.nome, c);
      let nome = cleaned.nome || desc?.nome || (row.id !== null ? `T${row.id}` : `Tratamento ${index + 1}`);
      if (!cleaned.nome && !desc) confidence -= 0.1;
      // The mode column when there is one ("-" there means none, as for a control); otherwise
      // a mode written with the name, or the one the treatment's description gives.
      const modalidade = modeOf(row.modeText, c) || normalizeModalidade(row.nome, c) || desc?.mode || '';
      nome = nome.replace(/\s+/g, ' ').trim();
      const t: ExtractedTreatment = remember({ nome, modalidade }, desc);
      if (row.doseText) dosed.set(t, row.doseText);
      if (factor === null) return t;
      // Blocks whose mean is not the row's yield are in another unit (kg per plot beside kg/ha).
      const repMean = row.reps.reduce((s, v) => s + v, 0) / Math.max(1, row.reps.length);
      const repsAgree = row.value === null || row.reps.includes(row.value) || Math.abs(repMean - row.value) <= Math.abs(row.value) * 0.02;
      if (row.reps.length >= 2 && repsAgree) {
        t.repeticoes = row.reps.map((v) => round(v * factor, 3));
        t.produtividade = round(t.repeticoes.reduce((s, v) => s + v, 0) / t.repeticoes.length, 3);
      } else if (row.value !== null) {
        t.produtividade = round(row.value * factor, 3);
      }
      return t;
    });
  } else {
    const laid = findCards(lines, c) ?? findTransposedTable(lines, c) ?? findBarLabels(lines, c) ?? findColumnBars(lines, c);
    if (laid) {
      evidence = { page: laid.page, snippet: laid.snippet };
      const used = new Set<Described>();
      const items = laid.items.map((item) => (boxWithoutMass(item.scale) ? { ...item, scale: withMass(item.scale, prose) } : item));
      tratamentos = items.map((item, index) => fromStated(item, joinDescription(item, index, items.length, described, used)));
      ids = items.map((item) => item.id);
      scale = items.find((i) => i.scale)?.scale ?? null;
      confidence = 0.8;
    } else if (described.length > 0) {
      // No results laid out: the descriptions, with yields they state or sentences state.
      const stated = described.some((d) => d.value !== null) ? null : findProseYields(lines, described);
      ids = described.map((d) => d.id);
      tratamentos = described.map((d, index) => {
        const found = stated?.values.get(index);
        const s = found?.scale ?? d.scale;
        return fromStated({ ...d, value: found?.value ?? d.value, scale: boxWithoutMass(s) ? withMass(s, prose) : s }, d);
      });
      scale = stated?.values.values().next().value?.scale ?? described.find((d) => d.scale)?.scale ?? null;
      const first = described[0];
      evidence = stated
        ? { page: stated.page, snippet: stated.snippet }
        : first?.snippet
          ? { page: first.page ?? 1, snippet: first.snippet }
          : undefined;
      confidence = stated ? 0.75 : 0.7;
    } else {
      const told = findProseTreatments(prose, c);
      if (told) {
        tratamentos = told.items.map((item) => fromStated(item, undefined));
        ids = told.items.map(() => null);
        scale = told.items.find((i) => i.scale)?.scale ?? null;
        const first = lines.find((l) => fold(l.text).includes(fold(told.snippet).slice(0, 30)));
        evidence = { page: first?.page ?? 1, snippet: told.snippet };
        confidence = 0.7;
      }
    }
  }
  // Assessments beside the yields, and in tables of their own joined to the treatments.
  const assessed = assessTables(
    table,
    found.filter((t) => !t.yields),
    tratamentos,
    ids,
  );
  if (boxWithoutMass(scale)) {
    warnings.push('Produtividade em caixas sem a massa da caixa informada; converta para kg/ha e preencha manualmente.');
  }

  if (!modeColumn) modesFromMentions(tratamentos, ids, prose, c);
  // Nothing else said how: a product named for its route ("… Fósforo Foliar", "… TS") says it.
  for (const t of tratamentos) if (t.modalidade === '' && !isControl(t.nome)) t.modalidade = normalizeModalidade(t.nome) ?? '';

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
  const unit: YieldUnit | null = scale?.unit ?? null;
  const result: TreatmentsResult = { tratamentos, confidence: Math.max(0, Math.min(1, confidence)), warnings, unit, ...assessed };
  if (evidence && tratamentos.length > 0) result.evidence = evidence;
  return result;
}

/**
 * Which treatment each row of a table of assessments is: by code, else by name, else by place
 * when the counts agree (undefined: none).
 */
function rowsToTreatments(table: ResultsTable, tratamentos: ExtractedTreatment[], ids: (number | null)[]): (number | undefined)[] {
  const names = tratamentos.map((t) => key(t.nome));
  return table.rows.map((row, index) => {
    const byId = row.id !== null ? ids.findIndex((id) => id === row.id) : -1;
    if (byId >= 0) return byId;
    const k = key(cleanTreatmentName(row.nome).nome);
    const byName = k ? names.findIndex((n) => n === k || (n.length >= 4 && k.length >= 4 && (n.includes(k) || k.includes(n)))) : -1;
    if (byName >= 0) return byName;
    return table.rows.length === tratamentos.length ? index : undefined;
  });
}

/**
 * The assessments of the results table (its rows are the treatments, in order) and of tables of
 * assessments only, joined to the treatments; each treatment's mean goes in its `observacoes`. A
 * column with fewer than two values is a remark, not an assessment.
 */
function assessTables(
  main: ResultsTable | null,
  others: ResultsTable[],
  tratamentos: ExtractedTreatment[],
  ids: (number | null)[],
): Pick<TreatmentsResult, 'avaliacoes' | 'assessmentsEvidence'> {
  if (tratamentos.length === 0) return {};
  const columns: { header: string; assessment: AssessmentHeader; page: number; snippet: string; values: (number | null)[] }[] = [];
  const read = (table: ResultsTable, rowOf: (number | undefined)[]) => {
    table.assessments.forEach((a, i) => {
      const values: (number | null)[] = tratamentos.map(() => null);
      table.rows.forEach((row, r) => {
        const at = rowOf[r];
        if (at !== undefined && values[at] === null) values[at] = row.assessed[i] ?? null;
      });
      columns.push({ ...a, page: table.page, snippet: table.snippet, values });
    });
  };
  if (main)
    read(
      main,
      main.rows.map((_, r) => r),
    );
  for (const table of others) read(table, rowsToTreatments(table, tratamentos, ids));
  const kept = columns.filter((a) => a.values.filter((v) => v !== null).length >= 2);
  const first = kept[0];
  if (!first) return {};
  const avaliacoes = keyAssessments(
    kept.map((a) => a.assessment),
    kept.map((a) => a.values),
  );
  tratamentos.forEach((t, row) => {
    const observacoes: Record<string, (number | null)[]> = {};
    kept.forEach((a, i) => {
      const v = a.values[row];
      const chave = avaliacoes[i]?.chave;
      if (chave && v !== null && v !== undefined) observacoes[chave] = [v];
    });
    if (Object.keys(observacoes).length > 0) t.observacoes = observacoes;
  });
  // The header of the table they were read from, as printed (their names are what the review lists).
  return { avaliacoes, assessmentsEvidence: { page: first.page, snippet: first.snippet } };
}

/**
 * Modes a report tells apart from any list or table: right after a treatment is named by its
 * name or its code ("o tratamento 3 (…) foi aplicado nas sementes", "Produto X — via foliar em
 * V6"), before the clause ends or another treatment is named. Remarks in parentheses and the
 * treatments' own names (which may hold a mode word) are left out of the reading.
 */
export function modesFromMentions(tratamentos: ExtractedTreatment[], ids: (number | null)[], prose: string, c: CompiledReference): void {
  const missing = tratamentos.map((t, i) => (t.modalidade === '' && !isControl(t.nome) ? i : -1)).filter((i) => i >= 0);
  if (missing.length === 0) return;
  const text = fold(prose).replace(/\([^)]*\)/g, (m) => ' '.repeat(m.length));
  const sources = tratamentos.map((t, i) => {
    const words = key(t.nome).split(' ').filter(Boolean);
    const alts = words.length > 0 && key(t.nome).length >= 4 ? [words.map(escapeRegExp).join('[^a-z0-9]+')] : [];
    const id = ids[i];
    if (id !== null && id !== undefined) alts.push(`tratamento\\s+(?:n[o.]?\\s*)?${id}(?!\\d)`, `t\\s?${id}(?!\\d)`);
    return alts.length > 0 ? new RegExp(`(?<![a-z0-9])(?:${alts.join('|')})`, 'g') : null;
  });
  const mentions: { at: number; end: number; index: number }[] = [];
  sources.forEach((re, index) => {
    if (re) for (const m of text.matchAll(re)) mentions.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, index });
  });
  mentions.sort((a, b) => a.at - b.at);
  for (const index of missing) {
    for (const m of mentions.filter((x) => x.index === index)) {
      const other = mentions.find((x) => x.at >= m.end && x.index !== index);
      let window = text.slice(m.end, Math.min(m.end + 60, other?.at ?? Infinity));
      const stop = window.search(/[;.:](?:\s|$)/);
      if (stop >= 0) window = window.slice(0, stop);
      const mode = normalizeModalidade(window, c);
      if (mode) {
        (tratamentos[index] as ExtractedTreatment).modalidade = mode;
        break;
      }
    }
  }
  // No treatment told apart, and the methods name one way of applying for the whole trial ("os
  // produtos foram aplicados via foliar"): that is every treatment's mode.
  if (missing.every((i) => (tratamentos[i] as ExtractedTreatment).modalidade === '')) {
    const modes = new Set(
      text
        .split(/[.;](?:\s|$)/)
        .filter((sentence) => /(?<![a-z])(aplicad[oa]s?|aplicacao|aplicacoes|pulverizad[oa]s?)(?![a-z])/.test(sentence))
        .flatMap((sentence) => [...modesNamedIn(sentence, c)]),
    );
    const [only] = modes;
    if (modes.size === 1 && only) for (const i of missing) (tratamentos[i] as ExtractedTreatment).modalidade = only;
  }
}

/** A box scale completed with the box mass the document states elsewhere. */
function withMass(scale: YieldScale | null, prose: string): YieldScale | null {
  return scale ? { ...scale, factor: scale.factor ?? findBoxMass(prose) } : null;
}

/** A treatment from a card, a bar label or a description, completed by its description. */
function fromStated(item: Stated | Described, desc: Described | undefined): ExtractedTreatment {
  const nome = item.nome || desc?.nome || (item.id !== null ? `T${item.id}` : '');
  const mode: Modalidade | null = item.mode ?? desc?.mode ?? null;
  const t: ExtractedTreatment = remember({ nome, modalidade: isControl(nome) && !item.mode ? '' : (mode ?? '') }, desc);
  const factor = item.scale ? item.scale.factor : 1;
  if (item.value !== null && factor !== null) t.produtividade = round(item.value * factor, 3);
  return t;
}
