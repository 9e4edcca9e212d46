import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

type Tone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}

/** A form's outcome above its fields: the success message once it is done, else the error, else nothing. */
export function FormAlert({ success, error }: { success?: ReactNode; error?: ReactNode }) {
  if (success) return <Alert tone="success">{success}</Alert>;
  return error ? <Alert tone="error">{error}</Alert> : null;
}

/** The outcome of a small action (a paste, a location lookup), one line under the control. */
export type StatusMessage = { tone: 'ok' | 'error'; text: string } | null;

/** Shows a StatusMessage: an error is announced at once, anything else politely. */
export function StatusLine({ status }: { status: StatusMessage }) {
  if (!status) return null;
  return (
    <p
      role={status.tone === 'error' ? 'alert' : 'status'}
      className={cn('text-sm', status.tone === 'error' ? 'text-red-700' : 'text-brand-700')}
    >
      {status.text}
    </p>
  );
}
