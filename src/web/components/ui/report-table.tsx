/**
 * The report's table: every table of the trial report (ANOVA, means and letters, gains, the other
 * tests' sections, the joint analysis) and of an experiment's assessments, wherever it is shown.
 */
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.js';
import { ScrollX } from './scroll-x.js';

/*
 * The report's tables: every cell has its own padding and never wraps (else headers run together,
 * "MÉDIATUKEY", "5,799,8%"), numbers are right-aligned in tabular figures, and a table wider
 * than its card scrolls inside it with the first column (the treatment's name) kept in view.
 * styles.css prints them whole (`.report-scroll`, `.report-table`).
 */
const TH = 'whitespace-nowrap border-b border-soil-200 bg-soil-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
export const TH_NUM = cn(TH, 'text-right');
/** A number column's header that may wrap (the gains' eight columns fit a wide screen so). */
export const TH_NUM_WRAP =
  'border-b border-soil-200 bg-soil-50 px-3 py-2 text-right align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600';
const TD = 'whitespace-nowrap px-3 py-1.5 text-slate-900';
export const TD_NUM = cn(TD, 'text-right tabular-nums');
const FIRST_TH = 'sticky left-0 z-10 text-left';
// The first column (a treatment's name, often "Produto A + Produto B + …") wraps within its width
// instead of pushing every number out of view; its cells use FIRST_TD alone, without TD's nowrap.
const FIRST_TD = 'sticky left-0 z-10 min-w-[8rem] max-w-[11rem] bg-white px-3 py-1.5 text-left font-medium text-slate-900 sm:max-w-[18rem]';
const ROW = 'border-b border-soil-100 last:border-b-0';

/**
 * A column of a report table. The first column of every table names the row (a treatment, a
 * source of variation, a site) and stays in view while the others scroll under it.
 */
export interface ReportColumn<T> {
  header: ReactNode;
  /** React's key for the column; the header when it is a string and this is absent. */
  key?: string;
  /** 'number': right-aligned in tabular figures; 'letters': a test's letters, centred in bold. */
  kind?: 'text' | 'number' | 'letters';
  /** Classes that replace the header's own (a header allowed to wrap); the first column keeps its own. */
  headerClassName?: string;
  /** Classes that replace the cells' own (a cell that wraps, a bold total); the first column keeps its own. */
  cellClassName?: string;
  cell: (row: T, index: number) => ReactNode;
}

const HEADER_CLASS = { text: TH, number: TH_NUM, letters: cn(TH, 'text-center') } as const;
const CELL_CLASS = { text: TD, number: TD_NUM, letters: cn(TD, 'text-center font-semibold') } as const;

/**
 * Every table of the trial report: its title outside the scrolling box, so on a phone it wraps in
 * full instead of scrolling away with a table wider than the screen; it still names the table and
 * the region.
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Added to every row's own classes. */
  rowClassName?: string;
}) {
  const id = useId();
  const key = (c: ReportColumn<T>, j: number) => c.key ?? (typeof c.header === 'string' ? c.header : String(j));
  return (
    <div className="report-box min-w-0 rounded-lg border border-soil-200">
      <div id={id} className="border-b border-soil-200 px-3 py-2 text-left text-sm font-semibold text-slate-800">
        {caption}
      </div>
      <ScrollX className="report-scroll min-w-0 rounded-b-lg" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="report-table w-full border-collapse text-sm" aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((c, j) => (
                <th
                  key={key(c, j)}
                  scope="col"
                  className={j === 0 ? cn(TH, FIRST_TH) : (c.headerClassName ?? HEADER_CLASS[c.kind ?? 'text'])}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={rowKey(row, i)} className={cn(ROW, rowClassName)}>
                {columns.map((c, j) => (
                  <td key={key(c, j)} className={j === 0 ? FIRST_TD : (c.cellClassName ?? CELL_CLASS[c.kind ?? 'text'])}>
                    {c.cell(row, i)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
