import type { ReactNode } from 'react';

/** An outline icon drawn in the text's colour. Always beside a text that says the same, so hidden from screen readers. */
export function LineIcon({
  className,
  strokeWidth = '2',
  viewBox = '0 0 24 24',
  children,
}: {
  className: string;
  strokeWidth?: string;
  viewBox?: string;
  children: ReactNode;
}) {
  return (
    <svg viewBox={viewBox} className={className} fill="none" stroke="currentColor" strokeWidth={strokeWidth} aria-hidden="true">
      {children}
    </svg>
  );
}
