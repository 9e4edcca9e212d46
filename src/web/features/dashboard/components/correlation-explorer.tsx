/**
 * "Análise Interativa de Correlações": pick two variables and a chart type, see the points, their
 * count and Pearson's r; optionally the least-squares trend (r, n, p) and points coloured by crop.
 * A point's tooltip names its experiment and a click opens it. The maths lives in
 * ../correlation.ts; this file only draws. Default export because the dashboard page lazy-loads it
 * (recharts is heavy).
 */
import { type ChangeEvent, memo, type ReactElement, useDeferredValue, useId, useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  type ScatterShapeProps,
  ZAxis,
} from 'recharts';
import {
  assessmentVariables,
  availableSelection,
  CATEGORICAL_VARIABLES,
  CHART_TYPES,
  type CategoryGroup,
  type ChartType,
  compareCategories,
  type CorrelationPoint,
  type CorrelationSelection,
  cropColors,
  cropsOf,
  DEFAULTS,
  buildPoints,
  experimentRef,
  type ExperimentRef,
  formatAxisTick,
  formatPearson,
  formatPointCount,
  formatPValue,
  formatTrendEquation,
  formatVariableValue,
  groupByCategory,
  isAssessmentKey,
  isChartType,
  isNumericVariable,
  isVariableKey,
  leastSquares,
  type LinePoint,
  lineSeries,
  NUMERIC_VARIABLES,
  OTHER_CROPS,
  type NumericVariable,
  PALETTE_6,
  PALETTE_8,
  pearsonOfPoints,
  pearsonStrength,
  pointsOfCrop,
  SHORTCUTS,
  type Trend,
  trendSignificance,
  variableInfo,
  VARIABLES,
  type VariableKey,
} from '../correlation.js';
import { evenSample } from '../../../../shared/sample.js';
import type { CorrelationDataset, CorrelationExact } from '../../../../shared/dashboard.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import { useCorrelationExact } from '../api/queries.js';
import { Button } from '../../../components/ui/button.js';
import { Alert } from '../../../components/ui/alert.js';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.js';
import { Checkbox, Select } from '../../../components/ui/field.js';
import { cn } from '../../../lib/cn.js';
import { useOpenExperiment } from './use-open-experiment.js';

const CHART_HEIGHT = 400;
/** SVG scatter stays smooth up to a few thousand marks; beyond that an even sample is drawn. */
const SCATTER_CAP = 2000;
/** Bars or a line over more raw points than this are thinner than a pixel on a phone. */
const SERIES_CAP = 600;
/** More legend entries than this would squeeze the pie; the tooltip still names every slice. */
const PIE_LEGEND_MAX = 12;

const TICK = { fontSize: 12, fill: '#475569' };
const GRID = '#e4ddd0';
/** Room on the right for the last X tick ("1.650") to be drawn whole. */
const MARGIN = { top: 8, right: 24, bottom: 0, left: 0 };
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
/** The trend line: dashed, in the palette's clay so it stands apart from the leaf-green points. */
const TREND_COLOR = PALETTE_6[1];

/** What the chart's marks carry besides their values: the experiment behind them. */
type Named = { ref: ExperimentRef | null };
type ShownPoint = CorrelationPoint & Named;
type ShownLinePoint = LinePoint & Named;

export default function CorrelationExplorer({ data, filters }: { data: CorrelationDataset; filters: FilterValues }) {
  const [selection, setSelection] = useState<CorrelationSelection>(DEFAULTS);
  const [trendOn, setTrendOn] = useState(false);
  const [byCrop, setByCrop] = useState(false);
  // One crop at a time: undefined until the user picks, meaning the most common crop;
  // null is "Todas as culturas".
  const [crop, setCrop] = useState<string | null | undefined>(undefined);
  const crops = useMemo(() => cropsOf(data), [data]);
  const { open } = useOpenExperiment();
  // An assessment the filtered data no longer has falls back to the default of its axis.
  const { x, y, tipo } = useMemo(() => availableSelection(data, selection), [data, selection]);
  const assessments = useMemo(() => assessmentVariables(data), [data]);
  // The controls follow `selection` at once; the points and the chart follow the deferred copy,
  // rendered in the background, so a select never feels stuck while thousands of marks redraw.
  const deferred = useDeferredValue(selection);
  const pending = deferred !== selection;
  const { x: shownX, y: shownY, tipo: shownTipo } = useMemo(() => availableSelection(data, deferred), [data, deferred]);
  const assessmentAxis = [shownX, shownY].find(isAssessmentKey);
  const shortcutsLabelId = useId();

  // Rebuilt only when the data or a variable changes, not when only the chart type does.
  // A crop axis ("Cultura vs Performance") compares the crops: every crop stays in.
  const cropPicker = crops.length > 1 && x !== 'cultura' && y !== 'cultura';
  const shownCropAxis = shownX === 'cultura' || shownY === 'cultura';
  const picked = crop === undefined || (crop !== null && !crops.some((c) => c.cultura === crop)) ? (crops[0]?.cultura ?? null) : crop;
  const activeCrop = crops.length > 1 && !shownCropAxis ? picked : null;
  const points = useMemo(() => pointsOfCrop(data, buildPoints(data, shownX, shownY), activeCrop), [data, shownX, shownY, activeCrop]);
  const bothNumeric = isNumericVariable(shownX) && isNumericVariable(shownY);
  const r = useMemo(() => (bothNumeric ? pearsonOfPoints(points) : null), [bothNumeric, points]);
  const numericX = isNumericVariable(x);
  const trendAvailable = isNumericVariable(x) && isNumericVariable(y) && (tipo === 'scatter' || tipo === 'line');
  const cropAvailable = numericX && tipo === 'scatter';
  const trend = useMemo(
    () => (trendOn && bothNumeric && (shownTipo === 'scatter' || shownTipo === 'line') ? leastSquares(points) : null),
    [trendOn, bothNumeric, shownTipo, points],
  );
  // A sample on screen: r, p and the line of the same pair over every matching experiment, from the server.
  const exact = useCorrelationExact(
    filters,
    { x: shownX, y: shownY, culturaPontos: activeCrop ?? '' },
    data.amostra !== null && bothNumeric,
  );

  function onVariable(axis: 'x' | 'y') {
    return (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.target.value;
      if (isVariableKey(value)) setSelection((s) => ({ ...s, [axis]: value }));
    };
  }

  function onChartType(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    if (isChartType(value)) setSelection((s) => ({ ...s, tipo: value }));
  }

  return (
    <Card>
      <CardHeader
        title="Análise Interativa de Correlações"
        description="Escolha as variáveis dos eixos e o tipo de gráfico para explorar relações entre os dados."
      />
      <CardBody className="space-y-5">
        {data.amostra ? (
          <Alert tone="info">
            Amostra de {integer.format(data.amostra.experimentos)} dos {integer.format(data.amostra.total)} experimentos dos filtros, tomada
            por cultura (todas representadas, na proporção de cada uma): o gráfico, a contagem e o coeficiente ao lado referem-se à amostra;
            em “Todos os experimentos”, r, p e a tendência calculados sobre todos. Use os filtros para ver todos os pontos de um recorte.
          </Alert>
        ) : null}
        <div className={cn('grid gap-4', cropPicker ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}>
          <Select label="Variável do eixo X" name="eixoX" value={x} onChange={onVariable('x')}>
            <VariableOptions assessments={assessments} />
          </Select>
          <Select label="Variável do eixo Y" name="eixoY" value={y} onChange={onVariable('y')}>
            <VariableOptions assessments={assessments} />
          </Select>
          <Select label="Tipo de gráfico" name="tipoGrafico" value={tipo} onChange={onChartType}>
            {CHART_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
          {cropPicker ? (
            <Select label="Cultura" name="culturaCorrelacao" value={picked ?? ''} onChange={(e) => setCrop(e.target.value || null)}>
              {crops.map((c) => (
                <option key={c.cultura} value={c.cultura}>
                  {c.cultura} ({integer.format(c.n)})
                </option>
              ))}
              <option value="">Todas as culturas (escalas diferentes)</option>
            </Select>
          ) : null}
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <p id={shortcutsLabelId} className="mr-1 text-sm font-medium text-slate-700">
            Atalhos:
          </p>
          <div role="group" aria-labelledby={shortcutsLabelId} className="flex flex-wrap gap-2">
            {SHORTCUTS.map((s) => {
              const active = s.x === x && s.y === y && s.tipo === tipo;
              return (
                <Button
                  key={s.label}
                  size="sm"
                  variant={active ? 'primary' : 'secondary'}
                  aria-pressed={active}
                  onClick={() => setSelection({ x: s.x, y: s.y, tipo: s.tipo })}
                >
                  {s.label}
                </Button>
              );
            })}
          </div>
        </div>

        {trendAvailable || cropAvailable ? (
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {trendAvailable ? (
              <Checkbox
                name="tendencia"
                label="Linha de tendência (mínimos quadrados)"
                checked={trendOn}
                onChange={(e) => setTrendOn(e.target.checked)}
              />
            ) : null}
            {cropAvailable ? (
              <Checkbox name="porCultura" label="Colorir por cultura" checked={byCrop} onChange={(e) => setByCrop(e.target.checked)} />
            ) : null}
          </div>
        ) : null}

        {/* Announced politely so a screen reader hears the new count and r after a change. */}
        <div aria-live="polite" className="flex flex-wrap items-stretch justify-between gap-3">
          <p className="self-center text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{formatPointCount(points.length)}</span>
          </p>
          <div className="flex flex-wrap items-stretch gap-3">
            {trendOn && trendAvailable && trend ? <TrendBox trend={trend} /> : null}
            {r !== null ? <PearsonBox r={r} /> : null}
            {data.amostra && bothNumeric ? (
              <ExactBox exact={exact.data} pending={exact.isPending || exact.isFetching} failed={exact.isError} />
            ) : null}
          </div>
        </div>
        {assessmentAxis ? (
          <p className="text-xs text-slate-600">
            Cada ponto é um tratamento avaliado em {variableInfo(data, assessmentAxis).label}: a média das suas parcelas na última data
            dessa avaliação no ensaio. Tratamentos sem essa avaliação ficam de fora.
          </p>
        ) : null}
        {cropPicker && picked === null && bothNumeric ? (
          <p className="text-xs text-amber-800">
            Várias culturas juntas: cada uma tem a sua escala de produtividade, e o r mede também a distância entre elas. Escolha uma
            cultura para comparar ensaios comparáveis.
          </p>
        ) : null}

        <div className={cn('transition-opacity', pending && 'opacity-60')} aria-busy={pending}>
          <ChartArea
            data={data}
            x={shownX}
            y={shownY}
            tipo={shownTipo}
            points={points}
            trend={trendOn ? trend : null}
            byCrop={byCrop && shownTipo === 'scatter'}
            onOpen={open}
          />
        </div>
        {numericX && tipo !== 'pie' ? <p className="text-xs text-slate-600">Clique em um ponto para abrir o experimento.</p> : null}
      </CardBody>
    </Card>
  );
}

const VARIABLE_GROUPS = [
  { label: 'Variáveis numéricas', keys: NUMERIC_VARIABLES },
  { label: 'Variáveis categóricas', keys: CATEGORICAL_VARIABLES },
] as const;

/** The fixed variables, then the data's assessments (when it has any) in their own group. */
function VariableOptions({ assessments }: { assessments: readonly { key: string; label: string }[] }) {
  return (
    <>
      {VARIABLE_GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.keys.map((k) => (
            <option key={k} value={k}>
              {VARIABLES[k].label}
            </option>
          ))}
        </optgroup>
      ))}
      {assessments.length > 0 ? (
        <optgroup label="Avaliações">
          {assessments.map((a) => (
            <option key={a.key} value={a.key}>
              {a.label}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}

function PearsonBox({ r }: { r: number }) {
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-2.5 text-sm">
      <p className="font-medium text-brand-900">Coeficiente de Pearson (r)</p>
      <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2">
        <span className="text-xl font-semibold tabular-nums text-slate-900">{formatPearson(r)}</span>
        <span className="text-brand-800">{pearsonStrength(r)}</span>
      </p>
    </div>
  );
}

/** The least-squares line's figures: the equation, r, n and the two-sided p of r. */
function TrendBox({ trend }: { trend: Trend }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm" data-testid="trend-box">
      <p className="font-medium text-amber-900">Tendência (mínimos quadrados)</p>
      <p className="mt-0.5 font-semibold tabular-nums text-slate-900">{formatTrendEquation(trend)}</p>
      <p className="mt-0.5 tabular-nums text-slate-800">
        r = {formatPearson(trend.r)} · n = {integer.format(trend.n)}
        {trend.p !== null ? ` · ${formatPValue(trend.p)}` : ''}
      </p>
      <p className="text-xs text-amber-900">{trendSignificance(trend.p)}</p>
    </div>
  );
}

/** r, p and the line over every matching experiment (the chart beside shows a sample). */
function ExactBox({ exact, pending, failed }: { exact: CorrelationExact | undefined; pending: boolean; failed: boolean }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm" data-testid="exact-box">
      <p className="font-medium text-slate-900">Todos os experimentos</p>
      {failed ? (
        <p className="mt-0.5 text-slate-700">Não foi possível calcular sobre todos os experimentos. Tente novamente em instantes.</p>
      ) : pending || !exact ? (
        <p className="mt-0.5 text-slate-700">Calculando sobre todos os experimentos…</p>
      ) : exact.r === null ? (
        <p className="mt-0.5 tabular-nums text-slate-800">n = {integer.format(exact.n)} · sem variação suficiente para o coeficiente</p>
      ) : (
        <>
          <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2">
            <span className="text-xl font-semibold tabular-nums text-slate-900">r = {formatPearson(exact.r)}</span>
            <span className="text-slate-700">{pearsonStrength(exact.r)}</span>
          </p>
          {exact.inclinacao !== null && exact.intercepto !== null ? (
            <p className="mt-0.5 tabular-nums text-slate-900">
              {formatTrendEquation({ slope: exact.inclinacao, intercept: exact.intercepto })}
            </p>
          ) : null}
          <p className="mt-0.5 tabular-nums text-slate-800">
            n = {integer.format(exact.n)}
            {exact.p !== null ? ` · ${formatPValue(exact.p)}` : ''}
          </p>
          <p className="text-xs text-slate-700">{trendSignificance(exact.p)}</p>
        </>
      )}
    </div>
  );
}

function Notice({ title, hint }: { title: string; hint?: string }) {
  return (
    <div
      className="flex flex-col items-center justify-center rounded-lg border border-dashed border-soil-200 bg-soil-50 px-4 text-center"
      style={{ minHeight: CHART_HEIGHT }}
    >
      <p className="font-medium text-slate-800">{title}</p>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}

interface ChartAreaProps {
  data: CorrelationDataset;
  x: VariableKey;
  y: VariableKey;
  tipo: ChartType;
  points: readonly CorrelationPoint[];
  /** The least-squares line to draw, or null. */
  trend: Trend | null;
  /** One colour per crop (scatter only). */
  byCrop: boolean;
  /** Opens an experiment by id. */
  onOpen: (id: number) => void;
}

/**
 * Memoised: the controls re-render at once on every change (and the page may re-render for its own
 * reasons); the thousands of SVG marks are redrawn only when the deferred selection or points change.
 */
const ChartArea = memo(function ChartArea({ data, x, y, tipo, points, trend, byCrop, onOpen }: ChartAreaProps) {
  const xNum = isNumericVariable(x) ? x : null;
  const yNum = isNumericVariable(y) ? y : null;
  const xLabel = variableInfo(data, x).label;
  const yLabel = variableInfo(data, y).label;

  // X categorical: one entry per category; pies want the biggest slices first (see groupByCategory).
  const groups = useMemo(
    () => (xNum === null ? groupByCategory(points, yNum !== null, tipo === 'pie' ? 'valor' : 'categoria') : null),
    [points, xNum, yNum, tipo],
  );

  // X numeric: raw points for a scatter and bars (bars sorted by X), one mean per distinct X for a
  // line (sorted by X, see lineSeries); sampled evenly when there are too many. Each names its experiment.
  const shown = useMemo((): readonly (ShownPoint | ShownLinePoint)[] => {
    if (xNum === null || tipo === 'pie') return [];
    const named = <T extends { e: number | null }>(list: readonly T[]) =>
      list.map((p) => ({ ...p, ref: p.e === null ? null : experimentRef(data, p.e) }));
    if (tipo === 'scatter') {
      const sample = evenSample(points, SCATTER_CAP);
      // A category Y axis lists categories in order of appearance; sorting makes it alphabetical.
      return named(yNum === null ? [...sample].sort((a, b) => compareCategories(String(a.y), String(b.y))) : sample);
    }
    if (tipo === 'line' && yNum !== null) return named(evenSample(lineSeries(points), SERIES_CAP));
    const sorted = [...points].sort((a, b) => Number(a.x) - Number(b.x) || Number(a.y) - Number(b.y));
    return named(evenSample(sorted, SERIES_CAP));
  }, [data, points, xNum, yNum, tipo]);

  // "Colorir por cultura": the shown points split by crop, each series with its colour.
  const cropSeries = useMemo(() => {
    if (!byCrop || tipo !== 'scatter' || shown.length === 0) return null;
    const colors = cropColors(shown.map((p) => p.ref?.cultura || OTHER_CROPS));
    const own = new Set(colors.map((c) => c.cultura));
    const series = colors.map((c) => ({ ...c, points: [] as (ShownPoint | ShownLinePoint)[] }));
    const index = new Map(series.map((s, i) => [s.cultura, i]));
    for (const p of shown) {
      const crop = p.ref?.cultura || OTHER_CROPS;
      series[index.get(own.has(crop) ? crop : OTHER_CROPS)!]!.points.push(p);
    }
    return series;
  }, [byCrop, tipo, shown]);

  // Tooltip and click read the experiment off the hovered datum; the shapes are built once per handler.
  const dot = useMemo(() => dotShape(4, onOpen), [onOpen]);
  const smallDot = useMemo(() => dotShape(2.5, onOpen), [onOpen]);
  const openAt = (index: unknown) => {
    const ref = typeof index === 'number' ? shown[index]?.ref : undefined;
    if (ref) onOpen(ref.id);
  };
  const trendLine =
    trend && xNum !== null && yNum !== null ? (
      <ReferenceLine
        segment={[
          { x: trend.xMin, y: trend.intercept + trend.slope * trend.xMin },
          { x: trend.xMax, y: trend.intercept + trend.slope * trend.xMax },
        ]}
        stroke={TREND_COLOR}
        strokeWidth={2.5}
        strokeDasharray="8 4"
        ifOverflow="hidden"
      />
    ) : null;

  if (tipo === 'pie' && xNum !== null) return <Notice title="Gráfico de pizza requer variável categórica no eixo X" />;
  if (points.length === 0) {
    return <Notice title="Não há dados suficientes para a correlação selecionada" hint="Tente selecionar outras variáveis" />;
  }
  if (xNum !== null && yNum === null && tipo !== 'scatter') {
    return (
      <Notice
        title="Gráficos de barras e de linha requerem variável numérica no eixo Y quando o eixo X é numérico"
        hint="Use o gráfico de dispersão ou escolha uma variável numérica para o eixo Y"
      />
    );
  }

  // "Média de Produtividade média" reads badly: the variable keeps its name, followed by how it is summarised.
  const groupedLabel = yNum !== null ? `${yLabel} (média)` : 'Número de pontos';
  const caption =
    groups === null
      ? `Eixo X: ${xLabel} · Eixo Y: ${yLabel}`
      : yNum !== null
        ? `Eixo X: ${xLabel} · Eixo Y: ${yLabel}, média por categoria`
        : `Eixo X: ${xLabel} · Eixo Y: número de pontos por categoria`;
  const tooltip = (
    <Tooltip
      content={({ active, payload }) => (
        <TooltipBox active={active} payload={payload} xLabel={xLabel} yLabel={yLabel} xNum={xNum} yNum={yNum} groupedLabel={groupedLabel} />
      )}
    />
  );

  let chart: ReactElement;
  let note: string | null = null;
  const sampleNote = (drawn: number) =>
    `Para manter o gráfico ágil, são exibidos ${integer.format(drawn)} de ${integer.format(points.length)} pontos (amostra uniforme); ` +
    (yNum !== null ? 'a contagem e o coeficiente de Pearson consideram todos os pontos.' : 'a contagem considera todos os pontos.');

  if (groups !== null) {
    const longest = Math.max(0, ...groups.map((g) => g.categoria.length));
    // Angled labels need room below the plot; short ones (UF) stay flat.
    const angled = longest > 4 && groups.length > 3;
    const categoryAxis = (
      <XAxis
        dataKey="categoria"
        type="category"
        tick={TICK}
        tickFormatter={(v: string) => truncate(v, 14)}
        angle={angled ? -35 : 0}
        textAnchor={angled ? 'end' : 'middle'}
        height={angled ? 80 : 30}
        interval="preserveStartEnd"
        // Bars have their own band; a line or dots would otherwise sit on the plot's edges.
        padding={tipo === 'bar' ? undefined : { left: 24, right: 24 }}
      />
    );
    const valueAxis = <YAxis type="number" dataKey="valor" tick={TICK} width={60} tickFormatter={(v: number) => formatAxisTick(yNum, v)} />;
    if (tipo === 'pie') {
      // A slice cannot be negative or zero (a mean ROI can be); those categories are left out.
      const slices = groups.filter((g) => g.valor > 0).map((g, i) => ({ ...g, fill: PALETTE_8[i % PALETTE_8.length] }));
      const omitted = groups.length - slices.length;
      if (omitted > 0) {
        note = `${integer.format(omitted)} ${omitted === 1 ? 'categoria com valor' : 'categorias com valores'} menor ou igual a zero não ${omitted === 1 ? 'aparece' : 'aparecem'} no gráfico de pizza.`;
      }
      chart = (
        <PieChart>
          <Pie data={slices} dataKey="valor" nameKey="categoria" outerRadius="75%" isAnimationActive={slices.length <= 40} />
          {tooltip}
          {slices.length <= PIE_LEGEND_MAX ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        </PieChart>
      );
    } else if (tipo === 'bar' || tipo === 'line') {
      // One value per category, as bars or as a line: the same frame around either.
      const Chart = tipo === 'bar' ? BarChart : LineChart;
      chart = (
        <Chart data={groups} margin={MARGIN}>
          <CartesianGrid stroke={GRID} vertical={false} />
          {categoryAxis}
          {valueAxis}
          {tooltip}
          {tipo === 'bar' ? (
            <Bar dataKey="valor" fill={PALETTE_6[0]} radius={[4, 4, 0, 0]} maxBarSize={72} />
          ) : (
            <Line dataKey="valor" stroke={PALETTE_6[2]} strokeWidth={2} dot={{ r: 3, fill: PALETTE_6[2] }} />
          )}
        </Chart>
      );
    } else {
      chart = (
        <ScatterChart margin={MARGIN}>
          <CartesianGrid stroke={GRID} />
          {categoryAxis}
          {valueAxis}
          <ZAxis range={[70, 70]} />
          {tooltip}
          <Scatter data={groups} fill={PALETTE_6[0]} />
        </ScatterChart>
      );
    }
  } else {
    if (shown.length < points.length) note = sampleNote(shown.length);
    const numericX = (
      <XAxis
        dataKey="x"
        type="number"
        domain={['auto', 'auto']}
        tick={TICK}
        tickFormatter={(v: number) => formatAxisTick(xNum, v)}
        // Whole years only: a tick at 2023,5 means nothing.
        allowDecimals={x !== 'ano'}
        // Five short compact ticks always fit; skipping the overlap check avoids measuring text
        // (a forced layout of thousands of SVG marks) on every redraw.
        interval={0}
      />
    );
    const numericY = (
      <YAxis
        dataKey="y"
        type="number"
        domain={['auto', 'auto']}
        tick={TICK}
        width={60}
        tickFormatter={(v: number) => formatAxisTick(yNum, v)}
        allowDecimals={y !== 'ano'}
        interval={0}
      />
    );
    const animate = shown.length <= 300;
    if (tipo === 'bar') {
      chart = (
        <BarChart data={shown} margin={MARGIN} onClick={(state) => openAt(state.activeTooltipIndex)} style={{ cursor: 'pointer' }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          {/* One band per point, ordered by X: a number axis would stack equal X values. */}
          <XAxis dataKey="x" type="category" tick={TICK} tickFormatter={(v: number) => formatAxisTick(xNum, v)} />
          {numericY}
          {tooltip}
          <Bar dataKey="y" fill={PALETTE_6[0]} isAnimationActive={animate} />
        </BarChart>
      );
    } else if (tipo === 'line') {
      chart = (
        <LineChart data={shown} margin={MARGIN} onClick={(state) => openAt(state.activeTooltipIndex)}>
          <CartesianGrid stroke={GRID} />
          {numericX}
          {numericY}
          {tooltip}
          <Line dataKey="y" stroke={PALETTE_6[2]} strokeWidth={2} dot={shown.length <= 60} isAnimationActive={animate} />
          {trendLine}
        </LineChart>
      );
    } else {
      chart = (
        <ScatterChart margin={MARGIN}>
          <CartesianGrid stroke={GRID} />
          {numericX}
          {yNum !== null ? (
            numericY
          ) : (
            <YAxis
              dataKey="y"
              type="category"
              // Without this, recharts gives every point its own slot on a category axis.
              allowDuplicatedCategory={false}
              tick={TICK}
              width={96}
              tickFormatter={(v: string) => truncate(v, 12)}
            />
          )}
          {tooltip}
          {cropSeries ? (
            cropSeries.map((s) => (
              <Scatter
                key={s.cultura}
                name={s.cultura}
                data={s.points}
                fill={s.color}
                isAnimationActive={animate}
                shape={shown.length > 1000 ? smallDot : dot}
              />
            ))
          ) : (
            <Scatter data={shown} fill={PALETTE_6[0]} isAnimationActive={animate} shape={shown.length > 1000 ? smallDot : dot} />
          )}
          {trendLine}
          {cropSeries ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        </ScatterChart>
      );
    }
  }

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-xs text-slate-600">{caption}</figcaption>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        {chart}
      </ResponsiveContainer>
      {note ? <p className="mt-2 text-xs text-slate-600">{note}</p> : null}
    </figure>
  );
});

/**
 * A plain circle: recharts' default symbol builds a d3 path per point, which dominates the cost of
 * redrawing a few thousand points. Its series' colour; a click opens the point's experiment.
 */
function dotShape(radius: number, onOpen: (id: number) => void) {
  return function Dot(props: ScatterShapeProps) {
    const { cx, cy } = props;
    if (cx === undefined || cy === undefined) return null;
    const fill = (props as { fill?: unknown }).fill;
    const ref = asNamed(props.payload)?.ref;
    return (
      <circle
        cx={cx}
        cy={cy}
        r={radius}
        fill={typeof fill === 'string' ? fill : PALETTE_6[0]}
        fillOpacity={0.7}
        style={ref ? { cursor: 'pointer' } : undefined}
        onClick={ref ? () => onOpen(ref.id) : undefined}
      />
    );
  };
}

/** The experiment a datum names, if it names one. */
function asNamed(v: unknown): Named | null {
  if (!isRecord(v) || !('ref' in v)) return null;
  const ref = v.ref;
  if (ref === null) return { ref: null };
  return isRecord(ref) && typeof ref.id === 'number' && typeof ref.nome === 'string' && typeof ref.cultura === 'string'
    ? { ref: { id: ref.id, nome: ref.nome, cultura: ref.cultura } }
    : null;
}

function truncate(text: string, max: number): string {
  const s = String(text);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

interface TooltipBoxProps {
  active: boolean | undefined;
  payload: readonly { payload?: unknown }[] | undefined;
  xLabel: string;
  yLabel: string;
  xNum: NumericVariable | null;
  yNum: NumericVariable | null;
  groupedLabel: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function asGroup(v: unknown): CategoryGroup | null {
  if (!isRecord(v)) return null;
  const { categoria, valor, n } = v;
  if (typeof categoria === 'string' && typeof valor === 'number' && typeof n === 'number') return { categoria, valor, n };
  // Pie sectors keep the original entry one level down.
  return 'payload' in v && v.payload !== v ? asGroup(v.payload) : null;
}

function isPointValue(v: unknown): v is number | string {
  return typeof v === 'number' || typeof v === 'string';
}

function asPoint(v: unknown): CorrelationPoint | null {
  if (!isRecord(v)) return null;
  const { x, y } = v;
  return isPointValue(x) && isPointValue(y) ? { x, y, e: typeof v.e === 'number' ? v.e : -1 } : null;
}

/** Our own content: values in their units (kg/ha, R$, %, plain years) rather than raw numbers. */
function TooltipBox({ active, payload, xLabel, yLabel, xNum, yNum, groupedLabel }: TooltipBoxProps) {
  if (!active || !payload || payload.length === 0) return null;
  const datum = payload[0]?.payload;
  const group = asGroup(datum);
  const point = group ? null : asPoint(datum);
  if (!group && !point) return null;
  const ref = point ? asNamed(datum)?.ref : null;
  const averaged = isRecord(datum) && typeof datum.n === 'number' && datum.n > 1 ? datum.n : null;

  const show = (key: NumericVariable | null, v: number | string) =>
    typeof v === 'number' && key ? formatVariableValue(key, v) : String(v);
  return (
    <div className="max-w-64 rounded-md border border-soil-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-md">
      {group ? (
        <>
          <p className="font-semibold text-slate-900">{group.categoria}</p>
          <p>
            {groupedLabel}: {yNum !== null ? formatVariableValue(yNum, group.valor) : integer.format(group.valor)}
          </p>
          {yNum !== null ? <p className="text-slate-600">{formatPointCount(group.n)}</p> : null}
        </>
      ) : point ? (
        <>
          {ref ? (
            <p className="font-semibold text-slate-900">
              {ref.nome}
              {ref.cultura ? <span className="font-normal text-slate-600"> · {ref.cultura}</span> : null}
            </p>
          ) : null}
          <p>
            {xLabel}: <span className="font-semibold">{show(xNum, point.x)}</span>
          </p>
          <p>
            {yLabel}
            {averaged ? ' (média)' : ''}: <span className="font-semibold">{show(yNum, point.y)}</span>
          </p>
          {averaged ? <p className="text-slate-600">Média de {formatPointCount(averaged)}</p> : null}
          {ref ? <p className="mt-1 text-brand-800">Clique para abrir o experimento</p> : null}
        </>
      ) : null}
    </div>
  );
}
