/**
 * The forest plot of a meta-analysis, drawn in SVG at the width of its box: one row per trial (its
 * name a link to the trial's report, a square whose area follows its weight, its 95 % interval),
 * the line of no effect, the pooled effect as a diamond and the prediction interval for a new trial
 * as a band under it; the break-even gain as a dashed line when the economics apply.
 *
 * Below 560 px a trial's name has a line of its own above its interval, so that neither squeezes
 * the other; the numbers are then in the table of trials. The axis reads in pt-BR, in the unit of
 * the effect, or in % over the control on the ratio scale (whose ticks are placed on its log scale).
 */
import { type ReactNode, type SVGProps, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format.js';
import { type MetaAnaliseResponse, ic95DoEnsaio } from '../../../shared/meta-analise.js';
import { effectFormat, fromDisplay, toDisplay } from './effect-format.js';

const FONT = 12;
/** Average advance of a 12 px sans-serif character, to cut a name before it runs into the plot. */
const CHAR_W = 6.6;
const NARROW = 560;

const COLOR = {
  label: '#1e452a',
  text: '#1e293b',
  muted: '#475569',
  square: '#2d6a3e',
  line: '#334155',
  zero: '#64748b',
  grid: '#e4ddd0',
  diamond: '#1e452a',
  band: '#dcefdc',
  bandLine: '#255733',
  breakEven: '#b45309',
};

/** Tick step of about `raw`: 1, 2 or 5 × 10ⁿ. */
function niceStep(raw: number): number {
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow;
}

/** Round ticks covering [a, b], about `count` of them. */
export function niceTicks(a: number, b: number, count: number): number[] {
  if (!(b > a)) [a, b] = [a - 1, a + 1];
  const step = niceStep((b - a) / Math.max(1, count));
  const start = Math.floor(a / step + 1e-9) * step;
  const end = Math.ceil(b / step - 1e-9) * step;
  const out: number[] = [];
  for (let v = start; v <= end + step / 2; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

/** `text` cut to fit `width` px, with an ellipsis. */
function fit(text: string, width: number): string {
  const max = Math.max(4, Math.floor(width / CHAR_W));
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A white outline drawn under a text, as a copy of its own beneath it (a stroke on the text itself
 * would hide its underline), so that the lines a name crosses in the narrow layout do not run
 * through its letters.
 */
const HALO = { stroke: '#ffffff', strokeWidth: 4, strokeLinejoin: 'round', fill: '#ffffff' } as const;

function HaloText({ x = 0, y, children, ...look }: { x?: number; y: number; children: ReactNode } & SVGProps<SVGTextElement>) {
  return (
    <>
      <text x={x} y={y} {...look} {...HALO} textDecoration="none" aria-hidden="true">
        {children}
      </text>
      <text x={x} y={y} {...look}>
        {children}
      </text>
    </>
  );
}

/**
 * A trial's name, a link's text. Wide, a name too long for its column goes on two lines at its
 * " · " (place · year, then the consultancy, smaller); narrow, it has the whole width on one line.
 */
function TrialName({ text, y, width, twoLines }: { text: string; y: number; width: number; twoLines: boolean }) {
  const look = { fontSize: FONT, fill: COLOR.label, textDecoration: 'underline', fontWeight: 500 };
  const parts = text.split(' · ');
  if (!twoLines || text.length * CHAR_W <= width || parts.length < 2) {
    return (
      <HaloText y={y} {...look}>
        {fit(text, width)}
      </HaloText>
    );
  }
  const cut = Math.min(2, parts.length - 1);
  return (
    <HaloText y={y - 6} {...look}>
      <tspan x={0}>{fit(parts.slice(0, cut).join(' · '), width)}</tspan>
      <tspan x={0} dy={13} fontSize={11}>
        {fit(parts.slice(cut).join(' · '), width / 0.92)}
      </tspan>
    </HaloText>
  );
}

/** The width of the box, followed as it changes; `fallback` before it is known (and in tests, without layout). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(Math.round(el.getBoundingClientRect().width));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width > 0 ? width : fallback] as const;
}

export function ForestPlot({ r, equilibrio }: { r: MetaAnaliseResponse; equilibrio: number | null }) {
  const [ref, measured] = useWidth(720);
  const W = Math.max(280, measured);
  const narrow = W < NARROW;
  const fmt = effectFormat(r);
  const display = toDisplay(r.escala);
  const back = fromDisplay(r.escala);

  // Columns: the names, the plot, the numbers (wide); the plot across the whole width (narrow).
  const labelW = narrow ? 0 : Math.min(280, Math.round(W * 0.3));
  const pesoW = narrow ? 0 : 52;
  const numW = narrow ? 0 : Math.min(190, Math.round(W * 0.22));
  // Room at both ends for half a tick label ("-200", "1.600").
  const x0 = narrow ? 24 : labelW + 24;
  const x1 = narrow ? W - 22 : W - numW - pesoW - 20;

  // The axis: every interval, the diamond, the prediction, 0 and the break-even in view, ending on round ticks.
  const ci = r.estudos.map(ic95DoEnsaio);
  const values = [0, ...ci.flat(), ...r.ic95, ...r.predicao];
  if (equilibrio !== null && Number.isFinite(equilibrio)) values.push(equilibrio);
  const finite = values.filter(Number.isFinite);
  const ticksD = niceTicks(display(Math.min(...finite)), display(Math.max(...finite)), Math.max(3, Math.floor((x1 - x0) / 90)));
  const lo = back(ticksD[0]!);
  const hi = back(ticksD[ticksD.length - 1]!);
  const x = (v: number) => x0 + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo || 1)) * (x1 - x0);
  // Tick labels never collide: one closer than 44 px to the last drawn is left out (the ratio scale bunches them).
  const ticks: number[] = [];
  for (const d of ticksD) {
    const px = x(back(d));
    if (!ticks.length || px - x(back(ticks[ticks.length - 1]!)) >= 44) ticks.push(d);
  }

  const headerH = narrow ? 10 : 24;
  const rowH = narrow ? 40 : 34;
  /** Where a row's interval is drawn, and (narrow) where its name sits above it. */
  const lineY = (i: number) => headerH + i * rowH + (narrow ? 29 : rowH / 2);
  const labelY = (i: number) => (narrow ? headerH + i * rowH + 13 : lineY(i) + 4);
  const nRows = r.estudos.length;
  const pooledTop = headerH + nRows * rowH + 10;
  const pooledY = pooledTop + (narrow ? 29 : rowH / 2);
  const predY = pooledY + (narrow ? 40 : rowH);
  const axisY = predY + (narrow ? 16 : 18);
  const H = axisY + 44;
  const maxPeso = Math.max(...r.estudos.map((s) => s.peso), 1e-9);
  const numX = W - pesoW - 6;

  const rowLabel = (i: number, text: string, bold = false) => (
    <HaloText y={labelY(i)} fontSize={FONT} fill={COLOR.text} fontWeight={bold ? 600 : 400}>
      {fit(text, narrow ? W : labelW)}
    </HaloText>
  );

  const pooledRow = (nRows * rowH + 10) / rowH;
  const predRow = pooledRow + 1;

  return (
    <figure className="min-w-0 break-inside-avoid" aria-labelledby="forest-caption">
      <figcaption id="forest-caption" className="mb-2 text-sm font-semibold text-slate-800">
        Gráfico de floresta: ganho de {r.produto} sobre a testemunha em cada ensaio ({fmt.unit}, IC 95%)
      </figcaption>
      <div ref={ref} className="w-full">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          style={{ height: 'auto', maxWidth: W }}
          className="block overflow-visible"
          data-testid="forest-plot"
          fontFamily="inherit"
        >
          <title>{`Gráfico de floresta de ${r.produto}: ${r.k} ensaios`}</title>
          {/* Gridlines and the line of no effect, behind everything. */}
          {ticks.map((d) => (
            <line key={`g${d}`} x1={x(back(d))} x2={x(back(d))} y1={headerH} y2={axisY} stroke={COLOR.grid} strokeWidth={1} />
          ))}
          <line x1={x(0)} x2={x(0)} y1={headerH} y2={axisY} stroke={COLOR.zero} strokeWidth={1.5} />
          {equilibrio !== null && Number.isFinite(equilibrio) ? (
            <line
              x1={x(equilibrio)}
              x2={x(equilibrio)}
              y1={headerH}
              y2={axisY}
              stroke={COLOR.breakEven}
              strokeWidth={1.5}
              strokeDasharray="5 4"
              data-testid="forest-break-even"
            />
          ) : null}

          {narrow ? null : (
            <g fontSize={11} fill={COLOR.muted} fontWeight={600}>
              <text x={0} y={14}>
                Ensaio
              </text>
              <text x={numX} y={14} textAnchor="end">
                Ganho (IC 95%)
              </text>
              <text x={W} y={14} textAnchor="end">
                Peso
              </text>
            </g>
          )}

          {r.estudos.map((s, i) => {
            const [a, b] = ci[i]!;
            const side = 5 + 11 * Math.sqrt(s.peso / maxPeso);
            const y = lineY(i);
            const to = `/experimentos/${s.experimentId}/relatorio`;
            return (
              <g key={s.experimentId} data-testid="forest-row">
                <Link to={to} aria-label={`${s.local} (nº ${s.experimentId}): abrir o relatório do ensaio`} className="forest-link">
                  <title>{`${s.local} · nº ${s.experimentId} · ${s.tratamento} × ${s.testemunha}`}</title>
                  <TrialName text={s.local} y={labelY(i)} width={narrow ? W : labelW} twoLines={!narrow} />
                </Link>
                <line x1={x(a)} x2={x(b)} y1={y} y2={y} stroke={COLOR.line} strokeWidth={1.5} />
                <rect x={x(s.efeito) - side / 2} y={y - side / 2} width={side} height={side} fill={COLOR.square} />
                {narrow ? null : (
                  <>
                    <text x={numX} y={y + 4} fontSize={FONT} fill={COLOR.text} textAnchor="end" className="tabular-nums">
                      {`${fmt.bare(s.efeito)} (${fmt.bare(a)} a ${fmt.bare(b)})`}
                    </text>
                    <text x={W} y={y + 4} fontSize={FONT} fill={COLOR.text} textAnchor="end">
                      {`${formatNumber(s.peso, 1)}%`}
                    </text>
                  </>
                )}
              </g>
            );
          })}

          {/* The pooled effect and, under it, where a new trial's effect should fall. */}
          <line x1={0} x2={W} y1={pooledTop - 4} y2={pooledTop - 4} stroke={COLOR.grid} />
          <g data-testid="forest-pooled">
            {rowLabel(pooledRow, `Efeito combinado (${r.k} ensaios)`, true)}
            <polygon
              points={`${x(r.ic95[0])},${pooledY} ${x(r.estimativa)},${pooledY - 8} ${x(r.ic95[1])},${pooledY} ${x(r.estimativa)},${pooledY + 8}`}
              fill={COLOR.diamond}
            />
            {narrow ? null : (
              <text x={numX} y={pooledY + 4} fontSize={FONT} fill={COLOR.text} textAnchor="end" fontWeight={600}>
                {`${fmt.bare(r.estimativa)} (${fmt.bare(r.ic95[0])} a ${fmt.bare(r.ic95[1])})`}
              </text>
            )}
          </g>
          <g data-testid="forest-prediction">
            {rowLabel(predRow, 'Predição para um novo ensaio')}
            <rect
              x={x(r.predicao[0])}
              y={predY - 5}
              width={Math.max(1, x(r.predicao[1]) - x(r.predicao[0]))}
              height={10}
              fill={COLOR.band}
              stroke={COLOR.bandLine}
              strokeWidth={1}
            />
            <line x1={x(r.estimativa)} x2={x(r.estimativa)} y1={predY - 5} y2={predY + 5} stroke={COLOR.bandLine} strokeWidth={2} />
            {narrow ? null : (
              <text x={numX} y={predY + 4} fontSize={FONT} fill={COLOR.text} textAnchor="end">
                {`${fmt.bare(r.predicao[0])} a ${fmt.bare(r.predicao[1])}`}
              </text>
            )}
          </g>

          {/* The axis, in pt-BR numbers. */}
          <line x1={x0} x2={x1} y1={axisY} y2={axisY} stroke={COLOR.muted} />
          {ticks.map((d) => (
            <g key={`t${d}`}>
              <line x1={x(back(d))} x2={x(back(d))} y1={axisY} y2={axisY + 4} stroke={COLOR.muted} />
              <text x={x(back(d))} y={axisY + 16} fontSize={11} fill={COLOR.muted} textAnchor="middle">
                {formatNumber(d, Math.abs(ticksD[1]! - ticksD[0]!) < 1 ? 2 : Math.abs(ticksD[1]! - ticksD[0]!) < 10 ? 1 : 0)}
              </text>
            </g>
          ))}
          <text x={(x0 + x1) / 2} y={axisY + 34} fontSize={11} fill={COLOR.muted} textAnchor="middle">
            {`Ganho sobre a testemunha (${fmt.unit === '% sobre a testemunha' ? '%' : fmt.unit || 'unidade da variável'})`}
          </text>
        </svg>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Quadrado: o ganho do ensaio (área proporcional ao peso), com a linha do seu IC 95%. Losango: o efeito combinado. Faixa: onde deve
        ficar o ganho de um novo ensaio (95%).
        {equilibrio !== null ? ' Linha tracejada laranja: o ganho que paga o produto.' : ''} Os números de cada ensaio estão na tabela
        “Efeito em cada ensaio”.
      </p>
    </figure>
  );
}
