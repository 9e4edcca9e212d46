/**
 * One plot's value: a text input read as a pt-BR decimal ("12,5"), labelled "Parcela 101 — T2 …",
 * with the decimal keypad, its message under it (not a number, or what the assessment's type
 * refuses: valueProblem's words) and Enter handed to the page (next plot).
 */
import { type KeyboardEvent, forwardRef, useId } from 'react';
import { formatDecimal, parseDecimal } from '../../../../shared/decimal.js';
import { DECIMAL_TEXT, formatValue, useDecimalText } from '../../../components/ui/number-input.js';
import { cn } from '../../../lib/cn.js';

const parse = (text: string) => parseDecimal(text);
const format = (v: unknown) => formatValue(v, parse, (n) => formatDecimal(n));

export interface PlotInputProps {
  numero: number;
  label: string;
  /** A number, null when empty, NaN while the text is not a number. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** What the assessment's type refuses of the value (valueProblem), shown when the text itself is a number. */
  problem?: string | null | undefined;
  onEnter?: (() => void) | undefined;
  size?: 'lg' | 'md';
  unit?: string | undefined;
  /** A mark beside the input: "guardado", "em conflito"… */
  status?: string | undefined;
}

export const PlotInput = forwardRef<HTMLInputElement, PlotInputProps>(function PlotInput(
  { numero, label, value, onChange, problem, onEnter, size = 'md', unit, status },
  ref,
) {
  const id = useId();
  const field = useDecimalText({ value, parse, format, onChange, error: problem ?? undefined });
  const error = field.error;
  const describedBy = [error ? `${id}-error` : null, status ? `${id}-status` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      {/* One plot at a time, the card's big heading already says it: the label is for screen readers. */}
      <label htmlFor={id} className={cn('block font-medium text-slate-800', size === 'lg' ? 'sr-only' : 'mb-1 text-sm')}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={`parcela-${numero}`}
          {...DECIMAL_TEXT}
          enterKeyHint="next"
          value={field.text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={field.handlers.onChange}
          onFocus={field.handlers.onFocus}
          onBlur={field.handlers.onBlur}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            field.handlers.onKeyDown(e);
            if (e.key === 'Enter') {
              e.preventDefault();
              onEnter?.();
            }
          }}
          className={cn(
            'block w-full rounded-lg border bg-white px-4 tabular-nums text-slate-900 shadow-sm transition-colors',
            'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500',
            size === 'lg' ? 'h-16 text-3xl font-semibold' : 'h-12 text-lg',
            unit ? 'pr-16' : undefined,
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        {unit ? (
          <span
            className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-4 text-base text-slate-600"
            aria-hidden="true"
          >
            {unit}
          </span>
        ) : null}
      </div>
      {status ? (
        <p id={`${id}-status`} className="mt-1 text-xs text-slate-600">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
