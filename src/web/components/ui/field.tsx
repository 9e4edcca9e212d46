/**
 * Labelled form controls. Each renders a real HTML control whose `name` is the field path, tied
 * to its label, with the error announced through aria-invalid / aria-describedby.
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, forwardRef, useId, useState } from 'react';
import { cn } from '../../lib/cn.js';
import { LineIcon } from './line-icon.js';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-500 focus:border-brand-500 ' +
  'disabled:bg-soil-100 disabled:text-slate-600 read-only:bg-soil-50';

function controlClass(invalid: boolean, extra?: string) {
  return cn(CONTROL, invalid ? 'border-red-600' : 'border-slate-300', extra);
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  children: ReactNode;
  className?: string | undefined;
}

/** The field's error, announced as it appears; `${id}-error` is what the control's aria-describedby names. */
function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
      {error}
    </p>
  ) : null;
}

export function FieldFrame({ id, label, error, hint, required, children, className }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What every labelled control takes besides its own HTML attributes. */
interface LabelledProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the field as required visually; validation is the schema's job. */
  requiredMark?: boolean | undefined;
  containerClassName?: string | undefined;
}

/** Separates the label's props from the ones that go on the control itself. */
function splitLabelled<P extends LabelledProps>({ label, error, hint, requiredMark, containerClassName, ...control }: P) {
  return [{ label, error, hint, requiredMark, containerClassName }, control] as const;
}

/** The frame around a control, handing it the id, aria-invalid and aria-describedby that tie it to its label and messages. */
function Labelled({
  label,
  error,
  hint,
  requiredMark,
  containerClassName,
  children,
}: LabelledProps & {
  children: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={requiredMark} className={containerClassName}>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
    </FieldFrame>
  );
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, LabelledProps {
  /** Content shown inside the right edge of the control (a unit, a button). */
  trailing?: ReactNode;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, trailing, ...props }, ref) {
  const [labelled, control] = splitLabelled(props);
  return (
    <Labelled {...labelled}>
      {(aria) => (
        <div className="relative">
          <input
            ref={ref}
            {...aria}
            {...control}
            className={controlClass(
              Boolean(labelled.error) || control['aria-invalid'] === true,
              cn('h-11 sm:h-10', trailing ? 'pr-11' : undefined, className),
            )}
          />
          {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
        </div>
      )}
    </Labelled>
  );
});

export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'trailing'>>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      ref={ref}
      type={visible ? 'text' : 'password'}
      {...props}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
          aria-pressed={visible}
          className="flex h-10 w-10 items-center justify-center rounded-md text-slate-600 sm:h-8 sm:w-9 hover:bg-soil-100 hover:text-slate-900"
        >
          <LineIcon className="h-5 w-5">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M3 3l18 18" strokeLinecap="round" /> : null}
          </LineIcon>
        </button>
      }
    />
  );
});

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & LabelledProps;

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, children, ...props }, ref) {
  const [labelled, control] = splitLabelled(props);
  return (
    <Labelled {...labelled}>
      {(aria) => (
        <select
          ref={ref}
          {...aria}
          {...control}
          className={controlClass(Boolean(labelled.error) || control['aria-invalid'] === true, cn('h-11 pr-8 sm:h-10', className))}
        >
          {children}
        </select>
      )}
    </Labelled>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, className, ...props }, ref) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-600"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
});

/** The e-mail field of the account forms: an e-mail keyboard and the browser's saved address. */
export const EmailInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'label'>>(function EmailInput(props, ref) {
  return <Input ref={ref} label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
});

/** What `register(name)` of react-hook-form gives a control. */
type Registered = Omit<InputProps, 'label' | 'type'> & { name: string };

/** "Nova senha" and its confirmation, for the forms that set a password. */
export function NewPasswordInputs(props: {
  password: Registered;
  passwordError?: string | undefined;
  confirm: Registered;
  confirmError?: string | undefined;
}) {
  return (
    <>
      <PasswordInput label="Nova senha" autoComplete="new-password" error={props.passwordError} {...props.password} />
      <PasswordInput label="Confirmar nova senha" autoComplete="new-password" error={props.confirmError} {...props.confirm} />
    </>
  );
}

/** A native select's options, one per value, each shown by its label (the value itself when there are no labels). */
export function Options<T extends string | number>({ values, labels }: { values: readonly T[]; labels?: Readonly<Record<T, string>> }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels ? labels[v] : v}
        </option>
      ))}
    </>
  );
}
