/**
 * A dialog: closes on its × button, the backdrop and Escape; keeps focus inside while open and
 * gives it back to what opened it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn.js';
import { LineIcon } from './line-icon.js';

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'lg',
  role = 'dialog',
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** 'alertdialog' for a question that must be answered (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, read when a key is pressed: a parent's new function on each render must
  // not re-run the effect below (it would pull the focus back to the panel on every render).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab' || !panel.current) return;
      const focusable = panel.current.querySelectorAll<HTMLElement>(
        'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-900/50" onClick={onClose} data-testid="modal-backdrop" aria-hidden="true" />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl focus:outline-none sm:rounded-2xl',
          size === 'md' ? 'sm:max-w-lg' : size === 'lg' ? 'sm:max-w-3xl' : 'sm:max-w-5xl',
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-soil-100 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Fechar"
            className="flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-soil-100 hover:text-slate-900 sm:h-9 sm:w-9"
          >
            <LineIcon viewBox="0 0 20 20" className="h-5 w-5">
              <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
            </LineIcon>
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-soil-100 bg-soil-50 px-5 py-3 sm:px-6">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
