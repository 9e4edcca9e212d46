import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { ScrollX } from './scroll-x.js';

/**
 * The app's list table: scrolls sideways on a narrow screen (ScrollX: a shadow and a "Deslize para
 * ver mais" button say that columns are out of view), small-caps column headers over rows divided
 * by a line. `children` are the body's rows.
 */
export function DataTable({
  headers,
  nowrapHeaders = false,
  bodyClassName,
  children,
}: {
  headers: readonly string[];
  nowrapHeaders?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <ScrollX>
      <table className="min-w-full divide-y divide-soil-200 text-sm">
        <thead className="bg-soil-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={cn(nowrapHeaders && 'whitespace-nowrap', 'px-4 py-3')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-soil-100', bodyClassName)}>{children}</tbody>
      </table>
    </ScrollX>
  );
}
