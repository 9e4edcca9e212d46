/**
 * Places other than a results table where a report names its treatments or states their
 * yields: a treatment list ("T2 – Produto X, 2 L/ha, via foliar", "(2) Produto X, …"), a table
 * of treatments with a mode column, a sentence listing them, cards laid out side by side under
 * T-codes, labels with their values at the end of horizontal bars, and sentences of the results
 * ("a testemunha produziu 62,4 sc/ha").
 */
import { findDose } from './applied-products.js';
import { findNumbers, findYieldScale, yieldScaleAfter, type YieldScale } from './numbers.js';
import type { TextLine } from './pdf-text.js';
import type { CompiledReference } from './reference.js';
import { buildHeader, cellsInSpan, type Column, columnOf, isDataCell, isRowCode, rowCodeId } from './tables.js';
import {
  cleanTreatmentName,
  type Described,
  describe,
  sameText,
  ID_RE,
  idOf,
  isControl,
  isSummaryRow,
  normalizeModalidade,
} from './treatment-text.js';
import { escapeRegExp, fold, isBlankCell, key } from './text.js';

const snippetOf = (text: string) => text.replace(/\t/g, '  ').replace(/\s+/g, ' ').trim().slice(0, 160);

/* ---------- treatment lists ---------- */

/**
 * "T1 – Testemunha (sem aplicação)" in a list of lines or inside a sentence ("T1 – …; T2 – …"),
 * "T1<tab>Testemunha" at a line start, or "(1) Testemunha; (2) …"; an item possibly wrapped
 * over two lines. An item ends at the next code, at ";" or a full stop, or at a line break
 * followed by a capital (a new sentence or heading). A code in parentheses after a name
 * ("… Produto Y (T6) proporcionou") is a reference, not an item.
 */
export function findTreatmentList(lines: TextLine[], skip: Set<number>, c: CompiledReference): Described[] {
  const kept = lines.map((l, i) => ({ l, i })).filter(({ i }) => !skip.has(i));
  const starts: number[] = [];
  let text = '';
  kept.forEach(({ l }, k) => {
    starts.push(text.length);
    // A line that runs to its paragraph's right edge wraps (a soft break, read as a space); a
    // line that stops short ends its item or paragraph.
    text += `${l.text.replace(/\t/g, '  ')}${wrapsAtMargin(kept, k) ? ' ' : '\n'}`;
  });
  const pageAt = (index: number) => {
    let k = 0;
    while (k + 1 < starts.length && (starts[k + 1] ?? Infinity) <= index) k++;
    return kept[k]?.l;
  };
  const out = new Map<number, Described>();
  const read = (marker: RegExp, minItems: number) => {
    const marks = [...text.matchAll(marker)];
    const items: Described[] = [];
    marks.forEach((m, k) => {
      const start = (m.index ?? 0) + m[0].length;
      const next = marks[k + 1]?.index ?? text.length;
      let item = text.slice(start, next);
      const stop = item.search(/;|\.(?:\s|$)|\n(?=[A-ZÀ-Ý0-9])/);
      if (stop >= 0) item = item.slice(0, stop);
      item = item.replace(/\s*\n\s*/g, ' ').trim();
      if (item.length < 3) return;
      const id = Number(m[1] ?? m[2]);
      const d = describe(id, item, c);
      const line = pageAt(m.index ?? 0);
      if (d) items.push(sameText({ ...d, page: line?.page, snippet: line ? snippetOf(line.text) : undefined }, d));
    });
    if (items.length < minItems) return;
    for (const d of items) if (d.id !== null && !out.has(d.id)) out.set(d.id, d);
  };
  // "T2 – …", "T2: …", "T2) …" anywhere but after "(" or a letter; "T2<tab>…" at a line start.
  read(/(?<![A-Za-z0-9(])T\s?(\d{1,2})\s*[-–—:=)]\s*|(?<=^|\n)\s*T\s?(?:(\d{1,2}))\s{2,}(?=\S)/g, 1);
  if (out.size === 0) {
    // "(1) Testemunha, …; (2) Produto X, …": at least two such items.
    read(/(?<=^|\n|[;:.]\s{0,3}|\se\s)\((\d{1,2})\)\s+(?=\S)/g, 2);
  }
  if (out.size === 0)
    for (const d of numberedList(
      kept.map(({ l }) => l),
      c,
    ))
      if (d.id !== null) out.set(d.id, d);
  return [...out.values()].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/**
 * Whether line `k` runs to the right edge of its paragraph (the lines around it on its page
 * that start where it starts), so that its end is a wrap rather than the end of a line of text.
 */
function wrapsAtMargin(kept: { l: TextLine }[], k: number): boolean {
  const line = kept[k]?.l;
  const next = kept[k + 1]?.l;
  if (!line || !next || next.page !== line.page || line.cells.length !== 1 || next.cells.length !== 1) return false;
  const left = (l: TextLine) => l.cells[0]?.x ?? 0;
  const right = (l: TextLine) => l.cells[l.cells.length - 1]?.right ?? 0;
  let edge = 0;
  for (let j = Math.max(0, k - 6); j <= Math.min(kept.length - 1, k + 6); j++) {
    const l = kept[j]?.l;
    if (l && l.page === line.page && l.cells.length === 1 && Math.abs(left(l) - left(line)) < line.fontSize * 2)
      edge = Math.max(edge, right(l));
  }
  return (
    Math.abs(left(next) - left(line)) < line.fontSize * 2 &&
    right(line) >= edge - line.fontSize * 2.5 &&
    line.y - next.y < line.fontSize * 2
  );
}

/** The font size most of the text is set in. */
function bodyFontSize(lines: TextLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(Math.round(l.fontSize * 2) / 2, (chars.get(Math.round(l.fontSize * 2) / 2) ?? 0) + l.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/**
 * A numbered list of treatments ("1. Testemunha, sem aplicação." / "2. Produto X, 2 L/ha, via
 * foliar."): consecutive lines numbered from 1, each item perhaps wrapped over a line or two.
 * Section headings are numbered too, but set larger than the text and apart from each other; a
 * list counts when an item is a control or a catalogue product, or most items name a mode.
 */
function numberedList(lines: TextLine[], c: CompiledReference): Described[] {
  const body = bodyFontSize(lines);
  const start = /^\s*(\d{1,2})\s*[.)–—-]\s+(?=\D)/;
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as TextLine;
    const m = start.exec(first.text);
    if (!m || m[1] !== '1' || first.fontSize > body + 0.6) continue;
    const items: { id: number; text: string; line: TextLine }[] = [{ id: 1, text: first.text.slice(m[0].length), line: first }];
    let wraps = 0;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j] as TextLine;
      const prev = lines[j - 1] as TextLine;
      if (l.page !== prev.page || prev.y - l.y > l.fontSize * 1.8 || l.fontSize > body + 0.6) break;
      const n = start.exec(l.text);
      const last = items[items.length - 1] as (typeof items)[number];
      if (n && Number(n[1]) === last.id + 1) {
        items.push({ id: last.id + 1, text: l.text.slice(n[0].length), line: l });
        wraps = 0;
      } else if (!n && ++wraps <= 2) last.text += ` ${l.text}`;
      else break;
    }
    if (items.length < 2) continue;
    const described = items
      .map((it) => describe(it.id, it.text.replace(/\t/g, ' '), c))
      .filter((d): d is Described => d !== null)
      .map((d, k) => sameText({ ...d, page: items[k]?.line.page, snippet: snippetOf(items[k]?.line.text ?? '') }, d));
    const product = described.some((d) => c.allProducts.some((p) => ((p.re.lastIndex = 0), p.re.test(fold(d.nome)))));
    const modes = described.filter((d) => d.mode).length;
    if (described.length >= 2 && (described.some((d) => d.control) || product || modes >= described.length / 2)) return described;
    i = j - 1;
  }
  return [];
}

/**
 * "Os tratamentos consistiram em: testemunha (sem aplicação); Produto X via foliar; e Produto Y
 * no tratamento de sementes." A list counts when it has two or more items and names a control
 * or a catalogue product, so that "os tratamentos foram aplicados em V4" is not one.
 */
export function findTreatmentSentence(prose: string, c: CompiledReference): Described[] {
  const f = fold(prose);
  const re =
    /tratamentos\s*(?:avaliados\s+|utilizados\s+|testados\s+|empregados\s+)?(?:foram(?:\s+os\s+seguintes)?|consistiram(?:\s+(?:em|de|no|na|nos|nas))?|sao|compreenderam|incluiram)?\s*:\s*|tratamentos\s+(?:avaliados\s+)?(?:foram|consistiram(?:\s+(?:em|de))?)\s+/g;
  for (const m of f.matchAll(re)) {
    const start = (m.index ?? 0) + m[0].length;
    // The sentence ends at a full stop followed by a capital (or the end of the text).
    const rest = prose.slice(start);
    const end = rest.search(/\.\s+(?=[A-ZÀ-Ý0-9])|\.\s*$/);
    const body = end >= 0 ? rest.slice(0, end) : rest.slice(0, 600);
    // A comma between digits is a decimal one ("0,5 L ha-1"), not the list's.
    const items = (body.includes(';') ? body.split(/\s*;\s*/) : body.split(/\s*(?<!\d),\s*|,\s+|\s+e\s+/))
      .map((s) => s.replace(/^(?:e|and)\s+/i, '').trim())
      .filter(Boolean);
    if (items.length < 2) continue;
    const described = items.map((item) => describe(null, item, c)).filter((d): d is Described => d !== null);
    const namesProduct = described.some((d) => c.allProducts.some((p) => ((p.re.lastIndex = 0), p.re.test(fold(d.nome)))));
    if (described.length >= 2 && (described.some((d) => d.control) || namesProduct)) {
      const snippet = snippetOf(prose.slice(Math.max(0, (m.index ?? 0) - 4), start + 150));
      return described.map((d) => sameText({ ...d, snippet }, d));
    }
  }
  return [];
}

/* ---------- a table of treatments with a mode column ---------- */

type DescRole = 'id' | 'name' | 'mode' | 'other';

function descRole(header: string): DescRole {
  const f = key(header);
  if (/^(n|no|n o|numero|num|cod|codigo|item|trat|trats|#)$/.test(f) || /^n[º°o]\.?$/i.test(header.trim())) return 'id';
  if (/^(tratamentos?|descricao|produtos?|identificacao|nome|produto comercial)(\s|$)/.test(f)) return 'name';
  // "Modo de aplicação", "Modo e época de aplicação", "Forma / local de aplicação", "Via".
  if (/(modalidade|(?:^|\s)(?:forma|modo|via|local)\s(?:[a-z]+\s){0,3}?de aplicacao|^aplicacao$|^forma$|^modo$|^via$)/.test(f))
    return 'mode';
  return 'other';
}

/**
 * Tables that describe the treatments without results ("Trat. | Produto | Dose | Forma de
 * aplicação | Época"): rows start where the code or name column has text; lines with text only
 * in other columns continue the row above (a wrapped dose or mode).
 */
export function findDescriptionTables(lines: TextLine[], c: CompiledReference): { items: Described[]; used: Set<number> } {
  const items: Described[] = [];
  const used = new Set<number>();
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] as TextLine;
    if (line.cells.length < 2) continue;
    const nameCell = line.cells.find((cell) => {
      const r = descRole(cell.text);
      return r === 'id' || r === 'name';
    });
    if (!nameCell || !line.cells.some((cell) => descRole(cell.text) === 'mode')) continue;
    const header = buildHeader(lines, h, nameCell);
    const columns = header.columns.map((col) => ({ ...col, role: descRole(col.header) }));
    const modeCol = columns.find((col) => col.role === 'mode');
    const nameCol = columns.find((col) => col.role === 'name') ?? columns.find((col) => col.role === 'id');
    if (!modeCol || !nameCol) continue;
    const idCol = columns.find((col) => col.role === 'id' && col !== nameCol) ?? null;
    type Acc = { id: number | null; name: string; mode: string; y: number };
    const rows: Acc[] = [];
    let lastY = (lines[header.last] as TextLine).y;
    let i = header.last + 1;
    for (; i < lines.length; i++) {
      const l = lines[i] as TextLine;
      if (l.page !== line.page || lastY - l.y > Math.max(40, l.fontSize * 3.2) || l.fontSize > line.fontSize + 2) break;
      const cells = cellsInSpan(l, header.span);
      if (cells.length === 0) continue;
      if (cells.length === 1 && (cells[0]?.text.split(/\s+/).length ?? 0) >= 8) break;
      const by = new Map<Column, string>();
      for (const cell of cells) {
        let col = columnOf(cell, columns);
        // A code column holds codes: a name set nearer to it than to its centred header is the name's.
        if (col && col === idCol && !isRowCode(cell.text) && !/^(?:T\s?\d|[A-Z]$)/.test(cell.text.trim())) col = nameCol;
        if (col) by.set(col, `${by.get(col) ?? ''} ${cell.text}`.trim());
      }
      const idText = idCol ? (by.get(idCol) ?? '') : '';
      const nameText = by.get(nameCol) ?? '';
      const letter = /^[A-Z]$/.test(idText.trim());
      const starts = idCol ? isRowCode(idText) || /^T\s?\d/.test(idText) || letter : nameText !== '' && !/^[a-zà-ÿ(]/.test(nameText);
      const prev = rows[rows.length - 1];
      if (starts) {
        const idm = ID_RE.exec(`${idText || nameText} `);
        const code = idm ? idOf(idm) : letter || isRowCode(idText) ? rowCodeId(idText) : null;
        rows.push({ id: code, name: nameText, mode: by.get(modeCol) ?? '', y: l.y });
      } else if (prev) {
        if (nameText) prev.name = `${prev.name} ${nameText}`;
        if (by.get(modeCol)) prev.mode = `${prev.mode} ${by.get(modeCol) ?? ''}`;
      } else break;
      lastY = l.y;
    }
    if (rows.length < 2) continue;
    for (let k = h; k < i; k++) used.add(k);
    for (const r of rows) {
      const cleaned = cleanTreatmentName(r.name, c);
      const nome = cleaned.nome;
      if (!nome || isSummaryRow(nome)) continue;
      const modeText = r.mode.trim();
      const mode = isBlankCell(modeText) ? null : normalizeModalidade(modeText, c);
      items.push({
        id: r.id ?? cleaned.id,
        nome,
        mode: isControl(nome) && !mode ? null : mode,
        control: isControl(nome),
        value: null,
        scale: null,
        page: line.page,
        snippet: snippetOf(line.text),
      });
    }
    h = i - 1;
  }
  return { items, used };
}

/* ---------- yields outside a results table ---------- */

export interface Stated {
  nome: string;
  mode: Modalidade | null;
  value: number | null;
  scale: YieldScale | null;
  id: number | null;
}
type Modalidade = NonNullable<Described['mode']>;

const T_CODE = /^\s*T\s?(\d{1,2})\s*$/i;

/** The yield in a group of texts: a number (not a signed gain) followed by a yield unit. */
function yieldIn(texts: string[]): { value: number; scale: YieldScale } | null {
  const joined = texts.join('\n');
  for (const n of findNumbers(joined)) {
    if (/^[+]/.test(joined.slice(Math.max(0, n.index - 1), n.index + 1)) || /[+]\s*$/.test(joined.slice(0, n.index))) continue;
    const scale = yieldScaleAfter(joined, n.end);
    if (scale) return { value: n.value, scale };
  }
  return null;
}

/**
 * Cards side by side under a row of T-codes ("T1  T2  T3  T4"), each with the treatment's
 * name, its description and a big yield with its unit underneath.
 */
export function findCards(lines: TextLine[], c: CompiledReference): { items: Stated[]; page: number; snippet: string } | null {
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] as TextLine;
    if (line.cells.length < 2 || !line.cells.every((cell) => T_CODE.test(cell.text))) continue;
    const centres = line.cells.map((cell) => (cell.x + cell.right) / 2);
    const pitch = Math.min(...centres.slice(1).map((x, k) => x - (centres[k] ?? 0)));
    const cards = line.cells.map((cell) => ({ id: Number(T_CODE.exec(cell.text)?.[1]), texts: [] as { text: string; size: number }[] }));
    let lastY = line.y;
    for (let i = h + 1; i < lines.length; i++) {
      const l = lines[i] as TextLine;
      if (l.page !== line.page || lastY - l.y > Math.max(40, line.fontSize * 4)) break;
      // A line wider than a card is a note under the cards.
      if (l.cells.some((cell) => cell.right - cell.x > pitch * 1.6)) break;
      for (const cell of l.cells) {
        const centre = (cell.x + cell.right) / 2;
        let k = 0;
        centres.forEach((x, j) => {
          if (Math.abs(x - centre) < Math.abs((centres[k] ?? 0) - centre)) k = j;
        });
        if (Math.abs((centres[k] ?? 0) - centre) < pitch / 2) cards[k]?.texts.push({ text: cell.text, size: l.fontSize });
      }
      lastY = l.y;
    }
    const items = cards.map((card) => {
      const first = card.texts[0];
      const nameParts: string[] = [];
      for (const t of card.texts) {
        if (!first || t.size !== first.size || /\d/.test(t.text)) break;
        nameParts.push(t.text);
      }
      const rest = card.texts.slice(nameParts.length).map((t) => t.text);
      const found = yieldIn(rest);
      const nome = cleanTreatmentName(nameParts.join(' '), c).nome;
      return { id: card.id, nome, mode: normalizeModalidade(rest.join(' '), c), value: found?.value ?? null, scale: found?.scale ?? null };
    });
    if (items.filter((it) => it.value !== null).length >= 2) return { items, page: line.page, snippet: snippetOf(line.text) };
  }
  return findTitledCards(lines, c);
}

/** A card's title: a few words of a name, not a number, a unit or a sentence. */
const isCardTitle = (text: string) =>
  /^[A-ZÀ-Ý]/.test(text) &&
  /[A-Za-zÀ-ÿ]{2}/.test(text) &&
  text.split(/\s+/).length <= 6 &&
  !isDataCell(text) &&
  !findYieldScale(text) &&
  !/[.:;]$/.test(text);

/**
 * Cards side by side without T-codes, in one or more rows: each card headed by the treatment's
 * name (perhaps wrapped over two lines), then its description and a big yield with its unit
 * underneath. A row of titles counts only when every card under it holds a yield.
 */
function findTitledCards(lines: TextLine[], c: CompiledReference): { items: Stated[]; page: number; snippet: string } | null {
  const found: { items: Stated[]; page: number; snippet: string } = { items: [], page: 0, snippet: '' };
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] as TextLine;
    if (found.items.length > 0 && line.page !== found.page) break;
    if (line.cells.length < 2 || !line.cells.every((cell) => isCardTitle(cell.text))) continue;
    const centres = line.cells.map((cell) => (cell.x + cell.right) / 2);
    const pitch = Math.min(...centres.slice(1).map((x, k) => x - (centres[k] ?? 0)));
    if (pitch < 60) continue;
    const cards = line.cells.map((cell) => ({ title: cell.text, texts: [] as string[] }));
    const hasYield = (card: { texts: string[] }) => yieldIn(card.texts) !== null;
    let lastY = line.y;
    let end = h;
    for (let i = h + 1; i < lines.length; i++) {
      const l = lines[i] as TextLine;
      if (l.page !== line.page || lastY - l.y > Math.max(40, line.fontSize * 4)) break;
      if (l.cells.some((cell) => cell.right - cell.x > pitch * 1.6)) break;
      // The next row of cards (or a note) once every card has its yield.
      if (cards.every(hasYield) && l.cells.every((cell) => !/\d/.test(cell.text))) break;
      // Before the yields: another row of titles (a grid of labels over values) or a heading.
      if (i > h + 1 && l.cells.length >= 2 && l.cells.every((cell) => isCardTitle(cell.text))) break;
      if (l.fontSize > line.fontSize + 1 && l.cells.every((cell) => !/\d/.test(cell.text))) break;
      for (const cell of l.cells) {
        const centre = (cell.x + cell.right) / 2;
        let k = 0;
        centres.forEach((x, j) => {
          if (Math.abs(x - centre) < Math.abs((centres[k] ?? 0) - centre)) k = j;
        });
        if (Math.abs((centres[k] ?? 0) - centre) < pitch / 2) cards[k]?.texts.push(cell.text);
      }
      lastY = l.y;
      end = i;
    }
    if (!cards.every(hasYield)) continue;
    for (const card of cards) {
      // A wrapped name goes on with a capital; the description under it starts in lower case.
      const nameParts = [card.title];
      for (const t of card.texts) {
        if (!isCardTitle(t) || normalizeModalidade(t, c)) break;
        nameParts.push(t);
      }
      const rest = card.texts.slice(nameParts.length - 1);
      const value = yieldIn(rest);
      found.items.push({
        id: null,
        nome: cleanTreatmentName(nameParts.join(' '), c).nome,
        mode: normalizeModalidade(rest.filter((t) => !isDataCell(t) && !findYieldScale(t)).join(' '), c),
        value: value?.value ?? null,
        scale: value?.scale ?? null,
      });
    }
    if (!found.snippet) {
      found.page = line.page;
      found.snippet = snippetOf(line.text);
    }
    h = end;
  }
  return found.items.length >= 2 ? found : null;
}

/**
 * A table laid on its side: treatments as columns ("Variável | T1 | T2 | T3"), rows of what was
 * measured ("Produto", "Aplicação", "Produtividade (kg/ha)"). The row whose label names the
 * yield (or carries its unit) gives each column's value.
 */
export function findTransposedTable(lines: TextLine[], c: CompiledReference): { items: Stated[]; page: number; snippet: string } | null {
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] as TextLine;
    const codes = line.cells.filter((cell) => T_CODE.test(cell.text));
    const others = line.cells.filter((cell) => !T_CODE.test(cell.text));
    // The corner cell over the row labels may be empty.
    if (codes.length < 2 || others.length > 1 || (others[0]?.right ?? 0) > (codes[0]?.x ?? 0)) continue;
    const columns = codes.map((cell) => ({ x: cell.x, right: cell.right, header: cell.text }));
    const left = codes[0]?.x ?? 0;
    const items: Stated[] = codes.map((cell) => ({
      id: Number(T_CODE.exec(cell.text)?.[1]),
      nome: '',
      mode: null,
      value: null,
      scale: null,
    }));
    // Rows of the table: a label on the left (perhaps over two lines) and the cells of the
    // lines around it. Cells are centred vertically, so a wrapped cell has lines above and
    // below its label's: each line of cells goes to the label whose lines are nearest.
    type Band = { label: string; ys: number[]; cells: { text: string; x: number; right: number; y: number }[] };
    const bands: Band[] = [];
    const loose: { text: string; x: number; right: number; y: number }[] = [];
    let lastY = line.y;
    let lastLabelY = Infinity;
    for (let i = h + 1; i < lines.length; i++) {
      const l = lines[i] as TextLine;
      if (l.page !== line.page || lastY - l.y > Math.max(40, line.fontSize * 4)) break;
      const label = l.cells
        .filter((cell) => cell.right < left - 2)
        .map((cell) => cell.text)
        .join(' ');
      const cells = l.cells.filter((cell) => cell.right >= left - 2).map((cell) => ({ ...cell, y: l.y }));
      if (!label && cells.length === 1 && cells[0] && cells[0].text.split(/\s+/).length >= 8) break;
      lastY = l.y;
      if (label) {
        const band = bands[bands.length - 1];
        // A label wrapped over two lines: close lines, the row's cells on at most one of them.
        if (band && lastLabelY - l.y < line.fontSize * 1.5 && (cells.length === 0 || band.cells.length === 0)) {
          band.label = `${band.label} ${label}`;
          band.ys.push(l.y);
        } else bands.push({ label, ys: [l.y], cells: [] });
        lastLabelY = l.y;
        bands[bands.length - 1]?.cells.push(...cells);
      } else loose.push(...cells);
    }
    const centre = (b: Band) => b.ys.reduce((a, y) => a + y, 0) / b.ys.length;
    for (const cell of loose) {
      const near = bands.reduce<Band | null>(
        (best, b) => (!best || Math.abs(centre(b) - cell.y) < Math.abs(centre(best) - cell.y) ? b : best),
        null,
      );
      if (near && Math.abs(centre(near) - cell.y) < line.fontSize * 2.5) near.cells.push(cell);
    }
    let found = false;
    for (const band of bands) {
      const f = key(band.label);
      const scale = findYieldScale(band.label);
      const isYield = (scale !== null || /^(produtividade|rendimento|producao|colheita)/.test(f)) && !/(pluma|fibra|acucar|tah)/.test(f);
      const texts = new Map<number, string[]>();
      for (const cell of [...band.cells].sort((a, b) => b.y - a.y || a.x - b.x)) {
        const col = columnOf(cell, columns);
        if (col) texts.set(columns.indexOf(col), [...(texts.get(columns.indexOf(col)) ?? []), cell.text]);
      }
      for (const [k, parts] of texts) {
        const it = items[k];
        const text = parts.join(' ');
        if (!it) continue;
        if (isYield) {
          const n = findNumbers(text.replace(/(\d)([a-eA-E]{1,4})(?![A-Za-z])/g, '$1 $2'))[0];
          if (n && it.value === null) {
            it.value = n.value;
            it.scale = scale ?? findYieldScale(text);
            found = true;
          }
        } else if (/^(produtos?|tratamentos?|descricao|nome)/.test(f)) it.nome = `${it.nome} ${text}`.trim();
        else if (/(aplicacao|modalidade|modo|forma|via)/.test(f)) it.mode ??= normalizeModalidade(text, c);
      }
    }
    if (!found) continue;
    for (const it of items) it.nome = cleanTreatmentName(it.nome, c).nome;
    const caption = lines.slice(Math.max(0, h - 2), h).find((l) => findYieldScale(l.text));
    if (caption) for (const it of items) it.scale ??= findYieldScale(caption.text);
    return { items, page: line.page, snippet: snippetOf(line.text) };
  }
  return null;
}

/**
 * A chart of horizontal bars: a caption with the yield unit ("Produtividade por tratamento
 * (sc/ha)"), then each treatment's label (and a smaller description) on the left and its value
 * alone at the bar's end. Each value goes to the label nearest above it (or on its baseline).
 */
export function findBarLabels(lines: TextLine[], c: CompiledReference): { items: Stated[]; page: number; snippet: string } | null {
  for (let h = 0; h < lines.length; h++) {
    const caption = lines[h] as TextLine;
    const unit = findYieldScale(caption.text);
    if (!unit || caption.cells.length !== 1 || findNumbers(caption.text.replace(/\([^)]*\)/g, '')).length > 0) continue;
    type Label = { text: string; y: number; size: number; desc: string[]; value: number | null };
    const texts: Label[] = [];
    const values: { value: number; y: number }[] = [];
    let lastY = caption.y;
    const chartLeft = (caption.cells[0]?.x ?? 0) - 20;
    for (let i = h + 1; i < lines.length; i++) {
      const l = lines[i] as TextLine;
      if (l.page !== caption.page || lastY - l.y > Math.max(36, caption.fontSize * 3.5)) break;
      // A value may carry the unit ("62,4 sc/ha") at the bar's end.
      const isValue = (text: string) => isDataCell(text) || isDataCell(text.replace(/\s*\(?[a-z@]{1,3}\s*\/\s*ha\)?\s*$/i, ''));
      // A chart set beside another column (a card's side panel) shares its lines with that column:
      // only the cells from the caption's left edge on belong to the chart.
      const chartCells = l.cells.filter((cell) => cell.right > chartLeft);
      if (chartCells.length === 0) continue;
      const textCells = chartCells.filter((cell) => !isValue(cell.text));
      const numCells = chartCells.filter((cell) => isValue(cell.text));
      if (textCells.some((cell) => cell.text.split(/\s+/).length >= 10)) break;
      for (const cell of textCells) texts.push({ text: cell.text, y: l.y, size: l.fontSize, desc: [], value: null });
      for (const cell of numCells) {
        const n = findNumbers(cell.text)[0];
        if (n && textCells.length === 0 && !/^[+]/.test(cell.text.trim())) values.push({ value: n.value, y: l.y });
        else if (n && textCells.length > 0 && cell.x > (textCells[textCells.length - 1]?.right ?? 0)) {
          const label = texts[texts.length - 1];
          if (label) label.value = n.value;
        }
      }
      lastY = l.y;
    }
    const size = Math.max(0, ...texts.map((t) => t.size));
    const labels = texts.filter((t) => t.size === size);
    for (const t of texts) {
      if (t.size === size) continue;
      const owner = [...labels].reverse().find((lab) => lab.y >= t.y);
      owner?.desc.push(t.text);
    }
    for (const v of values) {
      const above = labels.filter((lab) => lab.y >= v.y - 2 && lab.value === null);
      const owner = above.length > 0 ? above[above.length - 1] : undefined;
      if (owner && owner.y - v.y < size * 2) owner.value = v.value;
    }
    const items = labels
      .filter((lab) => lab.value !== null)
      .map((lab) => {
        // The mode in the smaller description under the label, else after a dash in the label itself
        // ("Produto – via foliar"), which is then no part of the name.
        const [head = lab.text, ...tail] = lab.text.split(/\s[–—-]\s/);
        const dashMode = tail.length > 0 ? normalizeModalidade(tail.join(' '), c) : null;
        return {
          id: null,
          nome: cleanTreatmentName(dashMode ? head : lab.text, c).nome,
          mode: normalizeModalidade(lab.desc.join(' '), c) ?? dashMode,
          value: lab.value,
          scale: unit,
        };
      });
    if (items.length >= 2 && items.length === labels.length) return { items, page: caption.page, snippet: snippetOf(caption.text) };
  }
  return null;
}

/**
 * A chart of vertical bars: the treatments' names on one line under the bars, each value
 * printed above its bar (at the bar's height, so the values stand on different lines), under a
 * caption with the yield unit. Each name takes the one value centred over it.
 */
export function findColumnBars(lines: TextLine[], c: CompiledReference): { items: Stated[]; page: number; snippet: string } | null {
  for (let h = 0; h < lines.length; h++) {
    const base = lines[h] as TextLine;
    const names = base.cells;
    if (
      names.length < 2 ||
      names.some((cell) => isDataCell(cell.text) || cell.text.split(/\s+/).length > 5 || !/[A-Za-zÀ-ÿ]{2}/.test(cell.text))
    )
      continue;
    const left = Math.min(...names.map((n) => n.x));
    const right = Math.max(...names.map((n) => n.right));
    const values: { value: number; x: number; y: number }[] = [];
    let caption: { line: TextLine; scale: YieldScale } | null = null;
    for (let i = h - 1; i >= 0; i--) {
      const l = lines[i] as TextLine;
      if (l.page !== base.page || l.y - base.y > 700) break;
      const inChart = l.cells.filter((cell) => cell.right > left - 20 && cell.x < right + 20);
      const unitCell = inChart.find((cell) => findYieldScale(cell.text) && !isDataCell(cell.text));
      if (unitCell && values.length > 0) {
        const scale = findYieldScale(unitCell.text);
        if (scale) caption = { line: l, scale };
        break;
      }
      for (const cell of inChart) {
        const n = isDataCell(cell.text) ? findNumbers(cell.text)[0] : undefined;
        if (n && !/^[+]/.test(cell.text.trim())) values.push({ value: n.value, x: (cell.x + cell.right) / 2, y: l.y });
      }
    }
    if (!caption) continue;
    const pitch = Math.min(...names.slice(1).map((n, k) => (n.x + n.right) / 2 - ((names[k]?.x ?? 0) + (names[k]?.right ?? 0)) / 2));
    const items = names.map((n) => {
      const centre = (n.x + n.right) / 2;
      const over = values.filter((v) => Math.abs(v.x - centre) < pitch / 2);
      return { n, over };
    });
    // One value over each name, or this is not a chart of those names.
    if (items.some((it) => it.over.length !== 1)) continue;
    const scale = caption.scale;
    return {
      items: items.map(({ n, over }) => ({
        id: null,
        nome: cleanTreatmentName(n.text, c).nome,
        mode: null,
        value: over[0]?.value ?? null,
        scale,
      })),
      page: base.page,
      snippet: snippetOf(caption.line.text),
    };
  }
  return null;
}

/** Words before a number that make it something else than a treatment's yield. */
const NOT_A_YIELD =
  /(acrescimo|incremento|ganho|aumento|diferenca|superou|superaram|superior em|reducao|perda|a mais|variou|media|medias|historic|estimativa|conab|ibge|imea|emater|safra anterior|ensaio anterior|trabalho anterior|regiao|municipio|estado)[^,;]*$/;

/**
 * Yields stated in sentences of the results ("A testemunha produziu 8.912 kg ha⁻¹", "com
 * Produto X, a produtividade foi de 9.488 kg ha⁻¹"): each yield goes to the treatment named
 * last before it in its sentence. Sentences before the results section (an earlier season,
 * the literature) are not read when the report has one.
 */
export function findProseYields(
  lines: TextLine[],
  treatments: { nome: string; control: boolean; id?: number | null; text?: string | undefined }[],
): { values: Map<number, { value: number; scale: YieldScale }>; page: number; snippet: string } | null {
  let from = 0;
  lines.forEach((l, i) => {
    if (l.cells.length === 1 && /^(\d+[.)]?\s*)?resultados\b/i.test(l.text.trim()) && l.text.split(/\s+/).length <= 6) from = i;
  });
  // Exponents set a little higher ("kg ha⁻¹") come out as lines of their own between the lines
  // of a sentence, where they would split a treatment's name: they are left out.
  const body = lines.slice(from).filter((l) => !l.cells.every((cell) => /^[-−⁻]\s*[1¹]$/.test(cell.text.trim())));
  const text = body.map((l) => l.text.replace(/\t/g, ' ')).join(' ');
  const folded = fold(text);
  // A treatment's dose, where no other treatment has it, names it too ("com a dose de 2,0 L ha-1").
  const doses = treatments.map((t) => {
    const d = t.text ? findDose(t.text) : null;
    return d ? `${d.printed.replace(/[^0-9]+/g, ' ').trim()} ${fold(d.unidade).split('/')[0]}` : null;
  });
  const names = treatments.map((t, index) => {
    const dose = doses[index];
    const own = dose && doses.filter((d) => d === dose).length === 1 ? dose : null;
    return {
      index,
      // Its name, "testemunha" for the control, its code ("T3") when it has one, its own dose.
      patterns: [key(t.nome), ...(t.control ? ['testemunha', 'controle'] : [])]
        .filter((p) => p.length >= 3)
        .concat(t.id !== null && t.id !== undefined ? [`t ?${t.id}`] : [])
        .concat(own ? [`~${own}`] : []),
    };
  });
  const values = new Map<number, { value: number; scale: YieldScale }>();
  let snippet = '';
  for (const sentence of folded.matchAll(/[^.]+(?:\.(?=\d)[^.]*)*(?:\.|$)/g)) {
    const s = sentence[0];
    const base = sentence.index ?? 0;
    // Every treatment mention in the sentence, as [position, treatment].
    const mentions: { at: number; end: number; index: number }[] = [];
    // Punctuation to spaces, one for one, so positions stay those of the sentence.
    const flat = s.replace(/[^a-z0-9]/g, ' ');
    for (const n of names) {
      for (const p of n.patterns) {
        const source = p.startsWith('t ?') ? p : p.replace(/^~/, '').split(' ').map(escapeRegExp).join(' +');
        for (const m of flat.matchAll(new RegExp(`(?<![a-z0-9])${source}(?![a-z0-9])`, 'g'))) {
          mentions.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, index: n.index });
        }
      }
    }
    if (mentions.length === 0) continue;
    for (const n of findNumbers(s)) {
      const unit = yieldScaleAfter(s, n.end);
      // A signed number ("+916 kg/ha") is a gain over the control.
      if (!unit || /[+±]\s*$/.test(s.slice(0, n.index))) continue;
      const before = mentions.filter((m) => m.end <= n.index).sort((a, b) => b.end - a.end || b.end - b.at - (a.end - a.at));
      // "… 8.410 kg/ha com Produto X": a treatment named right after the unit owns the number.
      const unitEnd = n.end + unit.at + 6;
      const after = mentions
        .filter(
          (m) =>
            m.at >= n.end &&
            /^[\s\S]{0,16}?(?:(?:foi|foram)\s+(?:obtid|alcancad|registrad|verificad|observad)[oa]s?\s+)?\b(com|para|no|na|pelo|pela|do|da|de)\s+(o\s+|a\s+)?(tratamento\s+|dose\s+de\s+)?$/.test(
              s.slice(unitEnd, m.at),
            ),
        )
        .sort((a, b) => a.at - b.at)[0];
      const owner = after ?? before[0];
      if (!owner) continue;
      // The clause the number closes says what it is ("ganho de", "média da região").
      if (NOT_A_YIELD.test(s.slice(0, n.index)) || /^\s*(a|de)?\s*mais/.test(s.slice(n.end + 6, n.end + 20))) continue;
      if (!values.has(owner.index)) values.set(owner.index, { value: n.value, scale: unit });
      snippet ||= text.slice(base, base + s.length);
    }
  }
  if (values.size === 0) return null;
  const at = body.find((l) => snippet && fold(l.text.replace(/\t/g, ' ')).includes(fold(snippet).slice(0, 30)));
  return { values, page: at?.page ?? body[0]?.page ?? 1, snippet: snippetOf(snippet) };
}

/** Words that open a capitalised run without being part of a name ("O Produto X", "Já o …"). */
const LEADING_WORDS = new Set([
  'o',
  'a',
  'os',
  'as',
  'no',
  'na',
  'nos',
  'nas',
  'com',
  'ja',
  'para',
  'de',
  'do',
  'da',
  'em',
  'e',
  'um',
  'uma',
  'ao',
  'pelo',
  'pela',
  'ate',
  'mas',
  'entre',
  'sem',
  'so',
  'apenas',
  'enquanto',
  'quanto',
]);

/**
 * Treatments a report only tells in sentences, with no list and no table (a newsletter, a
 * field-day text): "A testemunha produziu 18,4 t/ha", "O Produto X, aplicado via foliar, elevou a
 * produtividade para 20,9 t/ha". Each yield goes to the treatment named last before it in its
 * sentence: the control, or a run of capitalised words (two or more, or with a brand's name).
 * Needs the control and at least one other treatment, each with a yield.
 */
export function findProseTreatments(prose: string, c: CompiledReference): { items: Stated[]; snippet: string } | null {
  const text = prose.replace(/\s+/g, ' ');
  const hasBrand = (name: string) =>
    c.brands.some((b) => {
      b.name.lastIndex = 0;
      return b.name.test(fold(name));
    });
  const found = new Map<string, Stated>();
  let snippet = '';
  for (const sentence of text.matchAll(/[^.!?]+(?:[.](?=\d)[^.!?]*)*(?:[.!?]|$)/g)) {
    const s = sentence[0];
    const mentions: { at: number; end: number; nome: string; control: boolean }[] = [];
    for (const m of s.matchAll(/(?<![\wÀ-ÿ])[A-ZÀ-Ý][\wÀ-ÿ-]*(?:\s+(?:[A-ZÀ-Ý][\wÀ-ÿ-]*|\d{1,4}(?![.,]\d)))*/g)) {
      const words = m[0].split(/\s+/);
      while (words.length > 0 && LEADING_WORDS.has(key(words[0] ?? ''))) words.shift();
      const nome = words.join(' ');
      if (!nome || isControl(nome)) continue;
      if ((words.length >= 2 && /^[A-ZÀ-Ý]/.test(nome)) || hasBrand(nome))
        mentions.push({ at: (m.index ?? 0) + m[0].length - nome.length, end: (m.index ?? 0) + m[0].length, nome, control: false });
    }
    for (const m of fold(s).matchAll(/(?<![a-z])(testemunha|controle)(?![a-z])/g))
      mentions.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, nome: 'Testemunha', control: true });
    if (mentions.length === 0) continue;
    for (const n of findNumbers(s)) {
      const scale = yieldScaleAfter(s, n.end);
      if (!scale || /[+±]\s*$/.test(s.slice(0, n.index))) continue;
      if (NOT_A_YIELD.test(fold(s.slice(0, n.index))) || /^\s*(a|de)?\s*mais/.test(fold(s.slice(n.end + 6, n.end + 20)))) continue;
      const owner = mentions.filter((m) => m.end <= n.index).sort((a, b) => b.end - a.end)[0];
      if (!owner || found.has(key(owner.nome))) continue;
      found.set(key(owner.nome), { id: null, nome: owner.nome, mode: null, value: n.value, scale });
      snippet ||= s.trim();
    }
  }
  const items = [...found.values()];
  if (items.length < 2 || !items.some((it) => isControl(it.nome))) return null;
  // With a brand among the names, the names without one are places or people.
  const branded = items.some((it) => hasBrand(it.nome));
  const kept = items.filter((it) => isControl(it.nome) || !branded || hasBrand(it.nome));
  return kept.length >= 2 ? { items: kept, snippet: snippetOf(snippet) } : null;
}
