import type { ReactNode } from 'react';

/** The looks a term and its value take in the app's description lists (`<dl>`). */
const LOOKS = {
  /** The experiment's details: a small grey label over a medium-weight value. */
  detail: { box: undefined, term: 'text-xs text-slate-600', value: 'font-medium text-slate-900' },
  /** The profile: a label in capitals over the value. */
  caps: { box: undefined, term: 'text-xs font-medium uppercase tracking-wide text-slate-600', value: 'mt-1 text-sm text-slate-900' },
  /** The trial report's summary: bolder capitals, and a long value wraps within its column. */
  summary: {
    box: 'min-w-0',
    term: 'text-xs font-semibold uppercase tracking-wide text-slate-600',
    value: 'mt-0.5 break-words text-slate-900',
  },
  /** A figure in a tile of its own (the map's totals). */
  tile: {
    box: 'rounded-lg border border-soil-200 bg-soil-50 px-3 py-3 sm:px-4',
    term: 'text-xs font-medium text-slate-600 sm:text-sm',
    value: 'mt-1 text-lg font-semibold text-brand-700 tabular-nums sm:text-2xl',
  },
} satisfies Record<string, { box: string | undefined; term: string; value: string }>;

/** One term of a description list and its value. */
export function DescriptionItem({ look, label, value }: { look: keyof typeof LOOKS; label: string; value: ReactNode }) {
  const { box, term, value: valueClass } = LOOKS[look];
  return (
    <div className={box}>
      <dt className={term}>{label}</dt>
      <dd className={valueClass}>{value}</dd>
    </div>
  );
}
