/**
 * Plot values as a spreadsheet-like grid: treatments as rows, blocks as columns. A block copied from
 * Excel or LibreOffice pasted into any cell fills from there right and down, or fills nothing and
 * says why (a cell that is not a number, or a value the variable does not allow). Arrows and Enter
 * move between cells; each row's mean is shown live. On a phone the grid scrolls sideways inside its
 * own box, with the treatment column pinned. The yield grid (yield-grid.tsx) and each assessment's
 * grid (experiment-form) are this grid with their own reading of a cell.
 */
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { NUMBER_INVALID, type ParseResult, parseDecimal } from '../../../shared/decimal.js';
import { type Cell, applyUpdates, isBlockPaste, planPaste, rowMean } from '../../../shared/plot-grid.js';
import { cn } from '../../lib/cn.js';
import { StatusLine, type StatusMessage } from './alert.js';
import { DECIMAL_TEXT, formatValue, useDecimalText } from './number-input.js';

export interface PlotGridProps {
  /** The treatments, in order: one row each. */
  rows: readonly { label: string }[];
  /** Number of blocks (columns). */
  blocks: number;
  /** Stored values, rows × blocks; null is empty, NaN a text that is not a number. */
  values: readonly (readonly Cell[])[];
  /** The whole grid after a change, and which cells changed. */
  onChange: (values: Cell[][], changed: { row: number; col: number }[]) => void;
  /** The form's message per cell (rows × blocks). */
  errors?: readonly (readonly (string | undefined)[] | undefined)[];
  /** The input's name (the form's path) of a cell. */
  cellName: (row: number, col: number) => string;
  /** Its accessible name: "T2 - Fungicida, bloco 3 (%)". */
  cellLabel: (rowLabel: string, col: number) => string;
  /** A typed or pasted text as the stored value, or why it cannot be one. */
  read: (text: string) => ParseResult;
  /** A stored value as the cell shows it. */
  format: (value: number) => string;
  /** The table's caption (read by screen readers). */
  caption: string;
  /** The mean column's header and how a row's mean is written. */
  meanHeader: string;
  formatMean: (mean: number | null) => string;
  /** Above the help text: the yield grid's unit, say. */
  toolbar?: ReactNode;
  /** Said after the help text ("Os valores são salvos em kg/ha."). */
  note?: string;
  /** A change of this redraws every cell from its stored value (the yield grid's unit). */
  view?: string;
}

interface CellProps {
  name: string;
  label: string;
  value: Cell;
  read: (text: string) => ParseResult;
  format: (value: number) => string;
  error: string | undefined;
  errorId: string;
  row: number;
  col: number;
  /** The message the cell at (row, col) shows now (its own reading of the text first, else the form's). */
  onError: (row: number, col: number, message: string | undefined) => void;
  onValue: (value: number | null) => void;
  onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
  onNavigate: (e: KeyboardEvent<HTMLInputElement>) => void;
  register: (el: HTMLInputElement | null) => void;
}

function GridCell({
  name,
  label,
  value,
  read,
  format,
  error,
  errorId,
  row,
  col,
  onError,
  onValue,
  onPaste,
  onNavigate,
  register,
}: CellProps) {
  const field = useDecimalText({
    value,
    parse: read,
    format: (v: unknown) => formatValue(v, (t) => parseDecimal(t), format),
    onChange: onValue,
    error,
  });
  useEffect(() => onError(row, col, field.error), [row, col, field.error, onError]);
  return (
    <>
      <input
        ref={register}
        name={name}
        {...DECIMAL_TEXT}
        aria-label={label}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        value={field.text}
        onChange={field.handlers.onChange}
        onFocus={field.handlers.onFocus}
        onBlur={field.handlers.onBlur}
        onKeyDown={(e) => {
          field.handlers.onKeyDown(e);
          onNavigate(e);
        }}
        onPaste={onPaste}
        className={cn(
          'block h-11 w-20 rounded-md border bg-white px-2 text-right text-sm text-slate-900 tabular-nums sm:w-24',
          'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500',
          field.error ? 'border-red-600 bg-red-50' : 'border-slate-300',
        )}
      />
    </>
  );
}

/** Moving from a cell with the keyboard, spreadsheet-style; null when the key stays in the text. */
function target(e: KeyboardEvent<HTMLInputElement>, row: number, col: number): [number, number] | null {
  const el = e.currentTarget;
  const len = el.value.length;
  const start = el.selectionStart ?? 0;
  const end = el.selectionEnd ?? 0;
  const all = start === 0 && end === len;
  const jump = e.ctrlKey || e.metaKey;
  switch (e.key) {
    case 'ArrowUp':
      return [row - 1, col];
    case 'ArrowDown':
      return [row + 1, col];
    case 'Enter':
      return [e.shiftKey ? row - 1 : row + 1, col];
    case 'ArrowLeft':
      return jump || all || end === 0 ? [row, col - 1] : null;
    case 'ArrowRight':
      return jump || all || start === len ? [row, col + 1] : null;
    default:
      return null;
  }
}

export function PlotGrid(props: PlotGridProps) {
  const {
    rows,
    blocks,
    values,
    onChange,
    errors,
    cellName,
    cellLabel,
    read,
    format,
    caption,
    meanHeader,
    formatMean,
    toolbar,
    note,
    view,
  } = props;
  const id = useId();
  const [message, setMessage] = useState<StatusMessage>(null);
  const cells = useRef(new Map<string, HTMLInputElement>());
  // Each cell's message, listed under the grid with the cell it belongs to: a cell is too narrow
  // for "150 não é uma porcentagem válida: use de 0 a 100".
  const [cellErrors, setCellErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const reportError = useCallback((i: number, j: number, m: string | undefined) => {
    const key = `${i}:${j}`;
    setCellErrors((prev) => {
      if (prev.get(key) === m) return prev;
      const next = new Map(prev);
      if (m) next.set(key, m);
      else next.delete(key);
      return next;
    });
  }, []);
  const listed = [...cellErrors]
    .map(([key, text]) => {
      const [i, j] = key.split(':').map(Number) as [number, number];
      return { key, i, j, text };
    })
    .filter(({ i, j }) => i < rows.length && j < blocks)
    .sort((a, b) => a.i - b.i || a.j - b.j);
  const grid: Cell[][] = rows.map((_, i) => Array.from({ length: blocks }, (_, j) => values[i]?.[j] ?? null));

  const errorOf = (i: number, j: number): string | undefined => {
    const own = grid[i]?.[j];
    return errors?.[i]?.[j] ?? (typeof own === 'number' && Number.isNaN(own) ? NUMBER_INVALID : undefined);
  };

  const setCell = (i: number, j: number, value: number | null) => {
    setMessage(null);
    onChange(applyUpdates(grid, [{ row: i, col: j, value }]), [{ row: i, col: j }]);
  };

  const paste = (i: number, j: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isBlockPaste(text)) return; // one value: the browser pastes it into the text
    e.preventDefault();
    const plan = planPaste(text, { row: i, col: j, rows: rows.length, cols: blocks, read });
    if (!plan.ok) {
      setMessage({ tone: 'error', text: plan.message });
      return;
    }
    onChange(
      applyUpdates(grid, plan.updates),
      plan.updates.map(({ row, col }) => ({ row, col })),
    );
    const n = plan.updates.length;
    setMessage({ tone: 'ok', text: `${n} ${n === 1 ? 'valor colado' : 'valores colados'} (${plan.rows} × ${plan.cols}).` });
  };

  const navigate = (i: number, j: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    const to = target(e, i, j);
    // Enter never submits the form from the grid, even on the last row.
    if (e.key === 'Enter') e.preventDefault();
    if (!to) return;
    const el = cells.current.get(`${to[0]}:${to[1]}`);
    if (!el) return;
    e.preventDefault();
    el.focus();
    el.select();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        {toolbar}
        <p id={`${id}-help`} className="max-w-md text-xs text-slate-600">
          Cole um bloco copiado do Excel ou do LibreOffice em qualquer célula. Setas e Enter movem entre as células.
          {note ? ` ${note}` : null}
        </p>
      </div>

      {blocks > 2 ? (
        <p className="text-xs text-slate-600 sm:hidden">
          Deslize a tabela para o lado para ver os {blocks} blocos e a média; a coluna dos tratamentos fica fixa.
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-soil-200 bg-white">
        <table className="min-w-full border-collapse text-sm" aria-describedby={`${id}-help`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-soil-50">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-soil-50 px-2 py-2 text-left font-semibold text-slate-800 shadow-[1px_0_0_var(--color-soil-200)] sm:px-3"
              >
                Tratamento
              </th>
              {Array.from({ length: blocks }, (_, j) => (
                <th key={j} scope="col" className="whitespace-nowrap px-1 py-2 text-center font-medium text-slate-700">
                  Bloco {j + 1}
                </th>
              ))}
              <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold text-slate-800">
                {meanHeader}
              </th>
            </tr>
          </thead>
          <tbody key={view}>
            {rows.map((row, i) => {
              const { mean, filled } = rowMean(grid[i] ?? []);
              return (
                <tr key={i} className="border-t border-soil-200">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-2 py-1 text-left font-medium text-slate-800 shadow-[1px_0_0_var(--color-soil-200)] sm:px-3"
                  >
                    {/* Narrow on phones, so that two blocks show beside the pinned column at 375 px; the
                        name wraps there rather than being cut ("T2 - Ami…"). */}
                    <span className="block w-[6.5rem] text-xs leading-snug [overflow-wrap:anywhere] sm:w-auto sm:max-w-[14rem] sm:text-sm">
                      {row.label}
                    </span>
                  </th>
                  {Array.from({ length: blocks }, (_, j) => (
                    <td key={j} className="px-1 py-1 align-top">
                      <GridCell
                        name={cellName(i, j)}
                        label={cellLabel(row.label, j)}
                        value={grid[i]?.[j] ?? null}
                        read={read}
                        format={format}
                        error={errorOf(i, j)}
                        errorId={`${id}-e-${i}-${j}`}
                        row={i}
                        col={j}
                        onError={reportError}
                        onValue={(v) => setCell(i, j, v)}
                        onPaste={paste(i, j)}
                        onNavigate={navigate(i, j)}
                        register={(el) => {
                          if (el) cells.current.set(`${i}:${j}`, el);
                          else cells.current.delete(`${i}:${j}`);
                        }}
                      />
                    </td>
                  ))}
                  <td className="whitespace-nowrap px-3 py-1 text-right tabular-nums" data-testid={`media-${i}`}>
                    <span className="font-semibold text-brand-800">{formatMean(mean)}</span>
                    {filled > 0 && filled < blocks ? (
                      <span className="block text-xs text-slate-600">
                        {filled} de {blocks} blocos
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {listed.length ? (
        <ul className="space-y-0.5 text-sm text-red-700" aria-label="Valores recusados">
          {listed.map(({ key, i, j, text }) => (
            <li key={key}>
              {rows[i]?.label}, bloco {j + 1}: <span id={`${id}-e-${i}-${j}`}>{text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <StatusLine status={message} />
    </div>
  );
}
