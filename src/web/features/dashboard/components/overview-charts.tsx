/**
 * The overview's seven charts (spec 001 §2.3), height 250. Averages are integers in kg/ha;
 * regional and modality labels are cut at 12 characters; pie labels are whole percentages.
 * Loaded lazily with Recharts, so the sign-in page never pays for it.
 */
import type { ReactElement, ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DashboardCharts } from '../../../../shared/dashboard.js';
import { formatKgHa, formatNumber } from '../../../../shared/format.js';
import { truncateLabel, wholePercent } from '../labels.js';
import { brandColor } from '../brand-colors.js';
import { Card } from '../../../components/ui/card.js';
import { SoilScatter } from './soil-scatter.js';

const HEIGHT = 250;
const GREEN = '#3f8f45';
const PALETTE = ['#2d6a3e', '#5fae5a', '#d97706', '#2563eb', '#7e22ce', '#0f766e'];
const kg = (v: unknown) => formatKgHa(Number(v));
const int = (v: unknown) => formatNumber(Number(v), 0);

/** A chart under its title, or a note when the filters leave nothing; `sized`: the chart sets its own size. */
function ChartCard({ title, children, empty, sized = false }: { title: string; children: ReactNode; empty: boolean; sized?: boolean }) {
  return (
    <Card className="min-w-0 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-800">{title}</h3>
      {empty ? (
        <div className="flex items-center justify-center text-sm text-slate-600" style={{ height: HEIGHT }}>
          Sem dados para os filtros atuais.
        </div>
      ) : sized ? (
        children
      ) : (
        <div style={{ height: HEIGHT }}>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            {children as React.ReactElement}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

/**
 * Mean yields per category as bars, under each bar its name cut at 12 characters (`label`); then
 * the chart's own tooltip and, when it has one, legend. A function, not a component: ResponsiveContainer sizes the
 * chart element it is given.
 */
function meanBars(
  rows: { label: string; media: number | null }[],
  look: { fill: string; fontSize: number },
  tooltip: ReactElement,
  legend?: ReactElement,
) {
  return (
    <BarChart data={rows} margin={{ left: 8, right: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e4ddd0" />
      <XAxis dataKey="label" tick={{ fontSize: look.fontSize }} interval={0} />
      <YAxis tickFormatter={int} tick={{ fontSize: 12 }} width={60} />
      {tooltip}
      {legend}
      <Bar dataKey="media" fill={look.fill} radius={[4, 4, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}

export default function OverviewCharts({ charts }: { charts: DashboardCharts }) {
  const totalMarcas = charts.experimentosPorMarca.reduce((s, m) => s + m.n, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title="Produtividade média por cultura (kg/ha)" empty={!charts.produtividadePorCultura.length}>
        <BarChart data={charts.produtividadePorCultura} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4ddd0" />
          <XAxis dataKey="cultura" tick={{ fontSize: 11 }} interval={0} angle={-35} textAnchor="end" height={56} />
          <YAxis tickFormatter={int} tick={{ fontSize: 12 }} width={60} />
          <Tooltip formatter={(v) => [kg(v), 'Média']} />
          <Bar dataKey="media" fill={GREEN} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard title="Experimentos por marca" empty={!charts.experimentosPorMarca.length}>
        <PieChart>
          <Pie
            data={charts.experimentosPorMarca}
            dataKey="n"
            nameKey="marca"
            outerRadius={80}
            isAnimationActive={false}
            label={(p) => `${String(p.name ?? '')} ${wholePercent(Number(p.value ?? 0), totalMarcas)}`}
          >
            {charts.experimentosPorMarca.map((m) => (
              <Cell key={m.marca} fill={brandColor(m.marca)} />
            ))}
          </Pie>
          <Tooltip formatter={(v) => [`${int(v)} (${wholePercent(Number(v), totalMarcas)})`, 'Experimentos']} />
        </PieChart>
      </ChartCard>

      <ChartCard title="Produtividade média por regional (kg/ha)" empty={!charts.porRegional.length}>
        {meanBars(
          charts.porRegional.map((r) => ({ ...r, label: truncateLabel(r.regional) })),
          { fill: '#2d6a3e', fontSize: 11 },
          <Tooltip
            labelFormatter={(_l, p) => String(p?.[0]?.payload?.regional ?? '')}
            formatter={(v, name) => (name === 'media' ? [kg(v), 'Média'] : [int(v), 'Experimentos'])}
          />,
        )}
      </ChartCard>

      <ChartCard title="Experimentos por Business Unit" empty={!charts.porBu.length}>
        <BarChart data={charts.porBu} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4ddd0" />
          <XAxis dataKey="bu" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
          <Tooltip formatter={(v) => [int(v), 'Experimentos']} />
          <Bar dataKey="n" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {charts.porBu.map((b, i) => (
              <Cell key={b.bu} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>

      <ChartCard title="Evolução anual da produtividade (kg/ha)" empty={!charts.evolucaoAnual.length}>
        <LineChart data={charts.evolucaoAnual} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4ddd0" />
          <XAxis dataKey="ano" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={int} tick={{ fontSize: 12 }} width={60} domain={['auto', 'auto']} />
          <Tooltip formatter={(v) => [kg(v), 'Média']} />
          <Line type="linear" dataKey="media" stroke={GREEN} strokeWidth={2.5} dot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ChartCard>

      <ChartCard title="Teor de argila × produtividade (kg/ha)" empty={!charts.soloVsProdutividade.length} sized>
        <SoilScatter points={charts.soloVsProdutividade} height={HEIGHT} />
      </ChartCard>

      <ChartCard title="Desempenho por modalidade de aplicação (kg/ha)" empty={!charts.porModalidade.length}>
        {meanBars(
          charts.porModalidade.map((m) => ({ ...m, label: truncateLabel(m.modalidade) })),
          { fill: '#d97706', fontSize: 12 },
          <Tooltip formatter={(v) => [kg(v), 'Média dos tratamentos']} />,
          <Legend formatter={() => 'Produtividade média dos tratamentos'} />,
        )}
      </ChartCard>
    </div>
  );
}
