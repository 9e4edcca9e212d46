import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

export type StatColor = 'blue' | 'green' | 'yellow' | 'purple';

const COLORS: Record<StatColor, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-amber-100 text-amber-800',
  purple: 'bg-purple-100 text-purple-800',
};

/**
 * A summary card: title, value, icon, colour, an optional change with its trend and an optional
 * detail in smaller text under the value (the same figure in another unit, what it counts).
 */
export function StatCard({
  title,
  value,
  icon,
  color,
  change,
  detail,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  color: StatColor;
  change?: { text: string; trend: 'up' | 'down' };
  detail?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-soil-200 bg-white p-4 shadow-sm sm:p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{title}</p>
          <p className="mt-1 truncate text-2xl font-bold text-slate-900" data-testid="stat-value">
            {value}
          </p>
          {detail ? (
            <p className="mt-1 text-xs text-slate-600" data-testid="stat-detail">
              {detail}
            </p>
          ) : null}
        </div>
        <div className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', COLORS[color])} aria-hidden="true">
          {icon}
        </div>
      </div>
      {change ? (
        <p className={cn('mt-2 text-xs font-medium', change.trend === 'up' ? 'text-green-700' : 'text-red-700')}>
          {change.trend === 'up' ? '▲' : '▼'} {change.text}
        </p>
      ) : null}
    </div>
  );
}
