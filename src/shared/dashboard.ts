/**
 * What the dashboard endpoints answer (docs/api.md). Aggregates are computed in SQL under the
 * current filters, so the browser never receives the full nested list of experiments.
 */
import type { CorrelationField, EXPERIMENT_FIELDS } from './fields/catalogue.js';
import type { NumericKind } from './fields/kinds.js';

export interface DashboardCards {
  totalExperimentos: number;
  /**
   * Mean of the experiments' mean yields (kg/ha) when they are all of one crop; null when several
   * crops are in view (`culturas` > 1): yields of different crops are never averaged together,
   * `charts.produtividadePorCultura` gives them per crop.
   */
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
  /** Distinct crops in view: with more than one, yields are shown per crop, never averaged together. */
  culturas: number;
  /**
   * Mean relative gain over the control, in %: each experiment's mean of (treatment yield ÷
   * control yield − 1) × 100 over its treatments (the first treatment is the control), averaged
   * over the experiments that have one. Comparable across crops.
   */
  ganhoMedio: number | null;
  /** Experiments in `ganhoMedio`: a control with a positive yield and at least one other treatment. */
  ensaiosComparados: number;
  /** Treatments compared with their experiment's control, and how many out-yielded it. */
  comparacoes: number;
  superacoes: number;
}

/** Treatments compared with their experiment's control, and how many out-yielded it (win rate = superacoes ÷ comparacoes). */
export interface WinCount {
  comparacoes: number;
  superacoes: number;
}

/**
 * Chart series. `media` is a mean yield in kg/ha (comparable within one crop only); `ganho` the
 * mean relative gain over the control in % (as `DashboardCards.ganhoMedio`), null when nothing
 * in the group was compared.
 */
export interface DashboardCharts {
  produtividadePorCultura: { cultura: string; media: number; n: number; ganho: number | null }[];
  experimentosPorMarca: { marca: string; n: number }[];
  porRegional: { regional: string; media: number | null; n: number; ganho: number | null }[];
  porBu: { bu: string; media: number | null; n: number; ganho: number | null }[];
  evolucaoAnual: { ano: number; media: number; n: number; ganho: number | null }[];
  /** Only experiments that have both soil values. */
  soloVsProdutividade: { argila: number; mo: number; produtividade: number; cultura: string }[];
  /** Per treatment: `media` of the treatments' yields; `ganho` of those compared with their control. */
  porModalidade: { modalidade: string; media: number; n: number; ganho: number | null }[];
  /** Win rate over the control per brand, regional and product (the 12 most compared), highest first. */
  vitoriasPorMarca: ({ marca: string } & WinCount)[];
  vitoriasPorRegional: ({ regional: string } & WinCount)[];
  vitoriasPorProduto: ({ produto: string } & WinCount)[];
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

/**
 * The map's points as sent: parallel columns, newest registered first, places and brands as
 * indexes into dictionaries. At 100,000 experiments this is half the bytes of one array per point
 * (most ids differ by 1 from the one before; there are a few dozen places and brands).
 */
export interface MapPoints {
  /** The first id, then each id's difference from the one before it (ids decrease). */
  id: number[];
  lat: (number | null)[];
  lng: (number | null)[];
  /** Index into `locais`. */
  local: number[];
  /** Index into `marcas`. */
  marca: number[];
  /** [cidade, estado] */
  locais: [string, string][];
  marcas: string[];
}

export const NO_MAP_POINTS: MapPoints = { id: [], lat: [], lng: [], local: [], marca: [], locais: [], marcas: [] };

export function mapPointsOf(p: MapPoints): MapPoint[] {
  const out: MapPoint[] = new Array<MapPoint>(p.id.length);
  let id = 0;
  for (let i = 0; i < p.id.length; i++) {
    id = i === 0 ? p.id[0]! : id - p.id[i]!;
    const [cidade, estado] = p.locais[p.local[i]!]!;
    out[i] = { id, lat: p.lat[i] ?? null, lng: p.lng[i] ?? null, cidade, estado, marca: p.marcas[p.marca[i]!]! };
  }
  return out;
}

/**
 * Above this many matching experiments the map is sent as groups formed for one zoom level and
 * area (`MapGroups`), not one point each: the answer then stays the size of what the screen shows.
 */
export const MAP_POINTS_MAX = 20_000;
/** Groups are the experiments within one square of this many pixels at their zoom level. */
export const MAP_GROUP_CELL_PX = 44;
/** From this zoom level on, groups cover the area asked (`area`) only. */
export const MAP_AREA_FROM_ZOOM = 6;
/**
 * From this zoom level on (a few streets across), every experiment of the area is its own group, so
 * trials at one spot can be spread apart and opened; at most MAP_SINGLES_MAX, the newest.
 */
export const MAP_SINGLES_FROM_ZOOM = 16;
export const MAP_SINGLES_MAX = 5000;

/** The map's experiments as groups for one zoom level (and, from MAP_AREA_FROM_ZOOM, one area). */
export interface MapGroups {
  zoom: number;
  /** [oeste, sul, leste, norte] the groups cover; null: everywhere. */
  area: [number, number, number, number] | null;
  /** Where each group is drawn: the mean of its members' positions. */
  lat: number[];
  lng: number[];
  n: number[];
  /** The experiment of a group of one; 0 for larger groups. */
  id: number[];
  /** Index into `marcas` when every member has that brand, else −1. */
  marca: number[];
  /** Index into `locais` when every member is at that place, else −1. */
  local: number[];
  /** 1 when a group of one sits at its city's (or Brazil's) centre, having no coordinates. */
  aproximado: number[];
  locais: [string, string][];
  marcas: string[];
}

export interface DashboardMap {
  /** Every matching experiment, up to MAP_POINTS_MAX; empty (NO_MAP_POINTS) when `grupos` is set. */
  pontos: MapPoints;
  /** Above MAP_POINTS_MAX: the experiments grouped for the zoom level and area asked. */
  grupos?: MapGroups;
  /** Matching experiments, however they are sent. */
  total: number;
  /** Distinct city + state pairs. */
  localizacoes: number;
  estadosCobertos: number;
  /** Distinct crops among the points. */
  culturas: number;
  /** Mean of the experiments' mean yields (kg/ha) when they are all of one crop; null with several crops. */
  produtividadeMedia: number | null;
}

export interface DashboardData {
  cards: DashboardCards;
  charts: DashboardCharts;
  /** Product filter options: sorted unique trimmed non-empty names found in the treatments. */
  produtos: string[];
  /** Trials planned or running under the other filters: the indicators leave them out. */
  naoConcluidos: number;
}

/**
 * The correlation explorer's data, columnar (one array per variable) to stay compact with
 * thousands of experiments. `tratamentos.experimento[i]` is the index of treatment i's experiment.
 */
export interface CorrelationDataset {
  /**
   * What names each experiment (its id, to open it; consultoria and cidade, for tooltips), the mean
   * yield and the catalogue's correlation variables (numbers or categories by kind).
   */
  experimentos: { id: number[]; consultoria: string[]; cidade: string[]; produtividade_media: (number | null)[] } & {
    [K in CorrelationField]: (typeof EXPERIMENT_FIELDS)[K] extends { kind: NumericKind } ? (number | null)[] : string[];
  };
  tratamentos: {
    experimento: number[];
    produtividade: (number | null)[];
    custo: (number | null)[];
    modalidade: string[];
  };
  /**
   * The assessments as treatment-level numeric variables, one per name (case and spaces ignored)
   * and unit, in long form: entry i says treatment `tratamento[i]` (an index into the `tratamentos`
   * arrays) has value `valor[i]` of variable `variavel[i]` (an index into `variaveis`, sorted by
   * name). The value is the mean of the treatment's rated plots of its experiment's latest-dated
   * assessment of that name and unit; a treatment without one has no entry.
   */
  avaliacoes: {
    variaveis: { nome: string; unidade: string }[];
    tratamento: number[];
    variavel: number[];
    valor: number[];
  };
  /**
   * Above CORRELATION_MAX matching experiments, the columns hold a sample stratified by crop (every
   * crop proportionally, at least CORRELATION_MIN_PER_CROP of each): how many it has and stands for.
   * null: every matching experiment.
   */
  amostra: { experimentos: number; total: number } | null;
}

/**
 * Pearson's r and the least-squares line of a numeric pair over every matching experiment
 * (GET /api/dashboard/correlacao/exata), for when the dataset is a sample. `n`: pairs with both
 * values; r, p and the line are null when they cannot be computed (fewer than 2 pairs, a constant
 * side; p below 3 pairs).
 */
export interface CorrelationExact {
  n: number;
  r: number | null;
  p: number | null;
  inclinacao: number | null;
  intercepto: number | null;
}

/** Most experiments the correlation explorer receives; above, a stratified sample (`amostra`). */
export const CORRELATION_MAX = 5000;
export const CORRELATION_MIN_PER_CROP = 50;

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
  /** 'planejado' | 'em_andamento' | 'concluido' (field-plan.ts SITUACOES); a stored text as it is. */
  situacao: string;
}

export interface ExperimentRowsPage {
  experimentos: ExperimentRow[];
  total: number;
}
