/**
 * Clay × yield scatter as plain SVG. Recharts builds several React elements per point; with a
 * few hundred points that alone cost most of a filter change (~0.6 s), where one <circle> per
 * point costs a few milliseconds.
 *
 * One crop at a time (cane at 90 t/ha beside soy at 4 t/ha left the soy a flat line at the
 * bottom): with several crops in the sample a "Cultura" select picks one, the most common first.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Select } from '../../../components/ui/field.js';

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

/** The sample's crops, the most common first (ties by name), with their number of points. */
export function cropsByCount(points: readonly SoilPoint[]): { cultura: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const p of points) counts.set(p.cultura, (counts.get(p.cultura) ?? 0) + 1);
  return [...counts].map(([cultura, n]) => ({ cultura, n })).sort((a, b) => b.n - a.n || a.cultura.localeCompare(b.cultura, 'pt-BR'));
}

export function SoilScatter({ points: all, height }: { points: SoilPoint[]; height: number }) {
  const crops = cropsByCount(all);
  const [chosen, setChosen] = useState<string | null>(null);
  // The chosen crop while the filters keep it in the sample; else the most common.
  const crop = chosen !== null && crops.some((c) => c.cultura === chosen) ? chosen : (crops[0]?.cultura ?? null);
  const points = crops.length > 1 ? all.filter((p) => p.cultura === crop) : all;
  return (
    <div className="w-full min-w-0">
      {crops.length > 1 ? (
        <div className="mb-2 flex flex-wrap items-end gap-x-3 gap-y-1">
          <div className="w-full max-w-xs">
            <Select label="Cultura" name="soloCultura" value={crop ?? ''} onChange={(e) => setChosen(e.target.value)}>
              {crops.map((c) => (
                <option key={c.cultura} value={c.cultura}>
                  {c.cultura} ({c.n})
                </option>
              ))}
            </Select>
          </div>
          <p className="text-xs text-slate-600">Uma cultura por vez: cada uma tem a sua escala de produtividade.</p>
        </div>
      ) : null}
      <Plot points={points} height={height} />
    </div>
  );
}

function Plot({ points, height }: { points: SoilPoint[]; height: number }) {
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
