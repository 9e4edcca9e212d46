/** Tabs with the ARIA tabs pattern (arrow keys move between tabs). */
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.js';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export function Tabs<K extends string>({
  items,
  value,
  onChange,
  children,
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = items[(index + delta + items.length) % items.length]!;
    onChange(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div>
      {/* Phones: the tabs wrap into a two-column grid of buttons, so no label is ever cut;
          from 640 px, a row of underlined tabs that scrolls if it must. */}
      <div role="tablist" className="grid grid-cols-2 gap-1.5 sm:flex sm:gap-1 sm:overflow-x-auto sm:border-b sm:border-soil-200">
        {items.map((t, i) => {
          const selected = t.key === value;
          return (
            <button
              key={t.key}
              id={`${id}-tab-${t.key}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              onKeyDown={(e) => onKey(e, i)}
              className={cn(
                'min-h-11 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
                'sm:-mb-px sm:whitespace-nowrap sm:rounded-none sm:border-0 sm:border-b-2 sm:px-4 sm:py-2.5',
                selected
                  ? 'border-brand-600 bg-brand-50 text-brand-800 sm:bg-transparent'
                  : 'border-soil-200 bg-white text-slate-600 hover:text-slate-900 sm:border-transparent sm:bg-transparent sm:hover:border-soil-200',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${value}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}
