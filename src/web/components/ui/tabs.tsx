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
      <div role="tablist" className="flex gap-1 overflow-x-auto border-b border-soil-200">
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
                '-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium transition-colors',
                selected
                  ? 'border-brand-600 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-soil-200 hover:text-slate-900',
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
