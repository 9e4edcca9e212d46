/**
 * The overview's summary (docs/product-rules.md#dashboard-cards): four cards, then yields per crop and the
 * comparison with the control. Yields of different crops are never averaged together: with one
 * crop in view the "Produtividade Média (kg/ha)" card carries the crop's customary unit too;
 * with several, that card gives way to the mean gain over the control (comparable across crops)
 * and each crop's mean yield is listed in its own unit, a click away from filtering by it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardCards, DashboardCharts } from '../../../../shared/dashboard.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { cropUnit, formatCropYield, formatGain, KG_HA } from '../crop-units.js';
import { Card } from '../../../components/ui/card.js';
import { StatCard } from './stat-card.js';
import { LineIcon } from '../../../components/ui/line-icon.js';

const icons = {
  total: <path d="M4 4h12v12H4z M4 8h12 M8 8v8" />,
  yield: <path d="M4 16c6 0 10-4 12-12-8 1-12 5-12 12zm0 0 6-6" />,
  gain: <path d="M4 14l4-4 3 3 5-6 M12 7h4v4" />,
  roi: <path d="M10 3v14 M13.5 6.5c-.5-1-1.8-1.5-3.5-1.5-2 0-3.5 1-3.5 2.5S8 9.5 10 10s3.5 1 3.5 2.5S12 15 10 15c-1.7 0-3-.6-3.5-1.6" />,
  people: <path d="M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm6 0a3 3 0 1 0 0-6M2 17c0-3 2.5-5 5-5s5 2 5 5m1-5c2.5 0 5 2 5 5" />,
};
const Icon = ({ d }: { d: ReactNode }) => (
  <svg
    viewBox="0 0 20 20"
    className="h-5 w-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {d}
  </svg>
);

const percent = (part: number, whole: number) => `${formatNumber((100 * part) / whole, 0)}%`;

/** Each crop's mean yield in its own unit, kg/ha beside it; a crop is a button that filters by it. */
function YieldByCrop({ crops, onCrop }: { crops: DashboardCharts['produtividadePorCultura']; onCrop?: (cultura: string) => void }) {
  return (
    <section className="rounded-xl border border-soil-200 bg-white p-4 shadow-sm sm:p-5" data-testid="yield-by-crop">
      <h3 className="text-sm font-medium text-slate-600">Produtividade média por cultura</h3>
      <p className="mt-0.5 text-xs text-slate-600">
        Culturas diferentes não são somadas numa média única: cada uma na sua unidade usual. Escolha uma para filtrar.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-3 xl:grid-cols-4">
        {crops.map((c) => {
          const unit = cropUnit(c.cultura);
          const body = (
            <>
              <span className="block text-sm font-semibold break-words text-slate-800">{c.cultura}</span>
              <span className="block text-lg font-bold text-slate-900 sm:text-xl" data-testid="crop-yield">
                {formatCropYield(c.media, c.cultura)}
              </span>
              <span className="block text-xs text-slate-600">
                {unit === KG_HA ? '' : `${formatKgHa(c.media)} · `}
                {formatNumber(c.n, 0)} {c.n === 1 ? 'experimento' : 'experimentos'}
                {c.ganho === null ? '' : ` · ${formatGain(c.ganho)} sobre a testemunha`}
              </span>
            </>
          );
          return (
            <li key={c.cultura}>
              {onCrop ? (
                <button
                  type="button"
                  onClick={() => onCrop(c.cultura)}
                  aria-label={`${c.cultura}: ${formatCropYield(c.media, c.cultura)}. Filtrar por ${c.cultura}`}
                  className="block min-h-11 w-full rounded-lg border border-soil-200 px-3 py-2 text-left transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {body}
                </button>
              ) : (
                <div className="rounded-lg border border-soil-200 px-3 py-2">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function OverviewCards({
  cards,
  charts,
  onFilter,
  soConcluidos = false,
}: {
  cards: DashboardCards;
  charts: DashboardCharts;
  onFilter?: (key: 'cultura', value: string) => void;
  /** No situation is filtered: the indicators count concluded trials only (filters.ts indicatorFilters), and a note says so. */
  soConcluidos?: boolean;
}) {
  const crops = charts.produtividadePorCultura;
  const mixed = cards.culturas > 1;
  const only = crops.length === 1 ? crops[0]!.cultura : null;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total de Experimentos"
          value={formatNumber(cards.totalExperimentos, 0)}
          color="blue"
          icon={<Icon d={icons.total} />}
        />
        {mixed ? (
          <StatCard
            title="Ganho Médio sobre a Testemunha"
            value={formatGain(cards.ganhoMedio)}
            color="green"
            icon={<Icon d={icons.gain} />}
            detail={
              cards.ensaiosComparados
                ? `média de ${formatNumber(cards.ensaiosComparados, 0)} ensaios de ${formatNumber(cards.culturas, 0)} culturas, em % da testemunha`
                : 'nenhum ensaio com testemunha e tratamentos para comparar'
            }
          />
        ) : (
          <StatCard
            title="Produtividade Média (kg/ha)"
            value={formatKgHa(cards.produtividadeMedia)}
            color="green"
            icon={<Icon d={icons.yield} />}
            detail={
              only && cropUnit(only) !== KG_HA && cards.produtividadeMedia !== null
                ? `${formatCropYield(cards.produtividadeMedia, only)} · ${only}`
                : undefined
            }
          />
        )}
        <StatCard title="ROI Médio (BRL)" value={formatBRL(cards.roiMedio)} color="yellow" icon={<Icon d={icons.roi} />} />
        <StatCard
          title="Consultorias Ativas"
          value={formatNumber(cards.consultoriasAtivas, 0)}
          color="purple"
          icon={<Icon d={icons.people} />}
        />
      </div>
      {soConcluidos ? (
        <p className="text-xs text-slate-600" data-testid="concluded-only-note">
          Indicadores e gráficos consideram só ensaios concluídos.
        </p>
      ) : null}
      {mixed && crops.length ? <YieldByCrop crops={crops} onCrop={onFilter ? (c) => onFilter('cultura', c) : undefined} /> : null}
      <div className="space-y-1 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="win-rate">
        <p>
          <strong>Vitórias sobre a testemunha:</strong>{' '}
          {cards.comparacoes ? (
            <span>
              {formatNumber(cards.superacoes, 0)} de {formatNumber(cards.comparacoes, 0)} tratamentos produziram mais que a testemunha do
              seu ensaio ({percent(cards.superacoes, cards.comparacoes)}); ganho médio {formatGain(cards.ganhoMedio)} em{' '}
              {formatNumber(cards.ensaiosComparados, 0)} {cards.ensaiosComparados === 1 ? 'ensaio' : 'ensaios'}.
            </span>
          ) : (
            <span>nenhum ensaio destes filtros tem testemunha e tratamentos para comparar.</span>
          )}
        </p>
        <p>
          {cards.analisados ? (
            <span>
              Com repetições: em {formatNumber(cards.vitorias, 0)} de {formatNumber(cards.analisados, 0)} experimentos (
              {percent(cards.vitorias, cards.analisados)}) o melhor tratamento superou a testemunha (Tukey 5%).
            </span>
          ) : (
            <span>Nenhum experimento destes filtros tem produtividades por repetição para analisar.</span>
          )}
        </p>
      </div>
    </div>
  );
}

/** A new installation: an invitation to register the first experiment instead of empty charts. */
export function FirstExperimentInvitation() {
  return (
    <Card className="px-6 py-10 text-center" data-testid="empty-overview">
      <LineIcon viewBox="0 0 48 48" className="mx-auto h-12 w-12 text-brand-600" strokeWidth="2.5">
        <path d="M10 40c14 0 24-10 28-30-18 2-28 12-28 30zm0 0 14-14" strokeLinecap="round" strokeLinejoin="round" />
      </LineIcon>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum experimento cadastrado ainda</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Cadastre o primeiro experimento, com os tratamentos e o relatório em PDF, e o painel mostra aqui a produtividade por cultura, o
        ganho sobre a testemunha, o mapa e os gráficos.
      </p>
      <Link
        to="/novo-experimento"
        className="mt-6 inline-flex min-h-12 max-w-full items-center justify-center rounded-lg bg-brand-600 px-6 py-2 text-center text-base font-medium text-white shadow-sm transition-colors hover:bg-brand-700 active:bg-brand-800"
      >
        Cadastrar o primeiro experimento
      </Link>
      <p className="mt-4 text-sm text-slate-700">
        Tem um arquivo de relatórios em PDF?{' '}
        <Link to="/importar" className="font-medium text-brand-700 underline underline-offset-2">
          Importar relatórios
        </Link>
      </p>
    </Card>
  );
}

/** Filters that match nothing: one note instead of an empty map and seven empty charts. */
/** No concluded trial yet, but planned or running ones: the indicators wait for their results. */
export function OnlyPlannedTrials({ count }: { count: number }) {
  return (
    <Card className="px-6 py-8 text-center text-sm text-slate-700" data-testid="only-planned">
      Nenhum ensaio concluído ainda.{' '}
      {count === 1 ? '1 ensaio planejado ou em andamento está' : `${count} ensaios planejados ou em andamento estão`} na aba Experimentos;
      os indicadores e gráficos aparecem quando forem concluídos.
    </Card>
  );
}

export function NoMatchingExperiments() {
  return (
    <Card className="px-6 py-8 text-center text-sm text-slate-700" data-testid="no-match">
      Nenhum experimento encontrado para os filtros atuais. Ajuste ou limpe os filtros acima para ver o mapa e os gráficos.
    </Card>
  );
}
