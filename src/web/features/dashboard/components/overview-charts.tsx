/**
 * The overview's charts (docs/product-rules.md#dashboard-charts), height 250, loaded lazily with Recharts so the
 * sign-in page never pays for it.
 * - Yields are never averaged across crops: with one crop in view the regional, yearly and
 *   modality charts show mean yields in kg/ha (integers); with several they show
 *   the mean relative gain over the control in %, which is comparable between crops.
 * - Categories run down the side as horizontal bars, so their names never overlap on a phone
 *   (regional and modality names cut at 12 characters plus an ellipsis, crop names whole); value
 *   ticks are abbreviated ("90 mil"); the pie has a legend instead of labels around it.
 * - A click on a bar, slice or point sets that filter; every chart has a "Ver dados" table, whose
 *   names are buttons that do the same from the keyboard.
 */
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type AxisDomainItem,
} from 'recharts';
import type { DashboardCharts, WinCount } from '../../../../shared/dashboard.js';
import type { FilterKey } from '../../../../shared/filters.js';
import { formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Card } from '../../../components/ui/card.js';
import { brandColor, OTHER_BRAND_COLOR } from '../brand-colors.js';
import { cropUnit, formatCropYield, formatGain, KG_HA } from '../crop-units.js';
import { truncateLabel, wholePercent } from '../labels.js';
import { SoilScatter } from './soil-scatter.js';

export const HEIGHT = 250;
const GREEN = '#3f8f45';
const GRID = '#e4ddd0';
/** Named slices of the brands' pie; the rest are one "Outras" slice. */
export const PIE_MAX_SLICES = 7;
/** Colours for brands outside the map legend: distinct from it, from each other and ≥ 3:1 on white. */
const EXTRA_BRAND_COLORS = ['#2563eb', '#0f766e', '#a16207', '#be185d', '#4d7c0f', '#0369a1', '#9f1239', '#6d28d9'];

const int = (v: unknown) => formatNumber(Number(v), 0);
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
type AxisDomain = [AxisDomainItem, AxisDomainItem];
/** Gains may be negative: the axis always holds 0, where the bars start. */
const AROUND_ZERO: AxisDomain = [(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)];
/**
 * The yearly line's value axis holds 0 too (from 7,2 % a wobble between 7 % and 9 % was
 * drawn as a cliff), for gains and for yields alike.
 */
export const YEAR_AXIS_DOMAIN: AxisDomain = AROUND_ZERO;
/** Value ticks short enough for a phone: 90.000 → "90 mil". */
const shortTick = (v: unknown) => compact.format(Number(v));
const pctTick = (v: unknown) => `${formatNumber(Number(v), 1)}%`;
const rate = (w: WinCount) => (100 * w.superacoes) / w.comparacoes;

export type OnFilter = (key: FilterKey, value: string) => void;

interface DataTable {
  caption: string;
  columns: string[];
  /** First cell: the category (a button when `filter` is given); then the values as text; then `link`, when given, as a last cell. */
  rows: { key: string; label: string; filter?: { key: FilterKey; value: string }; cells: string[]; link?: { to: string; label: string } }[];
}

/**
 * A chart under its title with its data as a table behind "Ver dados" (the chart's text
 * alternative), or a note when the filters leave nothing. `sized`: the chart sets its own size.
 */
function ChartCard({
  title,
  description,
  children,
  empty,
  table,
  onFilter,
  sized = false,
  footer,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  empty: boolean;
  table: DataTable;
  onFilter?: OnFilter;
  sized?: boolean;
  footer?: ReactNode;
  action?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card className="min-w-0 p-4" data-testid="chart-card">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
          {description ? <p className="mt-0.5 text-xs text-slate-600">{description}</p> : null}
        </div>
        {empty ? null : (
          <button
            type="button"
            className="min-h-11 shrink-0 rounded-md px-2 text-xs font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Ocultar dados' : 'Ver dados'}
          </button>
        )}
      </div>
      {action}
      {empty ? (
        <div className="flex items-center justify-center text-sm text-slate-600" style={{ height: HEIGHT }}>
          Sem dados para os filtros atuais.
        </div>
      ) : (
        <>
          {/* The drawing is described by the table below; screen readers get the table instead. */}
          <div role="img" aria-label={`Gráfico: ${title}. Os valores estão em "Ver dados".`}>
            {sized ? (
              children
            ) : (
              <div style={{ height: HEIGHT }}>
                <ResponsiveContainer width="100%" height={HEIGHT}>
                  {children as ReactElement}
                </ResponsiveContainer>
              </div>
            )}
          </div>
          {footer}
          {/* Drawn only when asked for: a filter change then re-renders no hidden rows. */}
          <div id={tableId} hidden={!showTable} className="mt-3 max-h-72 overflow-auto">
            {showTable ? (
              <table className="w-full text-left text-xs text-slate-700">
                <caption className="sr-only">{table.caption}</caption>
                <thead>
                  <tr className="border-b border-soil-200">
                    {table.columns.map((c) => (
                      <th key={c} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r) => (
                    <tr key={r.key} className="border-b border-soil-100">
                      <th scope="row" className="px-2 py-1 font-medium">
                        {r.filter && onFilter ? (
                          <button
                            type="button"
                            className="min-h-8 text-left text-brand-800 underline underline-offset-2 hover:text-brand-900"
                            onClick={() => onFilter(r.filter!.key, r.filter!.value)}
                            aria-label={`${r.label}: filtrar por ${r.label}`}
                          >
                            {r.label}
                          </button>
                        ) : (
                          r.label
                        )}
                      </th>
                      {r.cells.map((c, i) => (
                        <td key={i} className="px-2 py-1 whitespace-nowrap tabular-nums">
                          {c}
                        </td>
                      ))}
                      {r.link ? (
                        <td className="px-2 py-1 whitespace-nowrap">
                          <Link to={r.link.to} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                            {r.link.label}
                          </Link>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

interface BarRow {
  /** Full name (tooltip, table, filter value). */
  name: string;
  /** Under the axis: the name, cut at 12 characters for regionals and modalities. */
  label: string;
  value: number | null;
  /** Text at the bar's end. */
  end?: string;
  /** Lines of the tooltip. */
  tip: string[];
}

function BarTip({ active, payload }: { active?: boolean; payload?: readonly { payload?: BarRow }[] }) {
  const row = active ? payload?.[0]?.payload : undefined;
  if (!row) return null;
  return (
    <div className="rounded-md border border-soil-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-sm">
      <p className="font-semibold">{row.name}</p>
      {row.tip.map((t) => (
        <p key={t}>{t}</p>
      ))}
    </div>
  );
}

/** A category's name on one line, right-aligned against the axis (Recharts would wrap it at spaces). */
function CategoryTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  return (
    <text x={Number(x)} y={Number(y)} dx={-6} dy={4} textAnchor="end" fontSize={11} fill="#475569">
      {String(payload?.value ?? '')}
    </text>
  );
}

/** The text at a bar's end, on one line. */
function EndLabel(props: { x?: number | string; y?: number | string; width?: number | string; height?: number | string; value?: unknown }) {
  const x = Number(props.x) + Math.max(0, Number(props.width));
  const y = Number(props.y) + Number(props.height) / 2;
  return (
    <text x={x + 4} y={y} dy={4} fontSize={11} fill="#334155">
      {String(props.value ?? '')}
    </text>
  );
}

/**
 * Horizontal bars: one row per category, its name on the left (never overlapping, whatever the
 * width), values along the bottom with abbreviated ticks. A click on a bar calls `onBar`.
 * A function, not a component: ResponsiveContainer sizes the chart element it is given.
 */
function horizontalBars(
  rows: BarRow[],
  look: {
    fill: string | ((row: BarRow, i: number) => string);
    tick?: (v: unknown) => string;
    ticks?: number[];
    domain?: AxisDomain;
    labelWidth?: number;
  },
  onBar?: (row: BarRow) => void,
) {
  const fill = look.fill;
  return (
    <BarChart data={rows} layout="vertical" margin={{ left: 4, right: rows.some((r) => r.end) ? 72 : 16, top: 4, bottom: 4 }}>
      <CartesianGrid strokeDasharray="3 3" stroke={GRID} horizontal={false} />
      <XAxis
        type="number"
        tickFormatter={look.tick ?? shortTick}
        tick={{ fontSize: 11 }}
        tickCount={look.ticks ? undefined : 4}
        ticks={look.ticks}
        domain={look.domain ?? [0, 'auto']}
      />
      <YAxis type="category" dataKey="label" tick={<CategoryTick />} width={look.labelWidth ?? 96} interval={0} />
      <Tooltip content={<BarTip />} cursor={{ fill: '#f2eee6' }} />
      <Bar
        dataKey="value"
        radius={[0, 4, 4, 0]}
        isAnimationActive={false}
        fill={typeof fill === 'string' ? fill : GREEN}
        className={onBar ? 'cursor-pointer' : undefined}
        onClick={onBar ? (d: { payload?: BarRow }) => d.payload && onBar(d.payload) : undefined}
        maxBarSize={28}
      >
        {typeof fill === 'function' ? rows.map((r, i) => <Cell key={r.name} fill={fill(r, i)} />) : null}
        {rows.some((r) => r.end) ? <LabelList dataKey="end" content={<EndLabel />} /> : null}
      </Bar>
    </BarChart>
  );
}

/** Each brand's pie colour: the map legend's where it has one, else a distinct colour of its own. */
export function pieColors(marcas: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const m of marcas) {
    const c = brandColor(m);
    if (c !== OTHER_BRAND_COLOR && !used.has(c)) {
      out.set(m, c);
      used.add(c);
    }
  }
  const spare = EXTRA_BRAND_COLORS.filter((c) => !used.has(c));
  for (const m of marcas) if (!out.has(m)) out.set(m, spare.shift() ?? OTHER_BRAND_COLOR);
  return out;
}

/** The pie's slices: the PIE_MAX_SLICES largest brands, then "Outras" for the rest (never a filter). */
export function pieSlices(marcas: DashboardCharts['experimentosPorMarca']): { marca: string; n: number; outras: boolean }[] {
  if (marcas.length <= PIE_MAX_SLICES + 1) return marcas.map((m) => ({ ...m, outras: false }));
  const head = marcas.slice(0, PIE_MAX_SLICES).map((m) => ({ ...m, outras: false }));
  const rest = marcas.slice(PIE_MAX_SLICES);
  return [...head, { marca: `Outras (${rest.length} marcas)`, n: rest.reduce((s, m) => s + m.n, 0), outras: true }];
}

type WinBy = 'marca' | 'produto' | 'regional';
const WIN_BY: { key: WinBy; label: string }[] = [
  { key: 'marca', label: 'Marca' },
  { key: 'produto', label: 'Produto' },
  { key: 'regional', label: 'Regional' },
];

/** Where the win rate's "Meta-análise por produto" leads: the meta-analysis under the dashboard's filters, of `produto` when given. */
export type MetaHref = (produto?: string) => string;

function WinRates({ charts, onFilter, metaHref }: { charts: DashboardCharts; onFilter?: OnFilter; metaHref?: MetaHref }) {
  const [by, setBy] = useState<WinBy>('marca');
  const source: ({ name: string } & WinCount)[] =
    by === 'marca'
      ? charts.vitoriasPorMarca.map((r) => ({ name: r.marca, ...r }))
      : by === 'produto'
        ? charts.vitoriasPorProduto.map((r) => ({ name: r.produto, ...r }))
        : charts.vitoriasPorRegional.map((r) => ({ name: r.regional, ...r }));
  const rows: BarRow[] = source.map((r) => ({
    name: r.name,
    label: truncateLabel(r.name),
    value: rate(r),
    end: `${formatNumber(rate(r), 0)}% (${int(r.superacoes)}/${int(r.comparacoes)})`,
    tip: [
      `${formatNumber(rate(r), 0)}% dos tratamentos superaram a testemunha`,
      `${int(r.superacoes)} de ${int(r.comparacoes)} comparações`,
    ],
  }));
  const title = 'Taxa de vitória sobre a testemunha';
  return (
    <ChartCard
      title={title}
      description="% dos tratamentos que produziram mais que a testemunha do mesmo ensaio (comparável entre culturas)."
      empty={!rows.length}
      onFilter={onFilter}
      footer={
        metaHref ? (
          <p className="mt-2 text-xs text-slate-700">
            <Link
              to={metaHref()}
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Meta-análise por produto
            </Link>
            : a vitória conta quantos ensaios o produto ganhou; a meta-análise pesa o tamanho do ganho e a precisão de cada ensaio.
          </p>
        ) : undefined
      }
      action={
        <div role="group" aria-label="Agrupar por" className="mb-2 inline-flex rounded-lg border border-soil-200 p-0.5">
          {WIN_BY.map((w) => (
            <button
              key={w.key}
              type="button"
              aria-pressed={by === w.key}
              onClick={() => setBy(w.key)}
              className={
                by === w.key
                  ? 'min-h-9 rounded-md bg-brand-600 px-3 text-xs font-medium text-white'
                  : 'min-h-9 rounded-md px-3 text-xs font-medium text-slate-700 hover:bg-soil-100'
              }
            >
              {w.label}
            </button>
          ))}
        </div>
      }
      table={{
        caption: `${title} por ${by}`,
        columns: [
          WIN_BY.find((w) => w.key === by)!.label,
          'Vitórias',
          'Comparações',
          'Taxa',
          ...(by === 'produto' && metaHref ? ['Meta-análise'] : []),
        ],
        rows: source.map((r) => ({
          key: r.name,
          label: r.name,
          filter: { key: by, value: r.name },
          cells: [int(r.superacoes), int(r.comparacoes), `${formatNumber(rate(r), 0)}%`],
          ...(by === 'produto' && metaHref ? { link: { to: metaHref(r.name), label: `Meta-análise de ${r.name}` } } : {}),
        })),
      }}
    >
      {horizontalBars(
        rows,
        { fill: '#2d6a3e', tick: (v) => `${int(v)}%`, domain: [0, 100], ticks: [0, 25, 50, 75, 100] },
        onFilter ? (r) => onFilter(by, r.name) : undefined,
      )}
    </ChartCard>
  );
}

export default function OverviewCharts({
  charts,
  onFilter,
  metaHref,
}: {
  charts: DashboardCharts;
  onFilter?: OnFilter;
  /** The meta-analysis link beside the win rate; none without it (the component tests render without a router). */
  metaHref?: MetaHref;
}) {
  const crops = charts.produtividadePorCultura;
  /** Several crops in view: cross-crop charts compare gains over the control, not yields. */
  const mixed = crops.length > 1;
  const only = crops.length === 1 ? crops[0]!.cultura : null;
  const usual = only && cropUnit(only) !== KG_HA ? (kg: number | null) => ` (${formatCropYield(kg, only)})` : () => '';
  const gainOr = (g: number | null, n: number) => [`Ganho sobre a testemunha: ${formatGain(g)}`, `${int(n)} experimentos`];
  const byYieldOrGain = <T extends { media: number | null; ganho: number | null; n: number }>(r: T, name: string, cut = true) => ({
    name,
    label: cut ? truncateLabel(name) : name,
    value: mixed ? r.ganho : r.media,
    tip: mixed
      ? gainOr(r.ganho, r.n)
      : [
          `Média: ${formatKgHa(r.media)}${usual(r.media)}`,
          ...(r.ganho === null ? [] : [`Ganho: ${formatGain(r.ganho)}`]),
          `${int(r.n)} experimentos`,
        ],
  });
  const valueColumns = mixed
    ? ['Ganho sobre a testemunha', 'Experimentos']
    : ['Produtividade média (kg/ha)', 'Ganho sobre a testemunha', 'Experimentos'];
  const valueCells = (r: { media: number | null; ganho: number | null; n: number }) =>
    mixed ? [formatGain(r.ganho), int(r.n)] : [formatKgHa(r.media), formatGain(r.ganho), int(r.n)];
  /** The table of a chart of values per category: the category (a filter when `filterKey` is given), then the values. */
  const valueTable = <R extends { media: number | null; ganho: number | null; n: number }>(
    caption: string,
    column: string,
    items: R[],
    labelOf: (r: R) => string,
    filterKey?: FilterKey,
  ): DataTable => ({
    caption,
    columns: [column, ...valueColumns],
    rows: items.map((r) => {
      const label = labelOf(r);
      return { key: label, label, ...(filterKey ? { filter: { key: filterKey, value: label } } : {}), cells: valueCells(r) };
    }),
  });
  /** A chart of gains when the view mixes crops, of yields otherwise: its title, and for gains how they are averaged. */
  const gainOrYield = (gainTitle: string, yieldTitle: string) =>
    mixed
      ? { title: gainTitle, description: 'Média de (tratamento ÷ testemunha − 1) por ensaio: várias culturas em vista.' }
      : { title: yieldTitle };

  const totalMarcas = charts.experimentosPorMarca.reduce((s, m) => s + m.n, 0);
  const slices = pieSlices(charts.experimentosPorMarca);
  const colors = pieColors(slices.filter((s) => !s.outras).map((s) => s.marca));
  const sliceColor = (s: { marca: string; outras: boolean }) => (s.outras ? OTHER_BRAND_COLOR : (colors.get(s.marca) ?? OTHER_BRAND_COLOR));
  const filterBy = (key: FilterKey) => (onFilter ? (r: BarRow) => onFilter(key, r.name) : undefined);

  const regional = charts.porRegional.filter((r) => (mixed ? r.ganho : r.media) !== null);
  const anual = charts.evolucaoAnual.filter((r) => (mixed ? r.ganho : r.media) !== null);
  const modalidades = charts.porModalidade
    .filter((r) => (mixed ? r.ganho : r.media) !== null)
    .sort((a, b) => (mixed ? b.ganho! - a.ganho! : b.media - a.media));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Produtividade média por cultura (kg/ha)"
        description={mixed ? 'Cada cultura na sua escala; ao lado de cada barra, na unidade usual.' : undefined}
        empty={!crops.length}
        onFilter={onFilter}
        table={{
          caption: 'Produtividade média por cultura',
          columns: ['Cultura', 'Unidade usual', 'kg/ha', 'Ganho sobre a testemunha', 'Experimentos'],
          rows: crops.map((c) => ({
            key: c.cultura,
            label: c.cultura,
            filter: { key: 'cultura', value: c.cultura },
            cells: [formatCropYield(c.media, c.cultura), formatKgHa(c.media), formatGain(c.ganho), int(c.n)],
          })),
        }}
      >
        {horizontalBars(
          crops.map((c) => ({
            name: c.cultura,
            label: c.cultura,
            value: c.media,
            end: formatCropYield(c.media, c.cultura),
            tip: [
              `Média: ${formatKgHa(c.media)}${cropUnit(c.cultura) === KG_HA ? '' : ` (${formatCropYield(c.media, c.cultura)})`}`,
              ...(c.ganho === null ? [] : [`Ganho sobre a testemunha: ${formatGain(c.ganho)}`]),
              `${int(c.n)} experimentos`,
            ],
          })),
          { fill: GREEN, labelWidth: 104 },
          filterBy('cultura'),
        )}
      </ChartCard>

      <ChartCard
        title="Experimentos por marca"
        empty={!charts.experimentosPorMarca.length}
        onFilter={onFilter}
        table={{
          caption: 'Experimentos por marca',
          columns: ['Marca', 'Experimentos', 'Participação'],
          rows: charts.experimentosPorMarca.map((m) => ({
            key: m.marca,
            label: m.marca,
            filter: { key: 'marca', value: m.marca },
            cells: [int(m.n), wholePercent(m.n, totalMarcas)],
          })),
        }}
        footer={
          <ul className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-2" aria-label="Legenda">
            {slices.map((s) => (
              <li key={s.marca} className="flex min-w-0 items-center gap-2">
                <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: sliceColor(s) }} />
                {s.outras || !onFilter ? (
                  <span className="truncate">{s.marca}</span>
                ) : (
                  <button type="button" className="truncate text-left hover:underline" onClick={() => onFilter('marca', s.marca)}>
                    {s.marca}
                  </button>
                )}
                <span className="ml-auto shrink-0 tabular-nums">
                  {int(s.n)} · {wholePercent(s.n, totalMarcas)}
                </span>
              </li>
            ))}
          </ul>
        }
      >
        <PieChart>
          <Pie
            data={slices}
            dataKey="n"
            nameKey="marca"
            outerRadius="85%"
            isAnimationActive={false}
            label={false}
            className={onFilter ? 'cursor-pointer' : undefined}
            onClick={(d: { payload?: { marca: string; outras: boolean } }) => {
              if (onFilter && d.payload && !d.payload.outras) onFilter('marca', d.payload.marca);
            }}
          >
            {slices.map((s) => (
              <Cell key={s.marca} fill={sliceColor(s)} stroke="#fff" />
            ))}
          </Pie>
          <Tooltip formatter={(v, name) => [`${int(v)} (${wholePercent(Number(v), totalMarcas)})`, String(name)]} />
        </PieChart>
      </ChartCard>

      <ChartCard
        {...gainOrYield('Ganho médio sobre a testemunha por regional (%)', 'Produtividade média por regional (kg/ha)')}
        empty={!regional.length}
        onFilter={onFilter}
        table={valueTable('Por regional', 'Regional', charts.porRegional, (r) => r.regional, 'regional')}
      >
        {horizontalBars(
          regional.map((r) => byYieldOrGain(r, r.regional)),
          { fill: '#2d6a3e', tick: mixed ? pctTick : shortTick, domain: mixed ? AROUND_ZERO : undefined },
          filterBy('regional'),
        )}
      </ChartCard>

      <ChartCard
        title="Experimentos por Business Unit"
        empty={!charts.porBu.length}
        table={valueTable('Experimentos por Business Unit', 'Business Unit', charts.porBu, (b) => b.bu)}
      >
        {horizontalBars(
          charts.porBu.map((b) => ({
            name: b.bu,
            label: truncateLabel(b.bu),
            value: b.n,
            tip: [`${int(b.n)} experimentos`, `Ganho sobre a testemunha: ${formatGain(b.ganho)}`],
          })),
          { fill: (_r, i) => ['#2d6a3e', '#5fae5a', '#d97706', '#2563eb', '#7e22ce', '#0f766e'][i % 6]!, tick: int },
        )}
      </ChartCard>

      <ChartCard
        {...gainOrYield('Evolução anual do ganho sobre a testemunha (%)', 'Evolução anual da produtividade (kg/ha)')}
        empty={!anual.length}
        onFilter={onFilter}
        table={valueTable('Evolução anual', 'Ano', charts.evolucaoAnual, (r) => String(r.ano), 'ano')}
      >
        <LineChart
          data={anual.map((r) => ({ ...r, value: mixed ? r.ganho : r.media }))}
          margin={{ left: 4, right: 16, top: 8 }}
          className={onFilter ? 'cursor-pointer' : undefined}
          onClick={(state) => {
            const i = Number(state?.activeTooltipIndex);
            const row = Number.isInteger(i) ? anual[i] : undefined;
            if (onFilter && row) onFilter('ano', String(row.ano));
          }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
          <XAxis dataKey="ano" tick={{ fontSize: 11 }} minTickGap={12} interval="preserveStartEnd" />
          <YAxis tickFormatter={mixed ? pctTick : int} tick={{ fontSize: 11 }} width={52} domain={YEAR_AXIS_DOMAIN} />
          <Tooltip
            formatter={(v, _n, item) => {
              const r = item?.payload as { media: number; ganho: number | null; n: number } | undefined;
              return mixed
                ? [`${formatGain(Number(v))} (${int(r?.n)} experimentos)`, 'Ganho sobre a testemunha']
                : [`${formatKgHa(Number(v))}${usual(Number(v))}`, 'Média'];
            }}
          />
          <Line
            type="linear"
            dataKey="value"
            stroke={GREEN}
            strokeWidth={2.5}
            dot={{ r: 4 }}
            activeDot={{ r: 6 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>

      <ChartCard
        title="Teor de argila × produtividade (kg/ha)"
        empty={!charts.soloVsProdutividade.length}
        sized
        table={{
          caption: 'Teor de argila e produtividade de cada experimento da amostra',
          columns: ['Cultura', 'Argila (%)', 'Matéria orgânica (%)', 'Produtividade (kg/ha)'],
          rows: charts.soloVsProdutividade.map((p, i) => ({
            key: String(i),
            label: p.cultura,
            cells: [formatNumber(p.argila, 1), formatNumber(p.mo, 1), formatKgHa(p.produtividade)],
          })),
        }}
      >
        <SoilScatter points={charts.soloVsProdutividade} height={HEIGHT} />
      </ChartCard>

      <ChartCard
        title={mixed ? 'Ganho sobre a testemunha por modalidade de aplicação (%)' : 'Desempenho por modalidade de aplicação (kg/ha)'}
        description={mixed ? 'Média do ganho de cada tratamento sobre a testemunha do seu ensaio.' : 'Produtividade média dos tratamentos'}
        empty={!modalidades.length}
        table={{
          caption: 'Por modalidade de aplicação',
          columns: [
            'Modalidade',
            ...(mixed
              ? ['Ganho sobre a testemunha', 'Tratamentos']
              : ['Produtividade média (kg/ha)', 'Ganho sobre a testemunha', 'Tratamentos']),
          ],
          rows: charts.porModalidade.map((m) => ({
            key: m.modalidade,
            label: m.modalidade,
            cells: mixed ? [formatGain(m.ganho), int(m.n)] : [formatKgHa(m.media), formatGain(m.ganho), int(m.n)],
          })),
        }}
      >
        {horizontalBars(
          modalidades.map((m) => ({
            ...byYieldOrGain(m, m.modalidade),
            tip: mixed
              ? [`Ganho sobre a testemunha: ${formatGain(m.ganho)}`, `${int(m.n)} tratamentos`]
              : [`Média dos tratamentos: ${formatKgHa(m.media)}${usual(m.media)}`, `${int(m.n)} tratamentos`],
          })),
          { fill: '#d97706', tick: mixed ? pctTick : shortTick, domain: mixed ? AROUND_ZERO : undefined },
        )}
      </ChartCard>

      <WinRates charts={charts} onFilter={onFilter} metaHref={metaHref} />
    </div>
  );
}
