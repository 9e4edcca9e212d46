import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from '../../lib/cn.js';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800 shadow-sm',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  ghost: 'text-slate-700 hover:bg-soil-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
};

// Below 640 px (phones: touch) every button is at least 44 px high, the smallest comfortable tap target.
const SIZES: Record<Size, string> = {
  sm: 'h-11 sm:h-8 px-3 text-sm gap-1.5',
  md: 'h-11 sm:h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra?: string): string {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 whitespace-nowrap',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});

/** A form's submit button: disabled while the form is sent, saying what it is doing meanwhile. */
export function SubmitButton({
  submitting,
  busyText,
  disabled,
  children,
  ...props
}: ButtonProps & { submitting: boolean; busyText: string }) {
  return (
    <Button type="submit" disabled={submitting || disabled} {...props}>
      {submitting ? busyText : children}
    </Button>
  );
}
