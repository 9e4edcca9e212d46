import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.js';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="px-6 py-7 sm:px-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 border-t border-soil-100 pt-5 text-center text-sm text-slate-700">{footer}</div> : null}
    </Card>
  );
}
