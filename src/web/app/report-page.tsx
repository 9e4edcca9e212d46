import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.js';
import { cn } from '../lib/cn.js';
import { preloadOnIntent } from './prefetch.js';

/**
 * The printable report pages (a trial's report, the joint analysis, the meta-analysis): an A4 sheet
 * on screen, the page itself on paper (print CSS hides the app around it and the controls here).
 * Above it the way back and, when there is something to print, "Imprimir"; then the kicker, the title
 * and a line under it.
 */
export function ReportPage({
  back,
  printable,
  kicker,
  title,
  subtitle,
  headerExtra,
  wide = false,
  children,
}: {
  back: { to: string; label: string };
  printable: boolean;
  kicker: string;
  title: ReactNode;
  subtitle: ReactNode;
  /** Under the subtitle, inside the header (links that do not print). */
  headerExtra?: ReactNode;
  /** Wider than A4 on a large screen (a table of many columns); A4 on paper. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <article
      className={cn(
        'report mx-auto max-w-[210mm] rounded-xl bg-white p-4 shadow-sm print:max-w-none print:rounded-none print:p-0 print:shadow-none sm:p-10',
        wide && 'lg:max-w-6xl',
      )}
    >
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link to={back.to} {...preloadOnIntent(back.to)} className="text-sm font-medium text-brand-700 hover:underline">
          {back.label}
        </Link>
        {printable ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
      </div>
      <header className="mb-5 border-b border-soil-200 pb-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{kicker}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">{title}</h1>
        <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
        {headerExtra}
      </header>
      {children}
    </article>
  );
}
