/** A QR code as an SVG of its modules (qrcode's encoder; drawn here, synchronously, so it prints crisp at any size). */
import QRCode from 'qrcode';
import { useMemo } from 'react';

export function QrCode({ text, className }: { text: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let r = 0; r < modules.size; r++) {
      for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) d += `M${c} ${r}h1v1h-1z`;
    }
    return { size: modules.size, path: d };
  }, [text]);
  // A quiet zone of 2 modules: the label's white margin adds to it.
  return (
    <svg
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      className={className}
      role="img"
      aria-label={`Código QR: ${text}`}
      shapeRendering="crispEdges"
    >
      <rect x={-2} y={-2} width={size + 4} height={size + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
