import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export type BadgeTone = 'green' | 'blue' | 'red' | 'yellow' | 'purple' | 'orange' | 'gray';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  orange: 'bg-orange-100 text-orange-900 ring-orange-200',
  gray: 'bg-slate-100 text-slate-800 ring-slate-200',
};

export function Badge({ tone = 'gray', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[tone], className)}
    >
      {children}
    </span>
  );
}
