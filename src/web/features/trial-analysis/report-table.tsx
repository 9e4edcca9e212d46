/**
 * The report's table primitives and number formats, shared by every section of the trial analysis
 * (ANOVA, means and letters, gains, and the sections of the other tests).
 */
import { type ReactNode, useId } from 'react';
import { formatNumber } from '../../../shared/format.js';
import { cn } from '../../lib/cn.js';
import { ScrollX } from '../../components/ui/scroll-x.js';

export const n = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '-' : formatNumber(v, digits));
export const p = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v < 0.0001 ? '< 0,0001' : formatNumber(v, 4));

/*
 * The report's tables (issue 19: headers ran together, "MÉDIATUKEY", "5,799,8%"): every cell has
 * its own padding and never wraps, numbers are right-aligned in tabular figures, and a table wider
 * than its card scrolls inside it with the first column (the treatment's name) kept in view.
 * styles.css prints them whole (`.report-scroll`, `.report-table`).
 */
export const TH =
  'whitespace-nowrap border-b border-soil-200 bg-soil-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
export const TH_NUM = cn(TH, 'text-right');
/** A number column's header that may wrap (the gains' eight columns fit a wide screen so). */
export const TH_NUM_WRAP =
  'border-b border-soil-200 bg-soil-50 px-3 py-2 text-right align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600';
export const TD = 'whitespace-nowrap px-3 py-1.5 text-slate-900';
export const TD_NUM = cn(TD, 'text-right tabular-nums');
export const FIRST_TH = 'sticky left-0 z-10 text-left';
// The first column (a treatment's name, often "Produto A + Produto B + …") wraps within its width
// instead of pushing every number out of view; its cells use FIRST_TD alone, without TD's nowrap.
export const FIRST_TD =
  'sticky left-0 z-10 min-w-[8rem] max-w-[11rem] bg-white px-3 py-1.5 text-left font-medium text-slate-900 sm:max-w-[18rem]';
export const ROW = 'border-b border-soil-100 last:border-b-0';

export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  // The title sits outside the scrolling box, so on a phone it wraps in full instead of scrolling
  // away with a table wider than the screen; it still names the table and the region.
  const id = useId();
  return (
    <div className="report-box min-w-0 rounded-lg border border-soil-200">
      <div id={id} className="border-b border-soil-200 px-3 py-2 text-left text-sm font-semibold text-slate-800">
        {caption}
      </div>
      <ScrollX className="report-scroll min-w-0 rounded-b-lg" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="report-table w-full border-collapse text-sm" aria-labelledby={id}>
          {children}
        </table>
      </ScrollX>
    </div>
  );
}

/** A row of an analysis-of-variance table; null where a value does not apply (Total's QM, the residual's F). */
export interface LinhaFv {
  fonte: string;
  gl: number;
  sq: number | null;
  qm: number | null;
  f: number | null;
  p: number | null;
}

/** The analysis-of-variance table every section prints: FV, GL, SQ, QM, F, p. */
export function AnovaTable({ caption, linhas }: { caption: string; linhas: readonly LinhaFv[] }) {
  return (
    <ScrollTable caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={cn(TH, FIRST_TH)}>
            FV
          </th>
          {['GL', 'SQ', 'QM', 'F', 'p'].map((h) => (
            <th key={h} scope="col" className={TH_NUM}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((l, i) => (
          <tr key={`${i}-${l.fonte}`} className={ROW}>
            <td className={FIRST_TD}>{l.fonte}</td>
            <td className={TD_NUM}>{Number.isInteger(l.gl) ? l.gl : n(l.gl)}</td>
            <td className={TD_NUM}>{l.sq === null ? '' : n(l.sq)}</td>
            <td className={TD_NUM}>{l.qm === null ? '' : n(l.qm)}</td>
            <td className={TD_NUM}>{l.f === null ? '' : n(l.f, 3)}</td>
            <td className={TD_NUM}>{l.p === null ? '' : p(l.p)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
