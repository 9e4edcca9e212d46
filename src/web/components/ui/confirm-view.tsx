/** The confirmation's dialog (confirm-dialog.tsx), a chunk of its own: pages that never ask do not download it. */
import { useId } from 'react';
import { Button } from './button.js';
import type { ConfirmChoice } from './confirm-dialog.js';
import { Modal } from './modal.js';

export interface ConfirmViewProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: 'primary' | 'danger';
  /** A third button, between cancelling and confirming. */
  alternativeLabel?: string;
  onAnswer: (choice: ConfirmChoice) => void;
}

export function ConfirmView({ title, message, confirmLabel, cancelLabel, tone, alternativeLabel, onAnswer }: ConfirmViewProps) {
  const messageId = useId();
  return (
    <Modal
      open
      role="alertdialog"
      describedBy={messageId}
      size="md"
      title={title}
      onClose={() => onAnswer('cancel')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer('cancel')}>
            {cancelLabel}
          </Button>
          {alternativeLabel ? (
            <Button variant="secondary" onClick={() => onAnswer('alternative')}>
              {alternativeLabel}
            </Button>
          ) : null}
          <Button variant={tone} onClick={() => onAnswer('confirm')}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} className="text-base text-slate-800">
        {message}
      </p>
    </Modal>
  );
}
