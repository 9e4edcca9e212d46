/**
 * The dashboard's search box ("Buscar por consultoria, cidade, cultura ou marca..."; docs/product-rules.md#documents-tab).
 * One term for the PDF cards and the experiments table: it lives in the URL (`busca`), so it
 * follows the user from one tab to the other. Typing is local; the URL (and so the request)
 * follows 250 ms after the last key.
 */
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.js';

export const SEARCH_PLACEHOLDER = 'Buscar por consultoria, cidade, cultura ou marca...';
const DELAY_MS = 250;

export function SearchBox({
  value,
  onChange,
  label,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name: what is searched ("Buscar documentos", "Buscar experimentos"). */
  label: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);

  // A change from outside (Limpar busca, the back button) replaces what is typed.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    sent.current = next.trim();
    onChange(next.trim());
  };

  return (
    <input
      type="search"
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => send(next), DELAY_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send(text);
      }}
      placeholder={SEARCH_PLACEHOLDER}
      aria-label={label}
      enterKeyHint="search"
      className={cn(
        'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm placeholder:text-slate-500',
        'focus:outline-none focus:ring-2 focus:ring-brand-500 sm:h-10 sm:w-96',
        className,
      )}
    />
  );
}
