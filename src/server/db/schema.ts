/**
 * The one schema definition. `npm run db:generate` turns changes here into a new numbered SQL
 * file in ./migrations, which both engines (PGlite and PostgreSQL) apply unchanged.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** The experiment a row belongs to: it goes when the experiment goes. */
const experimentIdColumn = () =>
  integer('experiment_id')
    .notNull()
    .references((): AnyPgColumn => experiments.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased: uniqueness ignores case and surrounding spaces. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user', 'consultor'] })
      .notNull()
      .default('user'),
    company: text('company'),
    /**
     * Carried by every access token (claim `sv`): logout, a password reset or change, an e-mail
     * change and a role change add one, so tokens issued before stop working at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_role_check', sql`${t.role} in ('admin', 'user', 'consultor')`)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh rotates
 * the token within its family, and presenting a rotated token again revokes the whole family,
 * except within a few seconds of the rotation while its successor (`replaced_by`) is unused:
 * then the successor is answered again (two tabs refreshing at once).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The token this one was rotated into (null: not rotated, or revoked by a sign-out). */
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use password reset tokens (hash only), valid for one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/* ---------- reference data (lookups) ---------- */

/** A list of names (brands, crops): the name is the key the experiments refer to. */
const namesTable = <N extends string>(name: N) => pgTable(name, { nome: text('nome').primaryKey(), createdAt: createdAt() });

export const marcas = namesTable('marcas');

export const produtos = pgTable(
  'produtos',
  {
    id: serial('id').primaryKey(),
    marca: text('marca')
      .notNull()
      .references(() => marcas.nome, { onDelete: 'cascade', onUpdate: 'cascade' }),
    nome: text('nome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('produtos_marca_nome_key').on(t.marca, t.nome)],
);

export const regionais = pgTable('regionais', {
  sigla: text('sigla').primaryKey(),
  nome: text('nome').notNull().unique('regionais_nome_key'),
  createdAt: createdAt(),
});

export const estados = pgTable('estados', {
  sigla: text('sigla').primaryKey(),
  nome: text('nome').notNull(),
});

export const culturas = namesTable('culturas');

/* ---------- experiments ---------- */

/**
 * Reference columns are natural keys with ON UPDATE CASCADE: renaming a brand renames it in
 * every experiment, and a brand, regional or crop in use cannot be deleted.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    consultoria: text('consultoria').notNull(),
    marca: text('marca')
      .notNull()
      .references(() => marcas.nome, { onUpdate: 'cascade', onDelete: 'restrict' }),
    bu: text('bu').notNull(),
    regional: text('regional')
      .notNull()
      .references(() => regionais.nome, { onUpdate: 'cascade', onDelete: 'restrict' }),
    cidade: text('cidade').notNull(),
    estado: text('estado')
      .notNull()
      .references(() => estados.sigla, { onUpdate: 'cascade', onDelete: 'restrict' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    teorArgila: doublePrecision('teor_argila'),
    teorMateriaOrganica: doublePrecision('teor_materia_organica'),
    cultura: text('cultura')
      .notNull()
      .references(() => culturas.nome, { onUpdate: 'cascade', onDelete: 'restrict' }),
    cultivar: text('cultivar').notNull(),
    ano: smallint('ano').notNull(),
    tipoEstatistica: text('tipo_estatistica').notNull(),
    custoProtocolo: doublePrecision('custo_protocolo').notNull(),
    roi: doublePrecision('roi'),
    /** R$ per 60 kg bag, for the economic analysis of the trial. */
    precoSaca: doublePrecision('preco_saca'),
    /** The region's average yield the trial is compared with (kg/ha; migration 0022). */
    produtividadeRegional: doublePrecision('produtividade_regional'),
    /** Names of factors A and B in two-factor designs (migration 0014); '' when not given. */
    fatorA: text('fator_a').notNull().default(''),
    fatorB: text('fator_b').notNull().default(''),
    /**
     * Summary of the trial analysis, computed when the experiment is saved so the dashboard's
     * win-rate card is one aggregate: null when there are no replicates to analyse.
     */
    analiseVitoria: boolean('analise_vitoria'),
    analiseCv: doublePrecision('analise_cv'),
    /**
     * The treatments against the control (the first treatment), computed when the experiment is
     * saved so the dashboard compares crops by it (migration 0013): the mean of each other
     * treatment's gain over the control in % (null when the control's yield is not positive or
     * there is no other treatment), how many treatments were compared and how many out-yielded it.
     */
    ganhoMedio: doublePrecision('ganho_medio'),
    /**
     * The trial's verdict under IN MAPA 53/2013 (atende, nao_atende, pendente; migration 0023),
     * computed with every write from the checklist's rules (experiments/trial-summary.ts) so the
     * dashboard filters by it. Null only until a server's sweep computes it for rows stored before.
     */
    conformidadeIn53: text('conformidade_in53'),
    comparacoes: smallint('comparacoes').notNull().default(0),
    superacoes: smallint('superacoes').notNull().default(0),
    /** Mean of the treatments' yields, kept with every write so lists and aggregates read it. */
    produtividadeMedia: doublePrecision('produtividade_media'),
    /**
     * Names of the applied products in lower case (separated by U+001F), kept with every write:
     * the product filter is a substring search (LIKE '%…%', 4× cheaper than ILIKE) over one column
     * of the row, served by a trigram index, instead of a semi-join into every product row.
     */
    produtosBusca: text('produtos_busca').notNull().default(''),
    /**
     * The treatments (with products and analyses) as the API answers them, rebuilt by every write
     * of the treatments (experiments/presenter.ts): a page reads no nested table.
     */
    tratamentosJson: text('tratamentos_json').notNull().default('[]'),
    /** The assessments' declarations as the API answers them, rebuilt by every write (migration 0020). */
    avaliacoesJson: text('avaliacoes_json').notNull().default('[]'),
    /** planejado, em_andamento or concluido (migration 0021); only concluded trials feed the dashboard's rollups. */
    situacao: text('situacao').notNull().default('concluido'),
    /** Blocks (replicates) the layout is drawn with; null when not planned. */
    blocos: smallint('blocos'),
    /** The plot's size in metres; both or neither. */
    parcelaComprimentoM: doublePrecision('parcela_comprimento_m'),
    parcelaLarguraM: doublePrecision('parcela_largura_m'),
    /** The applications as the API answers them (with the assessments' days after them), rebuilt by every write. */
    aplicacoesJson: text('aplicacoes_json').notNull().default('[]'),
    /** Filename of the current (newest) document; kept with every document write. */
    pdfFilename: text('pdf_filename'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // DESC NULLS FIRST is what `ORDER BY … DESC` means: an index written NULLS LAST is never used for it.
    index('experiments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('experiments_owner_idx').on(t.ownerId),
    index('experiments_regional_idx').on(t.regional),
    index('experiments_cultura_idx').on(t.cultura),
    index('experiments_marca_idx').on(t.marca),
    index('experiments_ano_idx').on(t.ano),
    index('experiments_situacao_idx').on(t.situacao),
    // Plus experiments_mapa_idx (migration 0025), with INCLUDE columns drizzle does not declare: the
    // map's groups and the correlation sample read it index-only.
    // The sweep that computes the verdict of rows stored before migration 0023 finds them here.
    index('experiments_conformidade_pendente_idx')
      .on(t.id)
      .where(sql`${t.conformidadeIn53} is null`),
    check('experiments_conformidade_in53_check', sql`${t.conformidadeIn53} in ('atende', 'nao_atende', 'pendente')`),
    // The archive import's duplicate check (modules/imports/repository.ts): same city and year first.
    index('experiments_import_dup_idx').on(sql`lower(trim(${t.cidade}))`, t.ano),
    // fastupdate off: the embedded engine has no autovacuum to merge a GIN pending list, which
    // otherwise grows with every insert and is scanned linearly by every search.
    index('experiments_produtos_busca_trgm_idx')
      .using('gin', sql`${t.produtosBusca} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const treatments = pgTable(
  'treatments',
  {
    id: serial('id').primaryKey(),
    experimentId: experimentIdColumn(),
    position: smallint('position').notNull(),
    nome: text('nome').notNull(),
    modalidade: text('modalidade').notNull(),
    /** null in a planned or running trial that has no yield yet (migration 0021). */
    produtividade: doublePrecision('produtividade'),
    custo: doublePrecision('custo').notNull().default(0),
    /** Plot yields (kg/ha), one per block; the same count for every treatment of the experiment. */
    repeticoes: doublePrecision('repeticoes').array(),
    /** Levels of factors A and B in two-factor designs ('' for the additional treatment; migration 0014). */
    nivelA: text('nivel_a').notNull().default(''),
    nivelB: text('nivel_b').notNull().default(''),
    /** The treatment's dose as a number, for the dose–response regression. */
    dose: doublePrecision('dose'),
    /** Its role (constants.ts PAPEIS), null when none was declared (migration 0022). */
    papel: text('papel'),
  },
  (t) => [
    uniqueIndex('treatments_experiment_position_key').on(t.experimentId, t.position),
    check('treatments_papel_check', sql`${t.papel} in ('testemunha', 'padrao', 'teste')`),
  ],
);

/**
 * The columns every item of a treatment's list (a product, an analysis) starts with: its treatment,
 * its place in the list and its name. It carries experiment_id too, so a page's items are read in
 * one query and filtered by EXISTS.
 */
const treatmentListColumns = () => ({
  id: serial('id').primaryKey(),
  treatmentId: integer('treatment_id')
    .notNull()
    .references(() => treatments.id, { onDelete: 'cascade' }),
  experimentId: experimentIdColumn(),
  position: smallint('position').notNull(),
  nome: text('nome').notNull(),
});

/** Products applied in a treatment. */
export const appliedProducts = pgTable(
  'applied_products',
  {
    ...treatmentListColumns(),
    dose: doublePrecision('dose'),
    /** The dose's unit as typed ("L/ha", "mL/100 kg de sementes"); '' when not given. */
    unidade: text('unidade').notNull().default(''),
    custo: doublePrecision('custo'),
  },
  (t) => [
    index('applied_products_treatment_idx').on(t.treatmentId, t.position),
    index('applied_products_experiment_idx').on(t.experimentId),
  ],
);

export const additionalAnalyses = pgTable(
  'additional_analyses',
  {
    ...treatmentListColumns(),
    valor: doublePrecision('valor'),
    unidade: text('unidade').notNull().default(''),
  },
  (t) => [
    index('additional_analyses_treatment_idx').on(t.treatmentId, t.position),
    index('additional_analyses_experiment_idx').on(t.experimentId),
  ],
);

/**
 * What an experiment rates per plot besides yield: one row per variable × date (migration 0020;
 * shared/assessments.ts). `chave` is unique in the experiment; the name and unit index serves the
 * comparisons across trials ("Severidade (%)" of many trials).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    experimentId: experimentIdColumn(),
    position: smallint('position').notNull(),
    chave: text('chave').notNull(),
    nome: text('nome').notNull(),
    unidade: text('unidade').notNull().default(''),
    tipo: text('tipo').notNull(),
    data: date('data', { mode: 'string' }),
    estadio: text('estadio'),
    alvo: text('alvo'),
    escalaMin: smallint('escala_min'),
    escalaMax: smallint('escala_max'),
  },
  (t) => [
    uniqueIndex('assessments_experiment_chave_key').on(t.experimentId, t.chave),
    index('assessments_nome_idx').on(sql`lower(${t.nome})`, t.unidade),
  ],
);

/** One plot's value of one assessment (null: the plot was not rated); `bloco` is 0-based, in the order of `repeticoes`. */
export const plotValues = pgTable(
  'plot_values',
  {
    experimentId: experimentIdColumn(),
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    bloco: smallint('bloco').notNull(),
    valor: doublePrecision('valor'),
  },
  (t) => [
    primaryKey({ columns: [t.treatmentId, t.assessmentId, t.bloco] }),
    index('plot_values_experiment_idx').on(t.experimentId),
    index('plot_values_assessment_idx').on(t.assessmentId),
  ],
);

/** An application (spray, seed treatment…) of a trial, in the order of `aplicacoes` (migration 0021). */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    experimentId: experimentIdColumn(),
    position: smallint('position').notNull(),
    chave: text('chave').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    estadio: text('estadio'),
    volumeCaldaLHa: doublePrecision('volume_calda_l_ha'),
    equipamento: text('equipamento'),
    temperaturaC: doublePrecision('temperatura_c'),
    umidadePct: doublePrecision('umidade_pct'),
    ventoKmH: doublePrecision('vento_km_h'),
    /** Indices of the treatments sprayed; empty: every treatment. */
    tratamentos: smallint('tratamentos')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [uniqueIndex('applications_experiment_chave_key').on(t.experimentId, t.chave)],
);

/** The randomised layout of a trial, drawn from its seed (shared/croqui.ts); one per experiment (migration 0021). */
export const layouts = pgTable('layouts', {
  experimentId: integer('experiment_id')
    .primaryKey()
    .references((): AnyPgColumn => experiments.id, { onDelete: 'cascade' }),
  semente: integer('semente').notNull(),
  numeracao: text('numeracao').notNull(),
  delineamento: text('delineamento').notNull(),
  blocos: smallint('blocos').notNull(),
  /** The plots as the API answers them (JSON array of ParcelaCroqui). */
  parcelasJson: text('parcelas_json').notNull(),
  createdAt: createdAt(),
});

/**
 * PDF reports; the newest of an experiment is its current document. The bytes are in `content`
 * (storage 'banco') or in the object store under `sha256` (storage 'objeto', migration 0024).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    experimentId: experimentIdColumn(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content'),
    storage: text('storage', { enum: ['banco', 'objeto'] })
      .notNull()
      .default('banco'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'documents_storage_check',
      sql`(${t.storage} = 'banco' and ${t.content} is not null) or (${t.storage} = 'objeto' and ${t.content} is null)`,
    ),
    index('documents_experiment_idx').on(t.experimentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The archive import refuses a PDF already stored.
    index('documents_sha256_idx').on(t.sha256),
  ],
);

/** When a periodic job last ran on any server: the one that moves it on runs the job (migration 0024). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRun: timestamp('last_run', { withTimezone: true }).notNull(),
});

/** Secondary indexes a bulk load dropped, to build after it (seed/demo.ts, migration 0024). */
export const bulkLoadIndexes = pgTable('bulk_load_indexes', {
  name: text('name').primaryKey(),
  definition: text('definition').notNull(),
});

/** One archive import: the files one person sent together (in one or several requests). */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('import_batches_owner_idx').on(t.ownerId, t.id.desc().nullsFirst())],
);

export const IMPORT_STATUSES = ['queued', 'processing', 'ready', 'failed', 'approved', 'discarded'] as const;

/**
 * One PDF of an import and what the extractor proposed from it. Queued drafts are the job queue
 * (docs/decisions/012): a server claims one by setting `locked_until`/`locked_by`; a lease that
 * runs out (its server died) is claimed again, at most IMPORT_MAX_ATTEMPTS times.
 */
export const importDrafts = pgTable(
  'import_drafts',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * The PDF; dropped (null) once the draft is discarded (an approved one moved to documents) and
     * IMPORT_FAILED_RETENTION_DAYS after it failed.
     */
    content: bytea('content'),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('queued'),
    confidence: doublePrecision('confidence'),
    data: jsonb('data'),
    evidence: jsonb('evidence'),
    warnings: jsonb('warnings'),
    duplicateOf: integer('duplicate_of').references((): AnyPgColumn => experiments.id, { onDelete: 'set null' }),
    /** The same file was in someone else's live draft when this one was sent (who is not told). */
    importedElsewhere: boolean('imported_elsewhere').notNull().default(false),
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    /** When a worker last claimed it: the queue serves the owner served least recently first. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    experimentId: integer('experiment_id').references((): AnyPgColumn => experiments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('import_drafts_batch_idx').on(t.batchId, t.id),
    index('import_drafts_owner_idx').on(t.ownerId, t.status),
    index('import_drafts_sha256_idx').on(t.sha256),
    // The per-user daily quota (the last 24 hours) and the installation's bound on held bytes.
    index('import_drafts_owner_created_idx').on(t.ownerId, t.createdAt),
    // The queue's turns: when each owner was last served.
    index('import_drafts_owner_claimed_idx').on(t.ownerId, t.claimedAt),
    index('import_drafts_held_idx')
      .on(t.size)
      .where(sql`${t.content} is not null`),
    // The queue: only the rows a worker looks for.
    index('import_drafts_queue_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'processing')`),
    check('import_drafts_status_check', sql`${t.status} in ('queued', 'processing', 'ready', 'failed', 'approved', 'discarded')`),
  ],
);

/**
 * Who changed which experiment, document, account, reference item or import, and when. Written in
 * the transaction of the change itself; the experiment id is kept without a foreign key, so the
 * trail outlives a deleted experiment, and the author's name is kept as it was at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** One of AUDIT_ACTIONS (src/shared/audit.ts): experiment.*, document.*, account.*, reference.*, import.* */
    action: text('action').notNull(),
    /** The action's kind (AUDIT_ACTION_KIND), what the admin filters by (migration 0018). */
    kind: text('kind').notNull(),
    experimentId: integer('experiment_id'),
    /** An account entry: the account it is about (the actor may be an admin). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What identifies the subject to a reader (an experiment's cultura, cultivar, cidade…; an account's name), at the time. */
    label: text('label').notNull(),
    /** {field: {de, para}}: an update's changed fields; a document's arquivo; an upload's counts. */
    changes: jsonb('changes'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_experiment_idx').on(t.experimentId),
    index('audit_log_kind_at_idx').on(t.kind, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('audit_log_kind_check', sql`${t.kind} in ('experimento', 'documento', 'conta', 'referencia', 'importacao')`),
  ],
);

/*
 * Dashboard rollups (migration 0009): counts and numeric sums of the experiments per
 * (regional, cultura, marca, ano) and one more dimension each, kept by statement-level triggers on
 * `experiments` in the transaction of every write. Aggregates under the exact filters read these
 * instead of every experiment. Rows whose count falls to 0 stay; readers skip them.
 */
const rollupDims = () => ({
  regional: text('regional').notNull(),
  cultura: text('cultura').notNull(),
  marca: text('marca').notNull(),
  ano: smallint('ano').notNull(),
});

export const dashboardRollup = pgTable(
  'dashboard_rollup',
  {
    ...rollupDims(),
    bu: text('bu').notNull(),
    n: integer('n').notNull(),
    /** Experiments with a produtividade_media, and its sum. */
    prodN: integer('prod_n').notNull(),
    prodSum: numeric('prod_sum').notNull(),
    roiN: integer('roi_n').notNull(),
    roiSum: numeric('roi_sum').notNull(),
    custoSum: numeric('custo_sum').notNull(),
    vitorias: integer('vitorias').notNull(),
    analisados: integer('analisados').notNull(),
    /**
     * Relative gain over the control (migration 0013): experiments whose first treatment (the
     * control) has a positive yield and that have other treatments, and the sum of each one's mean
     * gain of those treatments over it in %; then those treatments and how many out-yielded it.
     */
    ganhoN: integer('ganho_n').notNull().default(0),
    ganhoSum: numeric('ganho_sum').notNull().default('0'),
    comparacoes: integer('comparacoes').notNull().default(0),
    superacoes: integer('superacoes').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dashboard_rollup_pkey', columns: [t.regional, t.cultura, t.marca, t.ano, t.bu] })],
);

export const dashboardRollupConsultorias = pgTable(
  'dashboard_rollup_consultorias',
  { ...rollupDims(), consultoria: text('consultoria').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ name: 'dashboard_rollup_consultorias_pkey', columns: [t.regional, t.cultura, t.marca, t.ano, t.consultoria] })],
);

export const dashboardRollupLocais = pgTable(
  'dashboard_rollup_locais',
  { ...rollupDims(), cidade: text('cidade').notNull(), estado: text('estado').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ name: 'dashboard_rollup_locais_pkey', columns: [t.regional, t.cultura, t.marca, t.ano, t.cidade, t.estado] })],
);

/**
 * Treatments per modalidade: n and the sum of their produtividade (never null); of those compared
 * with their experiment's control (not the control itself), how many, the sum of their gains over
 * it in % and how many out-yielded it (migration 0013).
 */
export const dashboardRollupModalidades = pgTable(
  'dashboard_rollup_modalidades',
  {
    ...rollupDims(),
    modalidade: text('modalidade').notNull(),
    n: integer('n').notNull(),
    prodSum: numeric('prod_sum').notNull(),
    comparacoes: integer('comparacoes').notNull().default(0),
    ganhoSum: numeric('ganho_sum').notNull().default('0'),
    superacoes: integer('superacoes').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dashboard_rollup_modalidades_pkey', columns: [t.regional, t.cultura, t.marca, t.ano, t.modalidade] })],
);

/**
 * Applied products per name as written (the filter options trim them); of the treatments carrying
 * them that are compared with their control, as in the modalities' rollup (migration 0013).
 */
export const dashboardRollupProdutos = pgTable(
  'dashboard_rollup_produtos',
  {
    ...rollupDims(),
    nome: text('nome').notNull(),
    n: integer('n').notNull(),
    comparacoes: integer('comparacoes').notNull().default(0),
    ganhoSum: numeric('ganho_sum').notNull().default('0'),
    superacoes: integer('superacoes').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dashboard_rollup_produtos_pkey', columns: [t.regional, t.cultura, t.marca, t.ano, t.nome] })],
);

/**
 * State every server of one database shares (migration 0011, docs/decisions/008): secrets generated
 * once (the JWT signing key when JWT_SECRET is unset), attempt counters with their windows, and the
 * change counter the response caches compare.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters; `key` is a SHA-256 of the namespaced key (no e-mail or IP kept in clear). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);

/** One row: bumped at commit by every transaction that writes what the cached answers read. */
export const dataChanges = pgTable(
  'data_changes',
  {
    id: smallint('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** The transaction that last bumped it: later rows of the same transaction skip the update. */
    lastXact: bigint('last_xact', { mode: 'number' }).notNull(),
  },
  (t) => [check('data_changes_one_row', sql`${t.id} = 1`)],
);

/**
 * The answers to creates and updates sent with an `Idempotency-Key`: a retry with the
 * same key and body gets the stored answer instead of a second experiment. Written in the same
 * transaction as the experiment; rows older than 7 days are deleted by the next keyed write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path, text fields and the PDF's own SHA-256. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

/**
 * Heavy reads a user runs at once, across servers (http/heavy-reads.ts): one row per slot held,
 * free again when deleted or expired.
 */
export const heavyReadLeases = pgTable(
  'heavy_read_leases',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    /** Which request holds it: only its holder renews or deletes it. */
    leaseId: uuid('lease_id').notNull(),
    /** What runs in it ("exportacao", "analise"): the refusal names it. */
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);
