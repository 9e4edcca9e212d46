/** Pieces of the report's hand-drawn SVG charts (the dose–response curve, the progress curve). */
import { formatNumber } from '../../../shared/format.js';

/** Horizontal grid lines across the plot, each with its value (whole numbers) at the left. */
export function GridLinesY({ values, x1, x2, y }: { values: readonly number[]; x1: number; x2: number; y: (v: number) => number }) {
  return values.map((v) => (
    <g key={v}>
      <line x1={x1} y1={y(v)} x2={x2} y2={y(v)} stroke="#e2e8f0" />
      <text x={x1 - 6} y={y(v) + 4} textAnchor="end" fontSize={12} fill="#475569">
        {formatNumber(v, 0)}
      </text>
    </g>
  ));
}
