/**
 * "Ler QR": the camera's picture read by the browser's own BarcodeDetector (Chrome on Android;
 * no library is downloaded). Shown only where the browser has it; the first code read is handed
 * back and the camera is turned off.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.js';
import { Modal } from '../../../components/ui/modal.js';

/** The part of the Shape Detection API used here (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

export function hasBarcodeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window && !!navigator.mediaDevices?.getUserMedia;
}

const SCAN_EVERY_MS = 250;

export function QrScanner({ open, onClose, onRead }: { open: boolean; onClose: () => void; onRead: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [erro, setErro] = useState<string | null>(null);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    (async () => {
      try {
        const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorCtor }).BarcodeDetector;
        const detector = new Detector({ formats: ['qr_code'] });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        let busy = false;
        timer = setInterval(() => {
          if (busy || stopped || !video.current) return;
          busy = true;
          detector
            .detect(video.current)
            .then((codes) => {
              const text = codes[0]?.rawValue;
              if (text && !stopped) {
                stop();
                read.current(text);
              }
            })
            .catch(() => undefined)
            .finally(() => {
              busy = false;
            });
        }, SCAN_EVERY_MS);
      } catch {
        if (!stopped) setErro('Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o número da parcela.');
      }
    })();
    return stop;
  }, [open]);

  return (
    <Modal
      open={open}
      onClose={() => {
        setErro(null);
        onClose();
      }}
      title="Ler QR da parcela"
      size="md"
    >
      {erro ? (
        <Alert tone="error">{erro}</Alert>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Aponte a câmera para a etiqueta da parcela.</p>
          <video ref={video} className="aspect-square w-full rounded-lg bg-slate-900 object-cover" muted playsInline />
        </div>
      )}
    </Modal>
  );
}
