import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast.js';
import { type PendingItem, offlineQueue } from '../../../lib/offline-queue.js';
import { explainPdfRefusal } from '../../../lib/pdf-rejections.js';
import { type FormValues, TOTAL_STEPS, type WizardForm, fromData, stepOfField } from '../form-values.js';
import type { UploadState } from './step-upload.js';

const PENDING_GONE = 'Este experimento pendente não está mais neste aparelho (já foi enviado ou descartado).';

/** Owns "Corrigir": the offline queue's item opened in the form, and the server's messages on their fields. */
export function usePendingCorrection({
  pendingId,
  methods,
  setUpload,
  setUploadError,
  goTo,
}: {
  /** `?pendente=<id>`: an item of the offline queue opened for correction. */
  pendingId: string | null;
  methods: WizardForm;
  setUpload: (u: UploadState) => void;
  setUploadError: (message: string | undefined) => void;
  goTo: (step: number, focusPath?: string) => void;
}) {
  const { reset, setError } = methods;
  const [pending, setPending] = useState<PendingItem | null>(null);

  // "Corrigir": the queued experiment, its PDF and the server's messages, in the form.
  useEffect(() => {
    if (!pendingId) return;
    let live = true;
    void offlineQueue
      .get(pendingId)
      .catch(() => undefined)
      .then((item) => {
        if (!live) return;
        if (!item) {
          toast.error(PENDING_GONE);
          return;
        }
        setPending(item);
        reset(fromData(item.data));
        const file = item.pdf ? new File([item.pdf.blob], item.pdf.filename, { type: 'application/pdf' }) : null;
        setUpload({ file, storedFilename: null, rejections: [] });
        showServerErrors(item.erro?.fields ?? {});
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened item
  }, [pendingId]);

  /** The server's field messages on their fields, and the form on the first step that has one. */
  function showServerErrors(fields: Record<string, string>) {
    const entries = Object.entries(fields);
    if (!entries.length) return;
    for (const [path, message] of entries) {
      if (path === 'pdf') setUploadError(explainPdfRefusal(message));
      else setError(path as keyof FormValues, { message });
    }
    const level = entries.find(([path]) => /^tratamentos\.\d+\.nivel_[ab]$/.test(path))?.[0];
    const first = Math.min(...entries.map(([path]) => (path === 'pdf' ? TOTAL_STEPS : stepOfField(path))));
    goTo(first, first === stepOfField('tratamentos') ? level : undefined);
  }

  return { pending, setPending, showServerErrors };
}

export type PendingCorrection = ReturnType<typeof usePendingCorrection>;
