/**
 * Reads and writes experiments with their nested treatments, products and analyses. A page of
 * any size is read in two queries (page as JSON, count); writes that belong together share a
 * transaction.
 */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type ExperimentData, type Experiment, custoTratamento, produtividadeMedia } from '../../../shared/experiment.js';
import { EXPERIMENT_FIELDS, type ExperimentFieldName } from '../../../shared/fields/catalogue.js';
import { namesOf } from '../../../shared/fields/kinds.js';
import type { Filters } from '../../../shared/filters.js';
import { ALPHA, StatsInputError, analyze } from '../../../shared/stats/index.js';
import { type Db, type Tx, queryRows } from '../../db/client.js';
import { additionalAnalyses, appliedProducts, experiments, treatments } from '../../db/schema.js';
import { experimentsPageJson, storeTreatmentsJson } from './presenter.js';

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
  if (f.produto) {
    conditions.push(sql`${experiments.produtosBusca} like ${likeContains(searchCase(f.produto))} escape '\\'`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function pageOf(where: SQL | undefined, limit: number, offset: number): SQL {
  // Literal limits (validated integers): with parameters, the engine may switch to a generic plan
  // estimated for 10 % of the table.
  return sql`select * from ${experiments} ${where ? sql`where ${where}` : sql``}
    order by ${experiments.createdAt} desc, ${experiments.id} desc
    limit ${sql.raw(String(Math.trunc(limit)))} offset ${sql.raw(String(Math.trunc(offset)))}`;
}

/** Experiments of the filter, newest first, as engine-built JSON: one query for the page. */
async function experimentsJson(db: Db | Tx, where: SQL | undefined, limit: number, offset: number): Promise<Experiment[]> {
  const [row] = await queryRows<{ j: string }>(db, experimentsPageJson(pageOf(where, limit, offset)));
  return JSON.parse(row?.j ?? '[]') as Experiment[];
}

/** A page of experiments under the filters, without their total (exports read page after page). */
export function pageExperiments(db: Db, filters: Filters, limit: number, offset: number): Promise<Experiment[]> {
  return experimentsJson(db, filterConditions(filters), limit, offset);
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
): Promise<string> {
  const [[row], n] = await Promise.all([
    queryRows<{ j: string }>(db, experimentsPageJson(pageOf(filterConditions(filters), limit, offset))),
    total(),
  ]);
  return `{"experiments":${row?.j ?? '[]'},"total":${n}}`;
}

/** Experiments matching `where`: a separate count is far cheaper than `count(*) over ()` (9 vs 51 ms at 10k). */
export async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(experiments).where(where);
  return c?.n ?? 0;
}

export async function getExperiment(db: Db | Tx, id: number): Promise<Experiment | null> {
  const [experiment] = await experimentsJson(db, eq(experiments.id, id), 1, 0);
  return experiment ?? null;
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
    })
    .from(experiments)
    .where(eq(experiments.id, id));
  return row ?? null;
}

/** Both sides of the product search are compared in this case. */
const searchCase = (text: string) => text.toLocaleLowerCase('pt-BR');

/**
 * What the product filter searches: every applied product's name, lower case, separated by
 * U+001F, a character that filters refuse, so that no search matches across two names.
 */
export function produtosBusca(tratamentos: readonly { produtos_aplicados: readonly { nome: string }[] }[]): string {
  return searchCase(tratamentos.flatMap((t) => t.produtos_aplicados.map((p) => p.nome)).join('\u001f'));
}

type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
const camelCase = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

type PlainField = Exclude<ExperimentFieldName, 'tratamentos'>;
/** The catalogue's plain fields as drizzle column keys (`teor_argila` → `teorArgila`). */
type FieldColumns = { [K in PlainField as CamelCase<K>]: ExperimentData[K] };
// A catalogue field without its column in schema.ts fails to compile here, naming the column.
const everyFieldHasAColumn: [Exclude<keyof FieldColumns, keyof typeof experiments.$inferInsert>] extends [never] ? true : never = true;
void everyFieldHasAColumn;

const PLAIN_FIELDS = namesOf(EXPERIMENT_FIELDS, (f) => f.kind !== 'list') as PlainField[];

/** Column values of an experiment from validated input: the catalogue's fields and what derives from them. */
export function experimentValues(data: ExperimentData) {
  // Object.fromEntries gives a plain record; its entries are FieldColumns' keys and values.
  const fields = Object.fromEntries(PLAIN_FIELDS.map((name) => [camelCase(name), data[name]])) as FieldColumns;
  return {
    ...fields,
    produtividadeMedia: produtividadeMedia(data.tratamentos),
    produtosBusca: produtosBusca(data.tratamentos),
    ...analysisSummary(data),
  };
}

/**
 * What the dashboard needs of the trial analysis, stored with the experiment: whether the best
 * treatment beat the control significantly (F at 5 % and the gap above Tukey's DMS), and the CV.
 * Null without replicates, or when the data cannot be analysed.
 */
export function analysisSummary(data: ExperimentData): { analiseVitoria: boolean | null; analiseCv: number | null } {
  if (!data.tratamentos.every((t) => t.repeticoes?.length)) return { analiseVitoria: null, analiseCv: null };
  try {
    const a = analyze({
      design: data.tipo_estatistica,
      tratamentos: data.tratamentos.map((t) => ({ nome: t.nome, repeticoes: t.repeticoes! })),
      precoSaca: data.preco_saca,
    });
    const control = a.testemunha?.media ?? 0;
    const best = Math.max(...a.tukey.grupos.filter((g) => g.nome !== a.testemunha?.nome).map((g) => g.media));
    const significant = (a.anova.tratamentos.p ?? 1) < ALPHA && best - control > a.tukey.dms;
    return { analiseVitoria: significant, analiseCv: a.cv };
  } catch (err) {
    if (err instanceof StatsInputError) return { analiseVitoria: null, analiseCv: null };
    throw err;
  }
}

/**
 * Writes an experiment's treatments, then all their products and analyses (three multi-row
 * statements), and the JSON a page reads of them.
 */
export async function insertNested(tx: Tx, experimentId: number, tratamentos: ExperimentData['tratamentos']): Promise<void> {
  if (tratamentos.length === 0) {
    await tx.update(experiments).set({ tratamentosJson: '[]' }).where(eq(experiments.id, experimentId));
    return;
  }
  const inserted = await tx
    .insert(treatments)
    .values(
      tratamentos.map((t, position) => ({
        experimentId,
        position,
        nome: t.nome,
        modalidade: t.modalidade,
        produtividade: t.produtividade,
        custo: custoTratamento(t),
        repeticoes: t.repeticoes ?? null,
      })),
    )
    .returning({ id: treatments.id, position: treatments.position });
  const idByPosition = new Map(inserted.map((r) => [r.position, r.id]));
  const products = tratamentos.flatMap((t, tp) =>
    t.produtos_aplicados.map((p, position) => ({
      treatmentId: idByPosition.get(tp)!,
      experimentId,
      position,
      nome: p.nome,
      dose: p.dose,
      custo: p.custo,
    })),
  );
  const analyses = tratamentos.flatMap((t, tp) =>
    t.analises_adicionais.map((a, position) => ({
      treatmentId: idByPosition.get(tp)!,
      experimentId,
      position,
      nome: a.nome,
      valor: a.valor,
      unidade: a.unidade,
    })),
  );
  if (products.length) await tx.insert(appliedProducts).values(products);
  if (analyses.length) await tx.insert(additionalAnalyses).values(analyses);
  await tx.execute(storeTreatmentsJson(sql`${experimentId}::int`));
}

/** Brazil's calendar year, which decides which experiments are "active". */
export function currentYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(now));
}
