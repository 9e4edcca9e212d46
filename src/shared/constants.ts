/** Business constants and limits (docs/product-rules.md#limits-and-timings). */
export const ROLES = ['admin', 'user', 'consultor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  user: 'Usuário Padrão',
  consultor: 'Consultor Agrícola',
};

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 6;
/** Caps the work of hashing a password sent by anyone. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const COMPANY_MAX = 150;

export const REQUEST_TIMEOUT_MS = 30_000;
export const REFRESH_TIMEOUT_MS = 5_000;
export const RETRY_MAX = 3;
export const RETRY_DELAY_MS = 1_000;
export const LOGIN_REDIRECT_DELAY_MS = 1_500;
export const REGISTER_REDIRECT_DELAY_MS = 2_000;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** 7 days (docs/product-rules.md#limits-and-timings). */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export const WIZARD_TOTAL_STEPS = 7;

/** Wizard step 1. */
export const BUSINESS_UNITS = ['BU1', 'BU2', 'BU3'] as const;
/** Known statistical designs (docs/product-rules.md#wizard-step-6). */
export const TIPOS_ESTATISTICA = ['DBC', 'Blocos Casualizados', 'Inteiramente Casualizado', 'ANOVA'] as const;
/**
 * Two-factor designs: each treatment carries its levels (nivel_a, nivel_b). In a split
 * plot the main-plot factor is A; "com adicional" has one treatment outside the factorial (the control).
 */
export const DELINEAMENTOS_FATORIAIS = ['Fatorial DIC', 'Fatorial DBC', 'Fatorial DBC com adicional', 'Parcelas Subdivididas DBC'] as const;
export type DelineamentoFatorial = (typeof DELINEAMENTOS_FATORIAIS)[number];
/** Known application modes (docs/product-rules.md#wizard-step-6). */
export const MODOS_APLICACAO = ['Foliar', 'Solo', 'Sementes', 'Sulco', 'Cobertura', 'Incorporado'] as const;
/**
 * The modality of an untreated control (decision 015): reports call it "testemunha" or
 * "sem aplicação" and state no mode, yet the modality is required (docs/product-rules.md#wizard-step-5).
 */
export const MODALIDADE_SEM_APLICACAO = 'Sem aplicação';
/** The modality choices: the application modes, and none for an untreated control. */
export const MODALIDADES = [...MODOS_APLICACAO, MODALIDADE_SEM_APLICACAO] as const;

/**
 * A treatment's role in the trial (MAPA's method, IN 53/2013): the absolute control (lacking only
 * the nutrient or active principle), the positive control (a registered product of similar
 * function) or the product under test. Unset: no role declared (the first treatment is then the
 * control, as the spec has it).
 */
export const PAPEIS = ['testemunha', 'padrao', 'teste'] as const;
export type Papel = (typeof PAPEIS)[number];
export const PAPEL_LABEL: Readonly<Record<Papel, string>> = {
  testemunha: 'Testemunha absoluta',
  padrao: 'Padrão (referência)',
  teste: 'Produto testado',
};

export const YEAR_MIN = 2020;
export const YEAR_MAX = 2030;
/**
 * The highest yield (kg/ha) a treatment or a plot may have: ten times the best maize on
 * record, so that only a slip (a pasted total, a unit typed in grams) is refused.
 */
export const YIELD_MAX_KG_HA = 1_000_000;
/**
 * Decimal places of a plot yield (kg/ha): 1 g/ha. The PDF extractor rounds to the same; finer
 * differences only feed the trial analysis rounding noise (fields/kinds.ts).
 */
export const PLOT_DECIMALS = 3;
/** The highest price of a 60 kg bag (R$): like YIELD_MAX_KG_HA, refuses only a slip. */
export const PRICE_PER_BAG_MAX = 1_000_000;
export const YEARS: readonly number[] = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => YEAR_MIN + i);
export const DEFAULT_YEAR = 2024;

/** PDF uploads (docs/product-rules.md#pdf-files). */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_LIST_LIMIT = 50;

/** Bounds that keep one experiment a reasonable size to store and to show. */
export const MAX_TREATMENTS = 50;
export const MAX_PRODUCTS_PER_TREATMENT = 30;
export const MAX_ANALYSES_PER_TREATMENT = 30;

/** Fallback lists used when the lookups cannot be loaded (docs/product-rules.md#reference-data). */
export const FALLBACK_CULTURAS = [
  'Soja',
  'Milho',
  'Algodão',
  'Feijão',
  'Trigo',
  'Arroz',
  'Cana-de-açúcar',
  'Café',
  'Uva',
  'Manga',
  'Batata',
] as const;
export const FALLBACK_REGIONAIS = ['PR SC PY', 'MT BR 163', 'MT Oeste/RO/AC', 'GO', 'Cerrado MG', 'Nordeste'] as const;
export const FALLBACK_MARCAS = ['Aminoagro', 'Dimicron', 'Maximus', 'Concorrente'] as const;
/** The crop list always offers these (docs/product-rules.md#reference-data). */
export const CULTURAS_SEMPRE = ['Uva', 'Manga', 'Batata'] as const;

/** Suggested cultivars per crop (docs/product-rules.md#reference-data). */
export const CULTIVARES_SUGERIDAS: Record<string, readonly string[]> = {
  Soja: ['M6410', 'Foco Ipro', 'Brasmax Garra', 'TMG 7262', 'Don Mario 66i68'],
  Milho: ['P3456', 'DKB 390', '2B810', 'AG9025', 'P30F53'],
  Café: ['Mundo Novo', 'Catuaí', 'Bourbon', 'Icatu', 'Obatã'],
  Uva: ['Vitória', 'Syrah', 'Cabernet Sauvignon', 'Moscato', 'Isabel'],
  Manga: ['Tommy Atkins', 'Palmer', 'Kent', 'Keitt', 'Van Dyke'],
  Banana: ['Prata', 'Nanica', 'Maçã', 'Pacovan', "D'Angola"],
};

/** Suggested additional analyses and units (docs/product-rules.md#applied-products-and-additional-analyses). */
export const ANALISES_SUGERIDAS = [
  'Altura de Plantas',
  'Número de Vagens',
  'Número de Grãos por Vagem',
  'Peso de 1000 Grãos',
  'Número de Frutos',
  'Diâmetro do Fruto',
  'Comprimento de Espigas',
  'Número de Fileiras',
  'Número de Entre-nós',
  'Diâmetro do Caule',
  'Área Foliar',
  'Índice de Clorofila',
  'Teor de Proteína',
  'Teor de Óleo',
  'Stand Final',
  'Acamamento',
] as const;
/** Variables a trial rates per plot and date besides the spec's analyses (fungicide, herbicide and nutrition trials). */
export const AVALIACOES_SUGERIDAS = ['Severidade', 'Incidência', 'Controle', 'Fitotoxicidade', 'Desfolha', 'Índice SPAD'] as const;
/** What an assessment's values are: a percentage 0–100, a whole count, a score on a scale, a measure ≥ 0. */
export const TIPOS_AVALIACAO = ['porcentagem', 'contagem', 'nota', 'medida'] as const;
export type TipoAvaliacao = (typeof TIPOS_AVALIACAO)[number];
/** Blocks (replicates) of a trial, at most: one plot value per block. */
export const MAX_BLOCKS = 12;
/** At most this many applications per experiment. */
export const MAX_APLICACOES = 30;
/** At most this many assessments (variable × date) per experiment. */
export const MAX_AVALIACOES = 40;
/** Units a product's dose is given in; the form suggests them and accepts any other. */
export const DOSE_UNITS = ['L/ha', 'kg/ha', 'mL/ha', 'g/ha', 'mL/100 kg de sementes', 'g/100 kg de sementes', 'kg/t'] as const;
export const UNIDADES_SUGERIDAS = ['cm', 'm', 'mm', 'unidades', 'g', 'kg', '%', 'plantas/m²', 'cm²', 'índice SPAD', 'escala 1-5'] as const;
