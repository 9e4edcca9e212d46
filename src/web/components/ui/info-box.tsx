import type { ReactNode } from 'react';

/** A calm explanatory box (ROI, upload, crops...). */
export function InfoBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950">
      <p className="flex items-center gap-2 font-semibold">
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a1 1 0 0 0 0 2v3a1 1 0 0 0 1 1h1a1 1 0 1 0 0-2v-3a1 1 0 0 0-1-1H9Z"
            clipRule="evenodd"
          />
        </svg>
        {title}
      </p>
      <div className="mt-1.5 space-y-1.5 text-blue-900">{children}</div>
    </aside>
  );
}
