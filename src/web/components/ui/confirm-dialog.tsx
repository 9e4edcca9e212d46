/**
 * The app's own confirmation, in place of the browser's `confirm()`: `await confirmDialog(...)`
 * opens a Modal (focus kept inside, Escape or the backdrop cancel) and resolves true only when
 * the confirming button is pressed. One at a time; `ConfirmHost` is mounted once at the root and
 * fetches the dialog's code on the first question.
 */
import { useSyncExternalStore } from 'react';
import { preloadable } from '../../lib/preloadable.js';

const ConfirmView = preloadable(() => import('./confirm-view.js').then((m) => m.ConfirmView));

export interface ConfirmOptions {
  title: string;
  /** The question, in the product's text where it has one (docs/product-rules.md#messages). */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (a deletion). */
  tone?: 'primary' | 'danger';
  /** A third way out, between cancelling and confirming (`chooseDialog` answers 'alternative'). */
  alternativeLabel?: string;
}

/** Which button answered: the confirming one, the alternative, or cancel (Escape, ×, backdrop). */
export type ConfirmChoice = 'confirm' | 'alternative' | 'cancel';

interface Pending extends ConfirmOptions {
  resolve: (choice: ConfirmChoice) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function settle(choice: ConfirmChoice) {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(choice);
}

/** Asks; resolves with the button pressed ('cancel' also when replaced by a newer question). */
export function chooseDialog(options: ConfirmOptions): Promise<ConfirmChoice> {
  if (pending) settle('cancel');
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

/** Asks; resolves true if confirmed, false if cancelled (or replaced by a newer question). */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return chooseDialog(options).then((choice) => choice === 'confirm');
}

export function ConfirmHost() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
  if (!current) return null;
  return (
    <ConfirmView
      key={current.message}
      title={current.title}
      message={current.message}
      confirmLabel={current.confirmLabel}
      cancelLabel={current.cancelLabel ?? 'Cancelar'}
      tone={current.tone ?? 'primary'}
      {...(current.alternativeLabel ? { alternativeLabel: current.alternativeLabel } : {})}
      onAnswer={settle}
    />
  );
}
