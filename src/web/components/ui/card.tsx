import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-soil-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-soil-100 px-5 py-4 sm:px-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}

/** A card of rows one under another, the list named by `label` for screen readers; `footer` goes below the list. */
export function ListCard({ label, children, footer }: { label: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card>
      <ul className="divide-y divide-soil-100" aria-label={label}>
        {children}
      </ul>
      {footer}
    </Card>
  );
}
