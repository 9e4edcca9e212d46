/**
 * Clay × yield scatter as plain SVG. Recharts builds several React elements per point; with a
 * few hundred points that alone cost most of a filter change (~0.6 s), where one <circle> per
 * point costs a few milliseconds.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { formatKgHa, formatNumber } from '../../../../shared/format.js';

export interface SoilPoint {
  argila: number;
  mo: number;
  produtividade: number;
  cultura: string;
}

const PAD = { left: 64, right: 16, top: 12, bottom: 36 };

/**
 * Round tick values whose first is ≤ min and whose last is ≥ max, so every point lies inside the
 * axes (stopping at max + step / 2 left the top tick below a maximum in the upper half of a step,
 * and the highest points were drawn past the plot).
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const first = Math.floor(min / step);
  const ticks: number[] = [];
  for (let k = first; ; k++) {
    const v = Math.round(k * step * 1e6) / 1e6;
    ticks.push(v);
    if (v >= max || ticks.length > count * 3) break;
  }
  return ticks;
}

export function SoilScatter({ points, height }: { points: SoilPoint[]; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => setWidth(Math.max(160, el.clientWidth));
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const ys = points.map((p) => p.produtividade);
  const xTicks = niceTicks(0, Math.max(60, ...points.map((p) => p.argila)));
  const yTicks = niceTicks(Math.min(...ys), Math.max(...ys));
  const xMax = xTicks.at(-1) ?? 100;
  const yMin = yTicks[0] ?? 0;
  const yMax = yTicks.at(-1) ?? 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + (v / xMax) * plotW;
  const y = (v: number) => PAD.top + plotH - ((v - yMin) / (yMax - yMin || 1)) * plotH;

  return (
    <div ref={box} className="w-full min-w-0" style={{ height }}>
      {width > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Dispersão de ${points.length} experimentos: teor de argila no eixo X, produtividade no eixo Y`}
        >
          {yTicks.map((t) => (
            <g key={`y${t}`}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="#e4ddd0" strokeDasharray="3 3" />
              <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill="#475569">
                {formatNumber(t, 0)}
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <g key={`x${t}`}>
              <line x1={x(t)} x2={x(t)} y1={PAD.top} y2={PAD.top + plotH} stroke="#e4ddd0" strokeDasharray="3 3" />
              <text x={x(t)} y={height - PAD.bottom + 16} textAnchor="middle" fontSize={12} fill="#475569">
                {formatNumber(t, 0)}%
              </text>
            </g>
          ))}
          <text x={PAD.left + plotW / 2} y={height - 4} textAnchor="middle" fontSize={11} fill="#475569">
            Teor de argila (%)
          </text>
          <g fill="#2563eb" fillOpacity={0.55}>
            {points.map((p, i) => (
              <circle key={i} cx={x(p.argila)} cy={y(p.produtividade)} r={3.5}>
                <title>{`${p.cultura}: argila ${formatNumber(p.argila)}%, MO ${formatNumber(p.mo)}%, ${formatKgHa(p.produtividade)}`}</title>
              </circle>
            ))}
          </g>
        </svg>
      ) : null}
    </div>
  );
}
