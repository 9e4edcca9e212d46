/**
 * What the dashboard endpoints answer (docs/api.md). Aggregates are computed in SQL under the
 * current filters, so the browser never receives the full nested list of experiments.
 */

export interface DashboardCards {
  totalExperimentos: number;
  /** Mean of the experiments' mean yields (kg/ha). */
  produtividadeMedia: number | null;
  roiMedio: number | null;
  custoMedio: number | null;
  /** Distinct consultancies. */
  consultoriasAtivas: number;
  /** Experiments whose year is the current year. */
  experimentosAtivos: number;
  /** Of the experiments with replicates, how many had a treatment beat the control significantly. */
  vitorias: number;
  analisados: number;
}

export interface DashboardCharts {
  produtividadePorCultura: { cultura: string; media: number; n: number }[];
  experimentosPorMarca: { marca: string; n: number }[];
  porRegional: { regional: string; media: number | null; n: number }[];
  porBu: { bu: string; media: number | null; n: number }[];
  evolucaoAnual: { ano: number; media: number; n: number }[];
  /** Only experiments that have both soil values. */
  soloVsProdutividade: { argila: number; mo: number; produtividade: number; cultura: string }[];
  porModalidade: { modalidade: string; media: number; n: number }[];
}

/** One experiment on the map: where it is and its brand; its popup loads the rest on click. */
export interface MapPoint {
  id: number;
  lat: number | null;
  lng: number | null;
  cidade: string;
  estado: string;
  marca: string;
}

/** A point as sent: `[id, lat, lng, cidade, estado, marca]` (10,000 of them stay small). */
export type MapPointRow = [number, number | null, number | null, string, string, string];

export function mapPointOf([id, lat, lng, cidade, estado, marca]: MapPointRow): MapPoint {
  return { id, lat, lng, cidade, estado, marca };
}

export interface DashboardMap {
  pontos: MapPointRow[];
  /** Distinct city + state pairs. */
  localizacoes: number;
  estadosCobertos: number;
  /** Mean of the experiments' mean yields (kg/ha). */
  produtividadeMedia: number | null;
}

export interface DashboardData {
  cards: DashboardCards;
  charts: DashboardCharts;
  /** Product filter options: sorted unique trimmed non-empty names found in the treatments. */
  produtos: string[];
}

/**
 * The correlation explorer's data, columnar (one array per variable) to stay compact with
 * thousands of experiments. `tratamentos.experimento[i]` is the index of treatment i's experiment.
 */
export interface CorrelationDataset {
  experimentos: {
    produtividade_media: (number | null)[];
    roi: (number | null)[];
    custo_protocolo: (number | null)[];
    teor_argila: (number | null)[];
    teor_materia_organica: (number | null)[];
    ano: (number | null)[];
    cultura: string[];
    marca: string[];
    regional: string[];
    bu: string[];
    estado: string[];
  };
  tratamentos: {
    experimento: number[];
    produtividade: (number | null)[];
    custo: (number | null)[];
    modalidade: string[];
  };
}

/** A card of the Documentos tab: an experiment that has a PDF. */
export interface DocumentCard {
  id: number;
  pdf_filename: string;
  consultoria: string;
  marca: string;
  bu: string;
  regional: string;
  cidade: string;
  estado: string;
  cultura: string;
  ano: number;
  produtividade_media: number | null;
  roi: number | null;
  tratamentos: number;
  owner_id: string;
}

export interface DocumentCardsPage {
  documentos: DocumentCard[];
  total: number;
}

/** A row of the "Experimentos Cadastrados" table. */
export interface ExperimentRow {
  id: number;
  consultoria: string;
  regional: string;
  cultura: string;
  marca: string;
  produtividade_media: number | null;
  roi: number | null;
  ano: number;
  pdf_filename: string | null;
  owner_id: string;
}

export interface ExperimentRowsPage {
  experimentos: ExperimentRow[];
  total: number;
}
