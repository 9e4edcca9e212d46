/**
 * The number input of the whole product: a text input that reads "3,2", "1.234,5" and
 * "3.2" (src/shared/decimal.ts), reports a JS number to the form, and refuses anything else in place
 * with "Informe um número válido": never a dropped character, never a value multiplied by ten.
 *
 * While focused it keeps the user's own text (the caret stays where the user put it); on blur it
 * shows the value in pt-BR. An invalid text is reported as NaN, which the experiment schema rejects
 * with the same message, so nothing wrong is ever sent.
 *
 * Wiring (step-fields.tsx): replace
 *   <Input label="Teor de argila (%)" type="number" step="0.01" … {...field('teor_argila')} />
 * by
 *   <FormNumberInput name="teor_argila" label="Teor de argila (%)" unit="%" decimals={2} requiredMark />
 * and latitude/longitude by
 *   <FormNumberInput name="latitude" label="Latitude" kind="coordinate" axis="lat" hint="…" />
 * Outside react-hook-form, use <NumberInput value onChange … /> directly.
 */
import { type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, forwardRef, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { type Axis, type DecimalKind, type ParseResult, formatDecimal, parseCoordinate, parseDecimal } from '../../../shared/decimal.js';
import { Input } from './field.js';

/** Same value for the purpose of "did the form change it under us?": NaN equals NaN. */
const same = (a: unknown, b: unknown) => Object.is(a, b);

export interface DecimalTextOptions {
  /** The form's value: a number, null/'' when empty, or a string (older form defaults). */
  value: unknown;
  parse: (text: string) => ParseResult;
  format: (value: unknown) => string;
  /** Called with a number, null for empty, or NaN for a text that is not a number. */
  onChange: (value: number | null) => void;
  onBlur?: (() => void) | undefined;
  /** The form's own error (bounds, required…), shown when the text itself is fine. */
  error?: string | undefined;
}

/**
 * The text state of a number field, shared by NumberInput and the yield grid's cells. The text the
 * user typed is kept until it is valid and the field loses focus; a value set from outside (a form
 * reset, edit mode loading 3.2, a paste into the grid) replaces it.
 */
/**
 * The attributes of a control holding a pt-BR decimal: text (type=number would refuse the comma and
 * spin on the wheel), the decimal keypad, and no autofill or spelling marks.
 */
export const DECIMAL_TEXT = { type: 'text', inputMode: 'decimal', autoComplete: 'off', spellCheck: false } as const;

export function useDecimalText({ value, parse, format, onChange, onBlur, error }: DecimalTextOptions) {
  const [draft, setDraft] = useState<string | null>(null);
  // The last value we reported, or saw arrive: a different incoming value came from outside.
  const [seen, setSeen] = useState<unknown>(value);
  const [focused, setFocused] = useState(false);
  // Enter pressed: the user considers the value done, so an incomplete text is an error now.
  const [committed, setCommitted] = useState(false);
  if (!same(value, seen)) {
    setSeen(value);
    setDraft(null);
  }

  const parsed = draft === null ? null : parse(draft);
  const typing = parsed !== null && !parsed.ok && parsed.incomplete && focused && !committed;
  const ownError = parsed && !parsed.ok && !typing ? parsed.message : undefined;

  return {
    text: draft ?? format(value),
    /** The field's own message first (it says what is wrong with the text), else the form's. */
    error: typing ? undefined : (ownError ?? error),
    handlers: {
      onChange(e: { target: { value: string } }) {
        const text = e.target.value;
        setDraft(text);
        setCommitted(false);
        const r = parse(text);
        const next = r.ok ? r.value : Number.NaN;
        if (!same(next, seen)) {
          setSeen(next);
          onChange(next);
        }
      },
      onFocus(e: FocusEvent<HTMLInputElement>) {
        setFocused(true);
        // A field holding the default 0 is replaced by typing, not appended to ("0-12,5").
        const shown = parse(format(value));
        if (draft === null && shown.ok && shown.value === 0) e.currentTarget.select();
      },
      onBlur() {
        setFocused(false);
        setCommitted(false);
        if (draft !== null && parse(draft).ok) setDraft(null);
        onBlur?.();
      },
      onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
        if (e.key === 'Enter') setCommitted(true);
      },
    },
  };
}

/** Display text of a form value: numbers in pt-BR, strings read first (they may be "3.2"). */
export function formatValue(value: unknown, parse: (text: string) => ParseResult, format: (n: number) => string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? format(value) : '';
  if (typeof value !== 'string') return '';
  const r = parse(value);
  return r.ok ? (r.value === null ? '' : format(r.value)) : value;
}

export function decimalParser(kind: DecimalKind, decimals?: number, axis?: Axis): (text: string) => ParseResult {
  if (kind === 'coordinate' && axis) return (text) => parseCoordinate(text, axis);
  return (text) => parseDecimal(text, { kind, decimals });
}

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'min' | 'max' | 'step'
>;

export interface NumberInputProps extends NativeProps {
  /** The field path; stays on the real <input> (tests find `input[name="teor_argila"]`). */
  name: string;
  value: number | string | null | undefined;
  /** A number, null when empty, NaN when the text is not a number (the schema refuses NaN). */
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown inside the right edge: "%", "kg/ha", "R$". */
  unit?: string;
  /** Most decimal places accepted (more is refused, never rounded) and shown. */
  decimals?: number;
  /** 'money' shows two decimals; 'coordinate' reads a dot as decimal and shows no thousands. */
  kind?: DecimalKind;
  /** With kind 'coordinate': also read degrees-minutes-seconds and N/S or E/L/W/O. */
  axis?: Axis;
  requiredMark?: boolean;
  containerClassName?: string;
}

export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  {
    name,
    value,
    onChange,
    onBlur,
    label,
    error,
    hint,
    unit,
    decimals,
    kind = 'number',
    axis,
    requiredMark,
    containerClassName,
    onFocus,
    onKeyDown,
    style,
    className,
    ...rest
  },
  ref,
) {
  const parse = decimalParser(kind, decimals, axis);
  const format = (v: unknown) => formatValue(v, parse, (n) => formatDecimal(n, { kind, decimals }));
  const field = useDecimalText({ value, parse, format, onChange, onBlur, error });
  return (
    <Input
      {...rest}
      ref={ref}
      name={name}
      {...DECIMAL_TEXT}
      label={label}
      hint={hint}
      requiredMark={requiredMark}
      containerClassName={containerClassName}
      error={field.error}
      value={field.text}
      onChange={field.handlers.onChange}
      onBlur={field.handlers.onBlur}
      onFocus={(e) => {
        field.handlers.onFocus(e);
        onFocus?.(e);
      }}
      onKeyDown={(e) => {
        field.handlers.onKeyDown(e);
        onKeyDown?.(e);
      }}
      className={['tabular-nums', className].filter(Boolean).join(' ')}
      // The unit's width decides the padding: Input's own pr-11 only fits a short unit.
      style={unit ? { ...style, paddingRight: `calc(${unit.length}ch + 1.5rem)` } : style}
      trailing={
        unit ? (
          <span className="pointer-events-none pr-2 text-sm text-slate-600" aria-hidden="true">
            {unit}
          </span>
        ) : undefined
      }
    />
  );
});

export interface FormNumberInputProps<T extends FieldValues> extends Omit<
  NumberInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> {
  name: FieldPath<T>;
  /** Defaults to the surrounding <FormProvider>'s control. */
  control?: Control<T>;
}

/** NumberInput bound to react-hook-form by `useController`: value, error and focus-on-error. */
export function FormNumberInput<T extends FieldValues>({ name, control, ...props }: FormNumberInputProps<T>) {
  // Destructured: the React compiler's lint reads every property of an object holding a `ref` as a ref.
  const {
    field: { ref: attach, name: fieldName, value, onChange, onBlur, disabled },
    fieldState,
  } = useController<T>({ name, ...(control ? { control } : {}) });
  return (
    <NumberInput
      {...props}
      ref={attach}
      name={fieldName}
      value={value as NumberInputProps['value']}
      onChange={onChange}
      onBlur={onBlur}
      disabled={props.disabled ?? disabled}
      error={fieldState.error?.message}
    />
  );
}
