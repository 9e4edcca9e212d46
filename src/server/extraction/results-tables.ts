/**
 * Results tables: a header over one to three rows, its columns found by x-alignment and given a
 * role (name, mode, dose, yield, blocks, mean, assessment), then the rows under it, read line by
 * line (a table may continue on the next page, names may wrap or be centred over their values).
 */
import { type AssessmentHeader, readAssessmentHeader } from './assessments.js';
import { findBoxMass, findNumbers, findYieldScale, type YieldScale } from './numbers.js';
import type { TextCell, TextLine } from './pdf-text.js';
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
import { ID_RE, idOf, isSummaryRow } from './treatment-text.js';
import { headerDoseUnit, withHeaderUnit } from './applied-products.js';
import { fold, isBlankCell, key } from './text.js';

export const snippetOf = (text: string) => text.replace(/\t/g, '  ').replace(/\s+/g, ' ').trim().slice(0, 160);

/* ---------- results tables ---------- */

export type Role = 'name' | 'mode' | 'dose' | 'yield' | 'rep' | 'mean' | 'assessment' | 'other';

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

export interface Row {
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

/**
 * A unit's exponent set on its own baseline ("Dose (L ha" over "-1" and ")") is read as a separate
 * word of the header, often before its column's name ("-1 Dose (L ha )"): it says nothing the unit
 * does not ("ha" alone is per hectare), and in front it hides the name. A "1" left before the unit's
 * closing parenthesis ("(t ha … 1)") is its exponent.
 */
const withoutStrayExponents = (header: string) =>
  header
    .replace(/(^|\s)[-−–]\s?1(?=\s|$)|(^|\s)[-−–](?=\s|$)/g, ' ')
    // "(t ha" over "1)": the exponent back on its unit.
    .replace(/\bha\s+1(?=\s*\))/gi, 'ha-1')
    .replace(/\s+/g, ' ')
    .trim();

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
    const columns: RoleColumn[] = header.columns.map((raw) => {
      const c = { ...raw, header: withoutStrayExponents(raw.header) };
      const role = headerRole(c.header);
      const assessment = role === 'assessment' ? readAssessmentHeader(c.header) : null;
      return { ...c, role: role === 'yield' && blockUnderYield(c.header) ? 'rep' : role, ...(assessment ? { assessment } : {}) };
    });
    assessedByCaption(columns, tableCaption(lines, header.first));
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

/** The caption over a header ("Tabela 7 – Severidade da mancha-angular (%) em folhas … aos 45, 55 e 65 DAE"), wrapped over up to six lines; '' if none. */
function tableCaption(lines: TextLine[], headerIndex: number): string {
  const page = lines[headerIndex]?.page;
  for (let i = headerIndex - 1; i >= Math.max(0, headerIndex - 6); i--) {
    const l = lines[i] as TextLine;
    if (l.page !== page) return '';
    if (/^\s*(?:tabela|quadro|table)\s*\d+/i.test(l.text)) {
      return lines
        .slice(i, headerIndex)
        .map((x) => x.text)
        .join(' ')
        .replace(/^\s*(?:tabela|quadro|table)\s*\d+\s*[.:–—-]?\s*/i, '');
    }
  }
  return '';
}

/** A column headed by a time alone: days after an event ("45 DAE", "14 DAA"), or a date. */
const TIME_ONLY = /^\s*(?:\d{1,3}\s*(?:DAE|DAA|DAS|DAT|DAP|DAC|DAI)|\d{1,3}\s+dias(?:\s+ap[oó]s.*)?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?)\s*$/i;

/**
 * Columns headed by a time alone under a caption that names what was rated ("Severidade da
 * mancha-angular (%)" over "45 DAE | 55 DAE | 65 DAE") are assessments of that measure at those times.
 */
function assessedByCaption(columns: RoleColumn[], caption: string): void {
  if (!caption) return;
  for (const c of columns) {
    if (c.role !== 'other' || !TIME_ONLY.test(c.header)) continue;
    // The caption's opening words name the measure; what follows (the crop, the treatments' doses) does not.
    const words = caption.split(/\s+/);
    let assessment: AssessmentHeader | null = null;
    for (let n = Math.min(8, words.length); n >= 1 && !assessment; n--)
      assessment = readAssessmentHeader(`${words.slice(0, n).join(' ')} ${c.header}`);
    if (assessment) Object.assign(c, { role: 'assessment', assessment, header: `${assessment.nome} ${c.header}` });
  }
}

/** A table's columns by role, and the geometry every line of it is read with. */
interface Geometry {
  columns: RoleColumn[];
  nameCols: RoleColumn[];
  modeCol: RoleColumn | null;
  doseCol: RoleColumn | null;
  doseUnit: string;
  yieldCol: RoleColumn | null;
  meanCol: RoleColumn | null;
  repCols: RoleColumn[];
  assessedCols: RoleColumn[];
  /** Names and modes: left-aligned, they may run past their header. */
  textCols: RoleColumn[];
  /** The table gives yields (a yield, mean or block column), not only assessments. */
  yields: boolean;
  left: number;
  right: number;
  fontSize: number;
}

function geometryOf(columns: RoleColumn[], header: TextLine): Geometry {
  const yieldCol = columns.find((c) => c.role === 'yield') ?? null;
  const meanCol = columns.find((c) => c.role === 'mean') ?? null;
  const repCols = columns.filter((c) => c.role === 'rep');
  const doseCol = columns.find((c) => c.role === 'dose') ?? null;
  return {
    columns,
    nameCols: columns.filter((c) => c.role === 'name'),
    modeCol: columns.find((c) => c.role === 'mode') ?? null,
    doseCol,
    doseUnit: doseCol ? headerDoseUnit(doseCol.header) : '',
    yieldCol,
    meanCol,
    repCols,
    assessedCols: columns.filter((c) => c.role === 'assessment' && c.assessment),
    textCols: columns.filter((c) => c.role === 'mode' || c.role === 'name'),
    yields: yieldCol !== null || meanCol !== null || repCols.length >= 2,
    left: Math.min(...columns.map((c) => c.x)),
    right: Math.max(...columns.map((c) => c.right)),
    fontSize: header.fontSize,
  };
}

/** A row code; beside a separate name column, a capital letter alone is one too ("A", "B"). */
const isCodeIn = (g: Geometry, part: string) => isRowCode(part) || (g.nameCols.length > 1 && /^[A-Z]$/.test(part.trim()));

/**
 * The column of a cell. A word that overlaps no header lies in a gap: after a text column
 * (names and modes are left-aligned and run past their header) and before the next header
 * starts, it is that text column's.
 */
function cellColumn(g: Geometry, cell: TextCell): RoleColumn | null {
  const col = columnOf(cell, g.columns);
  if (!col || isDataCell(cell.text) || overlap(cell, { x: col.x - 3, right: col.right + 3 }) > 0) return col;
  const text = g.textCols.filter((c) => c.x <= cell.x + 1).sort((a, b) => b.x - a.x)[0];
  if (text && !g.columns.some((c) => c.x > text.x && c.x < cell.right)) return text;
  return col;
}

/** What one line says, column by column. */
interface LineRead {
  nameParts: string[];
  nameCell: TextCell | undefined;
  /** The yield (or mean) cell's text, which may state a unit. */
  valueText: string;
  modeText: string | null;
  doseText: string | null;
  reps: number[];
  value: number | null;
  assessed: (number | null)[];
  hasNumbers: boolean;
}

/** A line's text per column, read with the header's geometry. */
function readLine(g: Geometry, cells: TextCell[]): LineRead {
  const byCol = new Map<Column, TextCell[]>();
  for (const cell of splitAtColumns(cells, g.columns, g.textCols)) {
    const col = cellColumn(g, cell);
    if (col) byCol.set(col, [...(byCol.get(col) ?? []), cell]);
  }
  const textOf = (col: Column | null) =>
    col
      ? (byCol.get(col) ?? [])
          .map((c) => c.text)
          .join(' ')
          .trim()
      : '';
  const reps = g.repCols.map((c) => firstNumber(textOf(c))).filter((v): v is number => v !== null);
  const value = firstNumber(textOf(g.yieldCol)) ?? firstNumber(textOf(g.meanCol));
  // A dash or a blank is no value (the control's "% Controle"); test letters after a mean are dropped.
  const assessed = g.assessedCols.map((c) => firstNumber(textOf(c)));
  return {
    nameParts: g.nameCols.map((c) => textOf(c)).filter(Boolean),
    nameCell: g.nameCols.map((c) => byCol.get(c)?.[0]).find(Boolean),
    valueText: textOf(g.yieldCol) || textOf(g.meanCol),
    modeText: g.modeCol ? textOf(g.modeCol) : null,
    doseText: g.doseCol ? withHeaderUnit(textOf(g.doseCol), g.doseUnit) : null,
    reps,
    value,
    assessed,
    hasNumbers: value !== null || reps.length > 0 || (!g.yields && assessed.some((v) => v !== null)),
  };
}

/** Where the reading stands: the rows so far and the last line taken. */
interface Cursor {
  lines: TextLine[];
  g: Geometry;
  /** Rows may start left of the header's first cell: the span widens to the rows' first cells. */
  span: Span;
  running: Set<string>;
  headerKeys: Set<string>;
  rows: Row[];
  rowYs: number[];
  lastY: number;
  lastLine: number;
  page: number;
  /** The page of the last row read. */
  rowPage: number;
  /** Name and mode lines read above a row whose values are still to come (centred cells). */
  pending: { names: string[]; mode: string[]; x: number | null };
}

const readAt = (cur: Cursor, line: TextLine) => readLine(cur.g, cellsInSpan(line, cur.span));

/** Page footers ("Página 2 de 5"), running lines and short small print at the bottom of a page. */
function footerLike(cur: Cursor, line: TextLine): boolean {
  return (
    isRunningLine(line, cur.running) ||
    /p[aá]g(?:ina)?\.?\s*\d|^\s*\d{1,3}\s*$/i.test(line.text) ||
    (line.fontSize < cur.g.fontSize - 0.5 && (line.text.split(/\s+/).length <= 8 || line.y < 60)) ||
    line.y < 40
  );
}

/**
 * Where a table broken by a page continues: after the current page's footer, past running
 * heads and a repeated header, the first line that reads as a row with a value and, when the
 * rows have codes, the next code. -1 if none.
 */
function resumeAfterPageBreak(cur: Cursor, from: number): number {
  const { lines } = cur;
  let j = from;
  for (; j < lines.length && (lines[j] as TextLine).page === cur.page; j++) if (!footerLike(cur, lines[j] as TextLine)) return -1;
  const nextPage = lines[j]?.page;
  if (nextPage !== cur.page + 1) return -1;
  const skipped = (line: TextLine) => cur.headerKeys.has(key(line.text)) || isRunningLine(line, cur.running);
  for (let k = j; k < Math.min(lines.length, j + 8); k++) {
    const line = lines[k] as TextLine;
    if (line.page !== nextPage) return -1;
    const cells = skipped(line) ? null : readAt(cur, line);
    if (!cells?.hasNumbers || cells.nameParts.length === 0) continue;
    // A new table with the same columns starts again at T1; a continuation does not.
    const prev = cur.rows[cur.rows.length - 1];
    const m = ID_RE.exec(cells.nameParts.join(' '));
    if (prev?.id !== null && prev?.id !== undefined && (!m || idOf(m) !== prev.id + 1)) return -1;
    // A name centred on its row starts on the short name-only line just above the values.
    const above = lines[k - 1];
    if (k - 1 > j && above && above.page === nextPage && above.y - line.y < cur.g.fontSize * 2.2 && !skipped(above)) {
      const top = readAt(cur, above);
      if (!top.hasNumbers && top.nameParts.length > 0 && !top.nameParts.some((p) => ID_RE.test(p))) return k - 1;
    }
    return k;
  }
  return -1;
}

/**
 * The y of the line of values a text line at `from` is the top of: the next line with values
 * and no name of its own (a row code aside), a little below, past only short text lines.
 */
function centredRowBelow(cur: Cursor, from: number, pitch: number, named: boolean): number | null {
  const start = cur.lines[from] as TextLine;
  for (let j = from + 1; j < cur.lines.length; j++) {
    const l = cur.lines[j] as TextLine;
    if (l.page !== start.page || start.y - l.y > Math.max(pitch, cur.g.fontSize * 2.2) * 1.1) return null;
    const cells = cellsInSpan(l, cur.span);
    if (cells.length === 0) continue;
    const read = readLine(cur.g, cells);
    if (read.hasNumbers) return named || read.nameParts.every((p) => isCodeIn(cur.g, p)) ? l.y : null;
    if (cells.some((cell) => cell.text.split(/\s+/).length > 8)) return null;
  }
  return null;
}

/** A line that closes the table: a heading, a paragraph after it, a change of type size. */
function closesTable(cur: Cursor, line: TextLine, cells: TextCell[]): boolean {
  const whole = cells.length === line.cells.length;
  if (whole && line.fontSize > cur.g.fontSize + 2.5) return true;
  const single = cells.length === 1 ? cells[0] : undefined;
  // A paragraph after the table: one wide cell of running text, or a sentence.
  const paragraph =
    single &&
    single.text.split(' ').length >= 6 &&
    (single.right - single.x > (cur.g.right - cur.g.left) * 0.75 || /[.:]$/.test(single.text));
  return Boolean(paragraph) || (whole && cur.rows.length > 0 && Math.abs(line.fontSize - cur.g.fontSize) > 1.5);
}

/**
 * A line without values: the top of a centred row, a wrapped name or mode, details under a row
 * or side text, taken into the reading (true); or the end of the table (false).
 */
function takeTextLine(cur: Cursor, i: number, cells: TextCell[], read: LineRead): boolean | 'skip' {
  const line = cur.lines[i] as TextLine;
  const { nameParts, nameCell, modeText } = read;
  const took = () => {
    cur.lastY = line.y;
    cur.lastLine = i;
    return true;
  };
  // Only side columns' text (a dose wrapped around its row, a note under a gain): no end of the table.
  if (cur.rows.length > 0 && nameParts.length === 0 && !modeText && cur.lastY - line.y < cur.g.fontSize * 3) {
    cur.lastY = line.y;
    return true;
  }
  const prev = cur.rows[cur.rows.length - 1];
  const part = nameParts[0] ?? '';
  const pitch = rowPitch(cur.rowYs) ?? cur.g.fontSize * 1.8;
  const short = cells.every((cell) => cell.text.split(/\s+/).length <= 12 && !/[.:]$/.test(cell.text));
  // Cells centred vertically: a name wrapped over lines stands above and below its row's values,
  // which sit on a line without a name. A short text line nearer to such a line of values than to
  // the previous row is the top of the next row. A mode alone (wrapped around its row's line of
  // values) may stand above a row with its own name.
  const next = short && (nameParts.length > 0 || modeText) ? centredRowBelow(cur, i, pitch, nameParts.length === 0) : null;
  // Rows of an earlier page are no measure of the distance to this one's.
  const prevY = cur.rowPage === cur.page ? cur.rowYs[cur.rowYs.length - 1] : undefined;
  if (next !== null && (prevY === undefined || prevY - line.y > line.y - next)) {
    cur.pending.names.push(...nameParts);
    if (modeText) cur.pending.mode.push(modeText);
    cur.pending.x ??= nameCell?.x ?? null;
    return took();
  }
  // A wrapped treatment name continues under the previous row's name, at the same x and closer
  // than rows are to each other; a sentence after the table is not one. Under a centred row,
  // every short cell of the line continues its name or its mode. The name may continue under its
  // text rather than under the row's code ("5 Produto A +" then "Produto B" under "Produto"), and
  // side cells (a wrapped dose) may share the line when it is clearly nearer than the next row.
  const gap = cur.lastY - line.y;
  const near = gap < pitch * 0.9;
  const underName =
    prev && nameCell && (Math.abs(nameCell.x - prev.nameX) < 3 || (prev.textX !== null && Math.abs(nameCell.x - prev.textX) < 4));
  const nameLike = !ID_RE.test(part) && !/:|\.$/.test(part) && (prev?.centred || !/\d/.test(part) || (cells.length === 1 && near));
  if (
    prev &&
    underName &&
    nameParts.length === 1 &&
    (cells.length === 1 || ((prev.centred || near) && short)) &&
    gap < pitch * 0.98 &&
    nameLike
  ) {
    prev.nome = `${prev.nome} ${part}`;
    if (prev.centred && modeText) prev.modeText = `${prev.modeText ?? ''} ${modeText}`.trim();
    return took();
  }
  // A wrapped mode under the row's mode cell.
  if (prev && cur.g.modeCol && modeText && nameParts.length === 0 && near) {
    prev.modeText = `${prev.modeText ?? ''} ${modeText}`.trim();
    return took();
  }
  // Details printed under a row (products, doses, analyses) are skipped, not the end.
  if (prev && nameCell && nameCell.x > prev.nameX + 3) return took();
  return cur.rows.length > 0 ? false : 'skip';
}

/** The row a line of values makes, with the name and mode lines read above it (centred cells). */
function rowFrom(cur: Cursor, read: LineRead): Row | null {
  const { nameParts, nameCell, modeText, doseText, reps, value, assessed } = read;
  // Id and name may sit in separate columns ("T1" | "Testemunha") or together ("T1 Testemunha").
  let id: number | null = null;
  const names: string[] = [];
  const ownName = nameParts.some((part) => !isCodeIn(cur.g, part));
  const above = cur.pending;
  cur.pending = { names: [], mode: [], x: null };
  const centred = above.names.length > 0 && !ownName;
  for (const part of centred ? [...above.names, ...nameParts] : nameParts) {
    if (isCodeIn(cur.g, part)) {
      id ??= rowCodeId(part);
      continue;
    }
    const cleaned = ID_RE.exec(part);
    if (cleaned && id === null) id = idOf(cleaned);
    names.push(part);
  }
  const nome = names.join(' ').trim();
  if ((!nome && id === null) || (nome && isSummaryRow(nome))) return null;
  const modeParts = [...above.mode, modeText ?? ''].filter(Boolean);
  return {
    id,
    nome,
    modeText: centred && cur.g.modeCol ? modeParts.join(' ') : modeParts.join(' ') || modeText,
    doseText: doseText && !isBlankCell(doseText) ? doseText : null,
    value,
    reps,
    assessed,
    cellUnit: findYieldScale(read.valueText),
    nameX: (centred ? above.x : null) ?? nameCell?.x ?? cur.g.left,
    textX: centred || !nameCell ? null : textAfterCode(nameCell),
    centred,
  };
}

/**
 * The table's yield unit: the header's (or its footnote's, which is more specific: "sc/ha¹" with
 * "¹ sacas de 50 kg por hectare"), else the caption's, else a note's under the table; a box's mass
 * may be stated in the caption or a note.
 */
function tableUnit(lines: TextLine[], g: Geometry, first: number, last: number, lastLine: number, page: number): YieldScale | null {
  const headerText = [g.yieldCol?.header, g.meanCol?.header, ...g.repCols.map((c) => c.header)].filter(Boolean).join(' ');
  const headed = findYieldScale(headerText);
  const noted = footnoteUnit(lines, g.yieldCol?.header ?? g.meanCol?.header ?? '', last);
  const unit =
    (noted && (!headed || (headed.label === 'sc/ha' && noted.label === 'sc/ha')) ? noted : headed) ??
    (g.yieldCol
      ? null
      : findYieldScale(
          lines
            .slice(first, last + 1)
            .map((l) => l.text)
            .join(' '),
        )) ??
    captionUnit(lines, first) ??
    notesUnit(lines, lastLine, page);
  if (!unit || unit.factor !== null) return unit;
  const around = lines.slice(Math.max(0, first - 3), Math.min(lines.length, lastLine + 4)).map((l) => l.text);
  const mass = findBoxMass(around.join(' '));
  return mass ? { ...unit, factor: mass } : unit;
}

function readRows(
  lines: TextLine[],
  first: number,
  last: number,
  columns: RoleColumn[],
  headerSpan: Span,
  running: Set<string>,
): ResultsTable | null {
  const header = lines[last] as TextLine;
  const g = geometryOf(columns, header);
  const cur: Cursor = {
    lines,
    g,
    span: { ...headerSpan },
    running,
    headerKeys: new Set(lines.slice(first, last + 1).map((l) => key(l.text))),
    rows: [],
    rowYs: [],
    lastY: header.y,
    lastLine: last,
    page: header.page,
    rowPage: header.page,
    pending: { names: [], mode: [], x: null },
  };
  for (let i = last + 1; i < lines.length; i++) {
    const line = lines[i] as TextLine;
    if (line.page !== cur.page || cur.lastY - line.y > Math.max(45, g.fontSize * 4.5)) {
      const resume = cur.rows.length > 0 ? resumeAfterPageBreak(cur, i) : -1;
      if (resume < 0) break;
      cur.page = (lines[resume] as TextLine).page;
      cur.lastY = (lines[resume] as TextLine).y;
      i = resume - 1;
      continue;
    }
    const cells = cellsInSpan(line, cur.span);
    // A line of the neighbouring text column only, or of a unit's exponents set apart in small type
    // ("L ha" with its "-1" above): not the table's business.
    if (cells.length === 0) continue;
    if (closesTable(cur, line, cells)) break;
    const read = readLine(g, cells);
    if (!read.hasNumbers) {
      const took = takeTextLine(cur, i, cells, read);
      if (took === false) break;
      continue;
    }
    const row = rowFrom(cur, read);
    if (!row) continue;
    cur.rows.push(row);
    if (read.nameCell) cur.span.left = Math.min(cur.span.left, read.nameCell.x - 3);
    cur.rowYs.push(line.y);
    cur.rowPage = cur.page;
    cur.lastY = line.y;
    cur.lastLine = i;
  }
  const { rows } = cur;
  if (rows.length === 0) return null;
  numberRows(rows);
  // Rows without a T code in a table whose rows have them are totals or notes.
  const withId = rows.filter((r) => r.id !== null).length;
  const kept = withId >= Math.ceil(rows.length * 0.6) && withId >= 2 ? rows.filter((r) => r.id !== null) : rows;
  return {
    headerLine: first,
    lastLine: cur.lastLine,
    rows: kept,
    yields: g.yields,
    assessments: g.assessedCols.map((c) => ({ header: c.header, assessment: c.assessment as AssessmentHeader })),
    unit: tableUnit(lines, g, first, last, cur.lastLine, cur.page),
    hasModeColumn: g.modeCol !== null,
    hasNames: kept.some((r) => r.nome),
    page: (lines[first] as TextLine).page,
    snippet: snippetOf(
      lines
        .slice(first, last + 1)
        .map((l) => l.text)
        .join(' '),
    ),
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
