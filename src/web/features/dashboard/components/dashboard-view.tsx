/**
 * Dashboard Agrícola (docs/product-rules.md#dashboard). Filters and the open tab live in the URL, so a view can be
 * bookmarked, shared and restored with the back button. Charts, map and the correlation
 * explorer are separate lazy chunks.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast.js';
import { EXPERIMENT_SORT_KEYS, FILTER_KEYS } from '../../../../shared/filters.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Modal } from '../../../components/ui/modal.js';
import { Tabs } from '../../../components/ui/tabs.js';
import { EXTRACTION_MSG } from '../../../../shared/extraction.js';
import { api } from '../../../lib/api.js';
import { ApiError } from '../../../lib/api-client.js';
import { OFFLINE_READ_ONLY_HINT, useOffline } from '../../../lib/offline.js';
import { NEW_EXPERIMENT_PATH, handOffReport } from '../../../lib/report-handoff.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import type { AnalysisSlot, ExtractorSlot } from '../../../lib/slots.js';
import { useCorrelation, useDashboard, useDashboardMap } from '../api/queries.js';
import { type DashboardTab, dashboardReads, filtersFromParams, tabFromParams } from '../api/reads.js';
import { CorrelationExplorer, ExperimentsMap, OverviewCharts } from '../chunks.js';
import { metaAnalysisHref } from '../experiment-link.js';
import { DetailsModal } from './details-modal.js';
import { DocumentsTab } from './documents-tab.js';
import { ExperimentsTab, type TableSort } from './experiments-tab.js';
import { FilterPanel } from './filter-panel.js';
import { FirstExperimentInvitation, NoMatchingExperiments, OnlyPlannedTrials, OverviewCards } from './overview-cards.js';

// Charts, map and correlation explorer are chunks of their own that navigation starts fetching
// with this one and the data (../prefetch.ts); rendered without Suspense (lib/preloadable.tsx).

/** A map popup's details: the experiment read when its marker is clicked. */
const loadPopupDetails = (id: number) =>
  fetchExperiment(id).then((e) => ({
    consultoria: e.consultoria,
    marca: e.marca,
    cultura: e.cultura,
    ano: e.ano,
    produtividade: e.produtividade_media,
    roi: e.roi,
    regional: e.regional,
    tratamentos: e.tratamentos.length,
  }));

type Tab = DashboardTab;
const TABS: { key: Tab; label: string }[] = [
  { key: 'geral', label: 'Visão Geral' },
  { key: 'experimentos', label: 'Experimentos' },
  { key: 'interativa', label: 'Análise Interativa' },
  { key: 'documentos', label: 'Documentos' },
];

/** `?experimento=<id>` opens that experiment's details (map popups, chart points and table rows link to it). */
const experimentParam = (raw: string | null): number | null => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

const sortParam = (params: URLSearchParams): TableSort => {
  const ordem = EXPERIMENT_SORT_KEYS.find((k) => k === params.get('ordem')) ?? 'created_at';
  const dir = params.get('direcao');
  return { ordem, direcao: dir === 'asc' || dir === 'desc' ? dir : ordem === 'created_at' ? 'desc' : 'asc' };
};

function Loading({ text = 'Carregando experimentos...' }: { text?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-slate-700" role="status">
      <Spinner className="h-6 w-6 text-brand-600" />
      <span>{text}</span>
    </div>
  );
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** The PDF extractor and the trial analysis come from app/ (features do not import each other). */
export function DashboardView({ extractor: Extractor, analysis }: { extractor: ExtractorSlot; analysis: AnalysisSlot }) {
  const [params, setParams] = useSearchParams();
  const filters: FilterValues = filtersFromParams(params);
  const tab: Tab = tabFromParams(params);
  const detailsId = experimentParam(params.get('experimento'));
  const busca = params.get('busca') ?? '';
  // Which export is running (one at a time per user, as the server allows).
  const [exporting, setExporting] = useState<'experimentos' | 'avaliacoes' | null>(null);
  const [testingExtraction, setTestingExtraction] = useState(false);
  const navigate = useNavigate();
  const { offline } = useOffline();

  const dashboard = useDashboard(filters);
  const mapa = useDashboardMap(filters, tab === 'geral');
  const queryClient = useQueryClient();
  const loadMapView = useCallback(
    (view: { zoom: number; area: readonly number[] }) => queryClient.fetchQuery(dashboardReads.mapView(filters, view)),
    [queryClient, filters],
  );
  const correlation = useCorrelation(filters, tab === 'interativa');

  const withChanges = (prev: URLSearchParams, changes: Record<string, string>) => {
    const next = new URLSearchParams(prev);
    for (const [k, v] of Object.entries(changes)) {
      if (v && !(k === 'aba' && v === 'geral')) next.set(k, v);
      else next.delete(k);
    }
    return next;
  };
  const update = (changes: Record<string, string>, { replace = false } = {}) =>
    setParams((prev) => withChanges(prev, changes), { replace });
  const openDetails = (id: number) => update({ experimento: String(id) });
  const closeDetails = () => update({ experimento: '' }, { replace: true });
  const detailsHref = (id: number) => `?${withChanges(params, { experimento: String(id) }).toString()}`;
  // Each keystroke of the search would otherwise be a step of the back button.
  const setBusca = (value: string) => update({ busca: value }, { replace: true });

  /** Downloads the filtered experiments (`experimentos`: export.csv) or their assessments (`avaliacoes`). */
  const exportCsv = async (which: 'experimentos' | 'avaliacoes') => {
    setExporting(which);
    try {
      const url = which === 'experimentos' ? '/api/dashboard/export.csv' : '/api/dashboard/avaliacoes.csv';
      const res = await api.raw(url, { query: { ...filters }, timeoutMs: 120_000 });
      saveBlob(await res.blob(), `${which}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      // 429: an export of this user is already running (the server's message says so).
      toast.error(err instanceof ApiError && err.status === 429 ? err.message : 'Erro ao exportar CSV. Tente novamente.');
    } finally {
      setExporting(null);
    }
  };

  const data = dashboard.data;
  const cards = data?.cards;
  return (
    <div className="min-w-0 space-y-6">
      <PageTitle
        title="Dashboard Agrícola"
        subtitle="Análise completa dos experimentos cadastrados"
        action={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => setTestingExtraction(true)}
              disabled={offline}
              title={offline ? OFFLINE_READ_ONLY_HINT : undefined}
            >
              Testar Extração com IA
            </Button>
            <Button
              variant="secondary"
              onClick={() => void exportCsv('experimentos')}
              disabled={exporting !== null || offline}
              title={offline ? OFFLINE_READ_ONLY_HINT : undefined}
            >
              {exporting === 'experimentos' ? 'Exportando...' : 'Exportar CSV'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void exportCsv('avaliacoes')}
              disabled={exporting !== null || offline}
              title={offline ? OFFLINE_READ_ONLY_HINT : 'Uma linha por tratamento e avaliação, com a média e o valor de cada parcela'}
            >
              {exporting === 'avaliacoes' ? 'Exportando...' : 'Exportar avaliações (CSV)'}
            </Button>
          </div>
        }
      />
      <FilterPanel
        values={filters}
        produtos={dashboard.data?.produtos ?? []}
        onChange={(k, v) => update({ [k]: v })}
        onClear={() => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])))}
      />
      {dashboard.isError ? (
        <Alert tone="error">
          Erro:{' '}
          {errorText(
            dashboard.error,
            FILTER_KEYS.some((k) => filters[k]) ? 'Erro ao buscar experimentos por filtros' : 'Erro ao buscar estatísticas',
          )}
        </Alert>
      ) : null}

      <Tabs items={TABS} value={tab} onChange={(k) => update({ aba: k })}>
        {tab === 'geral' ? (
          dashboard.isPending ? (
            <Loading />
          ) : data && cards ? (
            cards.totalExperimentos === 0 && !FILTER_KEYS.some((k) => filters[k]) && !data.naoConcluidos ? (
              <FirstExperimentInvitation />
            ) : (
              <div className="space-y-6" aria-busy={dashboard.isFetching}>
                <OverviewCards
                  cards={cards}
                  charts={data.charts}
                  onFilter={(k, v) => update({ [k]: v })}
                  soConcluidos={!filters.situacao}
                />
                {cards.totalExperimentos === 0 && data.naoConcluidos && !filters.situacao ? (
                  <OnlyPlannedTrials count={data.naoConcluidos} />
                ) : cards.totalExperimentos === 0 ? (
                  <NoMatchingExperiments />
                ) : (
                  <>
                    {mapa.data ? (
                      <ExperimentsMap
                        fallback={<Loading text="Carregando mapa..." />}
                        mapa={mapa.data}
                        loadDetails={loadPopupDetails}
                        loadView={loadMapView}
                      />
                    ) : mapa.isError ? (
                      <Alert tone="error">Erro: {errorText(mapa.error, 'Erro ao buscar experimentos')}</Alert>
                    ) : (
                      <Loading text="Carregando mapa..." />
                    )}
                    <OverviewCharts
                      fallback={<Loading text="Carregando gráficos..." />}
                      charts={data.charts}
                      onFilter={(k, v) => update({ [k]: v })}
                      metaHref={(produto) => metaAnalysisHref(filters, produto)}
                    />
                  </>
                )}
              </div>
            )
          ) : null
        ) : tab === 'experimentos' ? (
          <ExperimentsTab
            filters={filters}
            busca={busca}
            onBusca={setBusca}
            sort={sortParam(params)}
            onSort={(s) => update({ ordem: s.ordem === 'created_at' ? '' : s.ordem, direcao: s.direcao }, { replace: true })}
            detailsHref={detailsHref}
            onView={openDetails}
          />
        ) : tab === 'interativa' ? (
          correlation.isPending ? (
            <Loading />
          ) : correlation.isError ? (
            <Alert tone="error">Erro: {errorText(correlation.error, 'Erro ao buscar experimentos')}</Alert>
          ) : (
            <CorrelationExplorer fallback={<Loading text="Carregando análise..." />} data={correlation.data} filters={filters} />
          )
        ) : (
          <DocumentsTab filters={filters} busca={busca} onBusca={setBusca} />
        )}
      </Tabs>
      <DetailsModal id={detailsId} onClose={closeDetails} analysis={analysis} />
      <Modal open={testingExtraction} onClose={() => setTestingExtraction(false)} title="Testar Extração com IA" size="xl">
        <Extractor
          onCancel={() => setTestingExtraction(false)}
          onConfirm={() => setTestingExtraction(false)}
          onExtracted={(result) => {
            // The dashboard logs the data and says so (docs/product-rules.md#extractor-screen); the modal then shows the result.
            console.log('Dados extraídos:', result);
            window.alert(EXTRACTION_MSG.dashboardDone);
          }}
          onCreateExperiment={(result, file) => {
            // The wizard takes the result and the PDF as its "Começar a partir de um relatório PDF" would.
            handOffReport({ result, file });
            setTestingExtraction(false);
            void navigate(NEW_EXPERIMENT_PATH);
          }}
        />
      </Modal>
    </div>
  );
}
