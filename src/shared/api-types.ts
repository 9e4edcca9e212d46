/**
 * What every endpoint answers (docs/api.md lists them; errors are `ApiErrorBody`, api-error.ts).
 * The routes check their answers against these types with `satisfies`; where an answer is JSON
 * text built elsewhere (the engine, a cache), the function that produces it is typed instead and a
 * test parses the text against the type's shape.
 */
import type { LocalRepetido } from './analise-conjunta.js';
import type { AuditPage } from './audit.js';
import type { AuthResponse, PublicUser } from './auth.js';
import type { CorrelationDataset, DashboardData, DashboardMap, DocumentCardsPage, ExperimentRowsPage } from './dashboard.js';
import type { DocumentInfo, Experiment } from './experiment.js';
import type { ExtractionResult } from './extraction.js';
import type { Estado, Regiao } from './lookups.js';
import type { AnaliseConjunta } from './stats/conjunta.js';
import type { ClasseCv, CurvaProgresso, EficaciaAbbott, GanhoComRetorno, ParcelaFaltante, TrialAnalysis } from './stats/index.js';
import type { TipoAvaliacao } from './constants.js';

export type {
  AuditPage,
  AuthResponse,
  CorrelationDataset,
  DashboardData,
  DashboardMap,
  DocumentCardsPage,
  ExperimentRowsPage,
  ExtractionResult,
};

/* GET /api/health */
export interface HealthResponse {
  /** 'error' (503) when the database does not answer. */
  status: 'ok' | 'error';
  database: 'pglite' | 'postgres';
}

/* POST /api/auth/register, /login and /refresh: AuthResponse. */
/** GET /api/auth/registration: what a sign-up may choose. */
export interface RegistrationInfoResponse {
  /** True only while the installation has no account: the first one may be an admin. */
  adminAvailable: boolean;
}
/** POST /api/auth/forgot-password (202) and /reset-password. */
export interface MessageResponse {
  message: string;
}

/* /api/users */
export interface UserResponse {
  user: PublicUser;
}
export interface UsersResponse {
  users: PublicUser[];
}

/* /api/lookups: reads */
export interface MarcasResponse {
  marcas: string[];
}
export interface RegioesResponse {
  regioes: Regiao[];
}
export interface EstadosResponse {
  estados: Estado[];
}
export interface CulturasResponse {
  culturas: string[];
}
export interface ProdutosPorMarcaResponse {
  /** Brand → its products' names, both in pt-BR alphabetical order. */
  produtosPorMarca: Record<string, string[]>;
}
export interface AvaliacoesResponse {
  /** The assessment names the experiments declare, one per name ignoring case, in pt-BR alphabetical order. */
  avaliacoes: string[];
}
/* /api/lookups: writes answer what they stored */
export interface MarcaWritten {
  marca: string;
}
export interface ProdutoWritten {
  produto: { id: number; marca: string; nome: string };
}
export interface RegiaoWritten {
  regiao: Regiao;
}
export interface CulturaWritten {
  cultura: string;
}

/* /api/experiments */
export interface ExperimentListResponse {
  experiments: Experiment[];
  total: number;
}
export interface ExperimentStatsResponse {
  totalExperimentos: number;
  /** Experiments of the current year in Brazil. */
  experimentosAtivos: number;
  roiMedio: number | null;
  custoMedio: number | null;
}
export interface ExperimentResponse {
  experiment: Experiment;
}
/** GET /api/experiments/:id/analise: the trial analysis, its plain-language reading and each gain's return. */
export interface AnalysisResponse extends Omit<TrialAnalysis, 'ganhos'> {
  ganhos: GanhoComRetorno[];
  cvClasse: ClasseCv;
  avisos: string[];
  /** `?avaliacao=` or `?aacpd=`: the variable analysed instead of yield. */
  variavel?: AnalysisVariable;
  /** The plots without a value and the blocks left out for them (1-based). */
  parcelas?: { faltantes: ParcelaFaltante[]; blocosRemovidos: number[] };
  /** Abbott's efficacy of every treatment but the control, when the assessment has a target. */
  eficacia?: EficaciaAbbott[];
  /** `?aacpd=`: each treatment's mean per date. */
  curva?: CurvaProgresso[];
}

/** An assessment (or the area under its progress curve) as the analysis names it. */
export interface AnalysisVariable {
  /** null for the AACPD, which spans several assessments of one name. */
  chave: string | null;
  nome: string;
  unidade: string;
  tipo: TipoAvaliacao;
  /** "Severidade (%) · 14/01/2026, R5.1". */
  rotulo: string;
  /** The dates rated (YYYY-MM-DD), in order. */
  datas: string[];
}

/* /api/uploads */
export interface DocumentResponse {
  document: DocumentInfo;
}
export interface DocumentsResponse {
  documents: DocumentInfo[];
}

/*
 * /api/dashboard → DashboardData, /mapa → DashboardMap, /correlacao → CorrelationDataset,
 * /documentos → DocumentCardsPage, /experimentos → ExperimentRowsPage (dashboard.ts).
 * POST /api/extract-pdf → ExtractionResult (extraction.ts). GET /api/admin/auditoria → AuditPage (audit.ts).
 */

/**
 * POST /api/analises/conjunta: the joint analysis across sites (shared/stats/conjunta.ts), and the
 * selected experiments that share city and year (absent from an answer cached before it).
 */
export type JointAnalysisResponse = AnaliseConjunta & { locaisRepetidos?: LocalRepetido[] };
