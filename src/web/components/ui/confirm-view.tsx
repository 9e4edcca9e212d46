/** The confirmation's dialog (confirm-dialog.tsx), a chunk of its own: pages that never ask do not download it. */
import { useId } from 'react';
import { Button } from './button.js';
import { Modal } from './modal.js';

export interface ConfirmViewProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: 'primary' | 'danger';
  onAnswer: (ok: boolean) => void;
}

export function ConfirmView({ title, message, confirmLabel, cancelLabel, tone, onAnswer }: ConfirmViewProps) {
  const messageId = useId();
  return (
    <Modal
      open
      role="alertdialog"
      describedBy={messageId}
      size="md"
      title={title}
      onClose={() => onAnswer(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={() => onAnswer(true)}>
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
