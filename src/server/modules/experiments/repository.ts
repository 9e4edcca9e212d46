/**
 * Reads and writes experiments with their nested treatments, products and analyses. A page of
 * any size is read in two queries (page as JSON, count); writes that belong together share a
 * transaction.
 */
import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import { type ExperimentData, type Experiment, custoTratamento, produtividadeMedia } from '../../../shared/experiment.js';
import { EXPERIMENT_FIELDS, type ExperimentFieldName, type ExperimentListField } from '../../../shared/fields/catalogue.js';
import { namesOf } from '../../../shared/fields/kinds.js';
import type { ExperimentSortKey, Filters, SortDirection } from '../../../shared/filters.js';
import { type Db, type Tx, queryRows } from '../../db/client.js';
import { additionalAnalyses, applications, appliedProducts, assessments, experiments, plotValues, treatments } from '../../db/schema.js';
import { insertRows } from './bulk-insert.js';
import { analysisSummary, vereditoDoEnsaio } from './trial-summary.js';
import {
  applicationsJsonOf,
  assessmentsJsonOf,
  experimentsPageJson,
  isoTimestamp,
  storeApplicationsJson,
  storeAssessmentsJson,
  storeTreatmentsJson,
  treatmentsJsonOf,
} from './presenter.js';

/** Between two product names in the product search's text: a character filters refuse. */
const PRODUCT_SEPARATOR = '\u001f';

/** Both sides of the product search are compared in this case. */
const searchCase = (text: string) => text.toLocaleLowerCase('pt-BR');

/** Escapes LIKE wildcards so that "%" or "_" typed by a user match themselves. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function filterConditions(f: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.regional) conditions.push(eq(experiments.regional, f.regional));
  if (f.cultura) conditions.push(eq(experiments.cultura, f.cultura));
  if (f.marca) conditions.push(eq(experiments.marca, f.marca));
  if (f.ano !== undefined) conditions.push(eq(experiments.ano, f.ano));
  if (f.situacao) conditions.push(eq(experiments.situacao, f.situacao));
  if (f.conformidade) conditions.push(eq(experiments.conformidadeIn53, f.conformidade));
  if (f.produto) {
    conditions.push(sql`${experiments.produtosBusca} like ${likeContains(searchCase(f.produto))} escape '\\'`);
  }
  if (f.avaliacao) {
    // Qualified by hand: drizzle prints a lone table's columns unqualified, which inside this
    // subquery would name the assessment's own id.
    conditions.push(
      sql`exists (select 1 from ${assessments} a where a.experiment_id = "experiments"."id" and lower(trim(a.nome)) = lower(trim(${f.avaliacao})))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** How a page is ordered: a column of the list (shared/filters.ts) and its direction. */
export interface ListOrder {
  ordem: ExperimentSortKey;
  direcao: SortDirection;
}

export const NEWEST_FIRST: ListOrder = { ordem: 'created_at', direcao: 'desc' };

const TEXT_SORT = new Set<ExperimentSortKey>(['consultoria', 'regional', 'cultura', 'marca', 'pdf_filename']);
// Lower case without Portuguese accents, so that "Álvaro" sorts with "alvaro", not after "z"
// (PGlite has no ICU collation and unaccent is an extension).
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuuc';

/**
 * ORDER BY for a list order, its columns prefixed by `table` ("experiments" or an alias). Missing
 * values (no yield, no ROI, no PDF) come last either way; the id breaks ties so pages never overlap.
 * Only names from EXPERIMENT_SORT_KEYS reach the SQL text.
 */
export function orderSql(table: string, { ordem, direcao }: ListOrder): SQL {
  const dir = direcao === 'asc' ? 'asc' : 'desc';
  const col = `${table}.${ordem}`;
  if (ordem === 'created_at') return sql.raw(`${col} ${dir}, ${table}.id ${dir}`);
  const value = TEXT_SORT.has(ordem) ? `translate(lower(${col}), '${ACCENTED}', '${PLAIN}')` : col;
  return sql.raw(`${value} ${dir} nulls last, ${table}.id desc`);
}

/**
 * Where a newest-first page starts: the sort key of the last row of the page before, at full
 * precision (`created_at` as the engine writes it as text, and the id). Unlike an offset, the page
 * after it costs one index range whatever its depth (an offset reads and drops every row before).
 */
export interface ListCursor {
  createdAt: string;
  id: number;
}

/** The cursor as the API carries it (`depois`, `proximo`): opaque, URL-safe. */
export const encodeCursor = (c: ListCursor): string => Buffer.from(`${c.createdAt}|${c.id}`).toString('base64url');

/** A cursor from its text, or null when it is not one this server wrote. */
export function decodeCursor(text: string): ListCursor | null {
  const m = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|(\d{1,10})$/.exec(
    Buffer.from(text, 'base64url').toString(),
  );
  return m ? { createdAt: m[1]!, id: Number(m[2]) } : null;
}

const cursorOf = (text: string | null | undefined): ListCursor | null => {
  const bar = text?.lastIndexOf('|') ?? -1;
  return text && bar > 0 ? { createdAt: text.slice(0, bar), id: Number(text.slice(bar + 1)) } : null;
};

function pageOf(where: SQL | undefined, limit: number, offset: number, order: ListOrder = NEWEST_FIRST, after?: ListCursor): SQL {
  if (after) {
    // Newest first only (the caller checks): a row comparison the created_at index serves backwards.
    const next = sql`(${experiments.createdAt}, ${experiments.id}) < (${after.createdAt}::timestamptz, ${after.id}::int)`;
    where = where ? sql`${where} and ${next}` : next;
  }
  // Literal limits (validated integers): with parameters, the engine may switch to a generic plan
  // estimated for 10 % of the table.
  return sql`select * from ${experiments} ${where ? sql`where ${where}` : sql``}
    order by ${orderSql('"experiments"', order)}
    limit ${sql.raw(String(Math.trunc(limit)))} offset ${sql.raw(String(Math.trunc(offset)))}`;
}

/** Experiments of the filter, newest first, as engine-built JSON: one query for the page. */
async function experimentsJson(db: Db | Tx, where: SQL | undefined, limit: number, offset: number): Promise<Experiment[]> {
  const [row] = await queryRows<{ j: string }>(db, experimentsPageJson(pageOf(where, limit, offset)));
  return JSON.parse(row?.j ?? '[]') as Experiment[];
}

/**
 * A newest-first page of experiments under the filters after `after` (from the first without it),
 * without their total, and where the next page starts (null after the last): exports read page
 * after page, each an index range however deep.
 */
export async function pageExperiments(
  db: Db,
  filters: Filters,
  limit: number,
  after?: ListCursor,
): Promise<{ experiments: Experiment[]; next: ListCursor | null }> {
  const [row] = await queryRows<{ j: string; cursor: string | null; n: number }>(
    db,
    experimentsPageJson(pageOf(filterConditions(filters), limit, 0, NEWEST_FIRST, after), undefined, true),
  );
  return { experiments: JSON.parse(row?.j ?? '[]') as Experiment[], next: Number(row?.n) === limit ? cursorOf(row?.cursor) : null };
}

/**
 * Experiments holding a product of exactly this name (case aside) in any treatment: the substring
 * match uses the product search's trigram index, the separators then make it the whole name.
 */
function holdsProduct(nome: string): SQL {
  const name = searchCase(nome.trim());
  return sql`(${experiments.produtosBusca} like ${likeContains(name)} escape '\\'
    and (${PRODUCT_SEPARATOR} || ${experiments.produtosBusca} || ${PRODUCT_SEPARATOR}) like ${likeContains(PRODUCT_SEPARATOR + name + PRODUCT_SEPARATOR)} escape '\\')`;
}

/** Up to `limit` experiments under the filters that hold the product `nome` (the meta-analysis' trials), newest first. */
export function experimentsHoldingProduct(db: Db, filters: Filters, nome: string, limit: number): Promise<Experiment[]> {
  return experimentsJson(db, and(filterConditions(filters), holdsProduct(nome)), limit, 0);
}

/** Whether any experiment at all holds the product `nome`. */
export async function anyExperimentHoldsProduct(db: Db, nome: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${experiments} where ${holdsProduct(nome)} limit 1`);
  return rows.length > 0;
}

/** The search box: a case-insensitive substring of consultoria, cidade, cultura or marca. */
export function searchCondition(busca: string | undefined): SQL | undefined {
  if (!busca) return undefined;
  const term = likeContains(busca);
  return or(
    sql`${experiments.consultoria} ilike ${term} escape '\\'`,
    sql`${experiments.cidade} ilike ${term} escape '\\'`,
    sql`${experiments.cultura} ilike ${term} escape '\\'`,
    sql`${experiments.marca} ilike ${term} escape '\\'`,
  );
}

/**
 * The list response `{"experiments":[…],"total":n}` as text: the engine's JSON goes to the client
 * without being parsed and serialised again. The page costs the same whatever the table's size;
 * the total under the filters comes from `total` (aggregates.ts, maybe through a cache).
 */
export async function listExperimentsText(
  db: Db,
  filters: Filters,
  limit: number,
  offset: number,
  total: () => Promise<number>,
  { busca, order = NEWEST_FIRST, after }: { busca?: string | undefined; order?: ListOrder; after?: ListCursor | undefined } = {},
): Promise<string> {
  const where = and(filterConditions(filters), searchCondition(busca));
  const newestFirst = order.ordem === 'created_at' && order.direcao === 'desc';
  const [[row], n] = await Promise.all([
    queryRows<{ j: string; cursor?: string | null; n?: number }>(
      db,
      experimentsPageJson(pageOf(where, limit, offset, order, after), orderSql('p', order), newestFirst),
    ),
    total(),
  ]);
  const next = newestFirst ? cursorOf(row?.cursor) : null;
  // `proximo`: the next page's cursor (`depois`), while this one is full; newest-first order only.
  const proximo = next && Number(row?.n) === limit ? `,"proximo":"${encodeCursor(next)}"` : '';
  return `{"experiments":${row?.j ?? '[]'},"total":${n}${proximo}}`;
}

/** Experiments matching `where`: a separate count is far cheaper than `count(*) over ()` (9 vs 51 ms at 10k). */
export async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(experiments)
    .where(where);
  return c?.n ?? 0;
}

export async function getExperiment(db: Db | Tx, id: number): Promise<Experiment | null> {
  const [experiment] = await experimentsJson(db, eq(experiments.id, id), 1, 0);
  return experiment ?? null;
}

/** The experiments with these ids, in one query (those that do not exist are simply absent), by id. */
export async function getExperiments(db: Db | Tx, ids: readonly number[]): Promise<Experiment[]> {
  if (!ids.length) return [];
  return experimentsJson(db, inArray(experiments.id, [...ids]), ids.length, 0);
}

/**
 * The experiment's version and last change (as the experiment's JSON writes `updated_at`), the key
 * of its cached analysis (analysis-cache.ts); null when it does not exist.
 */
export async function getExperimentStamp(db: Db, id: number): Promise<{ version: number; updatedAt: string } | null> {
  const [row] = await queryRows<{ version: number; updated_at: string }>(
    db,
    sql`select ${experiments.version} as version, ${isoTimestamp(sql`${experiments.updatedAt}`)} as updated_at
      from ${experiments} where ${experiments.id} = ${id}`,
  );
  return row ? { version: Number(row.version), updatedAt: row.updated_at } : null;
}

/** Just what permission checks and the audit trail's label need. */
export async function getExperimentHead(db: Db, id: number) {
  const [row] = await db
    .select({
      id: experiments.id,
      ownerId: experiments.ownerId,
      version: experiments.version,
      cultura: experiments.cultura,
      cultivar: experiments.cultivar,
      cidade: experiments.cidade,
      estado: experiments.estado,
      ano: experiments.ano,
      tipo_estatistica: experiments.tipoEstatistica,
    })
    .from(experiments)
    .where(eq(experiments.id, id));
  return row ?? null;
}

/**
 * What the product filter searches: every applied product's name, lower case, separated by
 * U+001F, a character that filters refuse, so that no search matches across two names.
 */
export function produtosBusca(tratamentos: readonly { produtos_aplicados: readonly { nome: string }[] }[]): string {
  return searchCase(tratamentos.flatMap((t) => t.produtos_aplicados.map((p) => p.nome)).join(PRODUCT_SEPARATOR));
}

type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
const camelCase = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

type PlainField = Exclude<ExperimentFieldName, ExperimentListField>;
/** The catalogue's plain fields as drizzle column keys (`teor_argila` → `teorArgila`). */
type FieldColumns = { [K in PlainField as CamelCase<K>]: ExperimentData[K] };
// A catalogue field without its column in schema.ts fails to compile on the next line ("'true' is not
// assignable to 'never'"): add the column to schema.ts and a migration.
const everyFieldHasAColumn: [Exclude<keyof FieldColumns, keyof typeof experiments.$inferInsert>] extends [never] ? true : never = true;
void everyFieldHasAColumn;

const PLAIN_FIELDS = namesOf(EXPERIMENT_FIELDS, (f) => f.kind !== 'list') as PlainField[];

/**
 * Column values of an experiment from validated input: the catalogue's fields and what derives from
 * them. `colunas`: a Latin square's plot columns, from its drawn layout (none before it is drawn).
 */
export function experimentValues(data: ExperimentData, colunas: number[][] | null = null) {
  // Object.fromEntries gives a plain record; its entries are FieldColumns' keys and values.
  const fields = Object.fromEntries(PLAIN_FIELDS.map((name) => [camelCase(name), data[name]])) as FieldColumns;
  return {
    ...fields,
    parcelaComprimentoM: data.parcela?.comprimento_m ?? null,
    parcelaLarguraM: data.parcela?.largura_m ?? null,
    produtividadeMedia: produtividadeMedia(data.tratamentos),
    produtosBusca: produtosBusca(data.tratamentos),
    ...analysisSummary(data),
    conformidadeIn53: vereditoDoEnsaio(data, colunas),
    ...controlComparison(data.tratamentos),
  };
}

/**
 * Every treatment against the control (the first treatment), for the dashboard's comparisons
 * across crops: the mean gain in % of the others over it, how many were compared and how many
 * out-yielded it. No gain when the control's yield is not positive or it stands alone.
 */
export function controlComparison(tratamentos: readonly { produtividade: number | null }[]): {
  ganhoMedio: number | null;
  comparacoes: number;
  superacoes: number;
} {
  const control = tratamentos[0]?.produtividade ?? 0;
  const others = tratamentos.slice(1).map((t) => t.produtividade);
  // A planned trial has no yields yet: nothing to compare.
  if (!(control > 0) || !others.length || others.some((p) => p === null)) return { ganhoMedio: null, comparacoes: 0, superacoes: 0 };
  const yields = others as number[];
  const gains = yields.map((p) => (p / control - 1) * 100);
  return {
    ganhoMedio: gains.reduce((a, b) => a + b, 0) / gains.length,
    comparacoes: yields.length,
    superacoes: yields.filter((p) => p > control).length,
  };
}

/** What a bulk write stores of one experiment besides its validated data. */
export interface ExperimentRow {
  id: number;
  ownerId: string;
  data: ExperimentData;
  pdfFilename?: string | null;
  createdAt?: Date;
}

/**
 * Inserts experiments whose ids were drawn from the sequence (`reserveExperimentIds`), with their
 * nested rows: the demo seed's path, thousands at a time, with the same column mapping as the API.
 */
export async function insertExperiments(tx: Tx, rows: readonly ExperimentRow[]): Promise<void> {
  const now = new Date();
  await insertRows(
    tx,
    experiments,
    rows.map((r) => ({
      id: r.id,
      ownerId: r.ownerId,
      ...experimentValues(r.data),
      pdfFilename: r.pdfFilename ?? null,
      createdAt: r.createdAt ?? now,
      updatedAt: r.createdAt ?? now,
    })),
  );
  await insertNestedMany(
    tx,
    rows.map((r) => ({ experimentId: r.id, data: r.data })),
  );
}

/** `n` experiment ids from the sequence: rows then carry their id, whatever order INSERT answers in. */
export async function reserveExperimentIds(tx: Tx, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('experiments', 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  if (rows.length !== n) throw new Error('Falha ao reservar ids de experimentos.');
  return rows.map((r) => Number(r.id));
}

/** What of an experiment lives in nested tables: treatments (products, analyses, plot values), assessments, applications. */
type NestedData = Pick<ExperimentData, 'tratamentos' | 'avaliacoes' | 'aplicacoes'>;

/**
 * Writes an experiment's treatments, their products and analyses, its assessments and plot values,
 * and the JSON a page reads of them; with `storeJson: false` not the JSON, which the caller then
 * writes with nestedJsonValues().
 */
export function insertNested(
  tx: Tx,
  experimentId: number,
  data: NestedData,
  { storeJson = true }: { storeJson?: boolean } = {},
): Promise<void> {
  return insertNestedMany(tx, [{ experimentId, data }], storeJson);
}

/**
 * `experiments.tratamentos_json` and `avaliacoes_json` of one experiment computed from its nested
 * rows, as values to set in the same UPDATE as its other columns (the dashboard rollups' trigger
 * then runs once, not twice).
 */
export function nestedJsonValues(experimentId: number): { tratamentosJson: SQL; avaliacoesJson: SQL; aplicacoesJson: SQL } {
  return {
    tratamentosJson: sql`coalesce((select f.j from (${treatmentsJsonOf(sql`${experimentId}`)}) f), '[]')`,
    avaliacoesJson: sql`coalesce((select f.j from (${assessmentsJsonOf(sql`${experimentId}`)}) f), '[]')`,
    aplicacoesJson: sql`coalesce((select f.j from (${applicationsJsonOf(sql`${experimentId}`)}) f), '[]')`,
  };
}

/**
 * The nested rows of many experiments: all treatments, then all their products and analyses (three
 * multi-row statements whatever the count), then the treatments' JSON of every experiment.
 */
async function insertNestedMany(tx: Tx, items: readonly { experimentId: number; data: NestedData }[], storeJson = true): Promise<void> {
  const rows = items.flatMap(({ experimentId, data }) => data.tratamentos.map((t, position) => ({ experimentId, position, t })));
  const inserted = await insertRows<{ id: number; experiment_id: number; position: number }>(
    tx,
    treatments,
    rows.map(({ experimentId, position, t }) => ({
      experimentId,
      position,
      nome: t.nome,
      modalidade: t.modalidade,
      produtividade: t.produtividade,
      custo: custoTratamento(t),
      repeticoes: t.repeticoes ?? null,
      nivelA: t.nivel_a,
      nivelB: t.nivel_b,
      dose: t.dose,
      papel: t.papel,
    })),
    [treatments.id, treatments.experimentId, treatments.position],
  );
  const ids = new Map(inserted.map((r) => [`${r.experiment_id}:${r.position}`, Number(r.id)]));
  const treatmentId = (r: { experimentId: number; position: number }) => {
    const id = ids.get(`${r.experimentId}:${r.position}`);
    if (id === undefined) throw new Error(`Tratamento ${r.position} do experimento ${r.experimentId} não foi inserido.`);
    return id;
  };
  /** One row per item of a treatment's list, tied to its treatment and experiment, in the list's order. */
  const childRows = <T, C>(list: (t: (typeof rows)[number]['t']) => readonly T[], columns: (item: T) => C) =>
    rows.flatMap((r) =>
      list(r.t).map((item, position) => ({ treatmentId: treatmentId(r), experimentId: r.experimentId, position, ...columns(item) })),
    );
  const products = childRows(
    (t) => t.produtos_aplicados,
    (p) => ({ nome: p.nome, dose: p.dose, unidade: p.unidade, custo: p.custo }),
  );
  const analyses = childRows(
    (t) => t.analises_adicionais,
    (a) => ({ nome: a.nome, valor: a.valor, unidade: a.unidade }),
  );
  await insertRows(tx, appliedProducts, products);
  await insertRows(tx, additionalAnalyses, analyses);
  const sprayed = await insertApplications(tx, items);
  const rated = await insertAssessments(tx, items, rows, treatmentId);
  if (!storeJson) return;
  const experimentIds = items.map((i) => i.experimentId);
  const empty = items.filter((i) => i.data.tratamentos.length === 0).map((i) => i.experimentId);
  if (empty.length) await tx.update(experiments).set({ tratamentosJson: '[]' }).where(inArray(experiments.id, empty));
  // The ids are integers from the database (sequence or RETURNING).
  if (experimentIds.length > empty.length) await tx.execute(storeTreatmentsJson(sql.raw(experimentIds.map(Number).join(','))));
  // Applications first: each assessment's JSON carries its days after the latest one.
  if (sprayed.length) await tx.execute(storeApplicationsJson(sql.raw(sprayed.map(Number).join(','))));
  if (rated.length) await tx.execute(storeAssessmentsJson(sql.raw(rated.map(Number).join(','))));
}

/** The applications of every item (one multi-row statement); returns the experiments that have some. */
async function insertApplications(tx: Tx, items: readonly { experimentId: number; data: NestedData }[]): Promise<number[]> {
  const rows = items.flatMap(({ experimentId, data }) =>
    data.aplicacoes.map((a, position) => ({
      experimentId,
      position,
      chave: a.chave,
      data: a.data,
      estadio: a.estadio,
      volumeCaldaLHa: a.volume_calda_l_ha,
      equipamento: a.equipamento,
      temperaturaC: a.temperatura_c,
      umidadePct: a.umidade_pct,
      ventoKmH: a.vento_km_h,
      tratamentos: a.tratamentos,
    })),
  );
  await insertRows(tx, applications, rows);
  return [...new Set(rows.map((r) => r.experimentId))];
}

/**
 * The assessments of every item, then all their plot values (two multi-row statements whatever the
 * count): a value per treatment × assessment × block, null where the plot was not rated. Returns
 * the experiments that have assessments.
 */
async function insertAssessments(
  tx: Tx,
  items: readonly { experimentId: number; data: NestedData }[],
  treatmentRows: readonly { experimentId: number; position: number; t: NestedData['tratamentos'][number] }[],
  treatmentId: (r: { experimentId: number; position: number }) => number,
): Promise<number[]> {
  const declared = items.flatMap(({ experimentId, data }) =>
    data.avaliacoes.map((a, position) => ({
      experimentId,
      position,
      chave: a.chave,
      nome: a.nome,
      unidade: a.unidade,
      tipo: a.tipo,
      data: a.data,
      estadio: a.estadio,
      alvo: a.alvo,
      escalaMin: a.escala_min,
      escalaMax: a.escala_max,
    })),
  );
  const inserted = await insertRows<{ id: number; experiment_id: number; chave: string }>(tx, assessments, declared, [
    assessments.id,
    assessments.experimentId,
    assessments.chave,
  ]);
  const ids = new Map(inserted.map((r) => [`${r.experiment_id}:${r.chave}`, Number(r.id)]));
  const values = treatmentRows.flatMap((r) =>
    Object.entries(r.t.observacoes).flatMap(([chave, plots]) => {
      const assessmentId = ids.get(`${r.experimentId}:${chave}`);
      // The schema refuses values of an undeclared assessment; none reach this point.
      if (assessmentId === undefined) throw new Error(`Avaliação ${chave} do experimento ${r.experimentId} não foi inserida.`);
      return plots.map((valor, bloco) => ({ experimentId: r.experimentId, treatmentId: treatmentId(r), assessmentId, bloco, valor }));
    }),
  );
  await insertRows(tx, plotValues, values);
  return [...new Set(declared.map((a) => a.experimentId))];
}

/** Brazil's calendar year, which decides which experiments are "active". */
export function currentYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(now));
}
