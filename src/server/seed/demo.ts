/**
 * Fills a database with demo experiments (`npm run seed:demo`): the demo account, experiments
 * with treatments, products, analyses, plot yields for most, and one PDF report each. They go
 * through the API's schema and the experiments repository; built for volume: experiments are
 * drawn one at a time and go in with multi-row INSERTs, a transaction per batch, the next batch
 * drawn while the database writes the last.
 *
 * From BULK_FROM experiments on (a company's archive: 10⁵ to 10⁶), as an import tool loads a
 * warehouse: when the account may, each batch skips the triggers (session_replication_role), and
 * the dashboard's rollups are computed once at the end; with an object store, the reports are
 * SHARED_REPORTS PDFs that every experiment's document references (real reports of 0.1–10 MB
 * would make terabytes; the demo's small ones 10 GB in rows).
 */
import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { experimentInputSchema } from '../../shared/experiment.js';
import { type Db, type Tx, queryRows } from '../db/client.js';
import type { ObjectStore } from '../modules/documents/public.js';
import { culturas, documents, estados, marcas, produtos, regionais, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/public.js';
import { insertExperiments, insertRows, reserveExperimentIds } from '../modules/experiments/public.js';
import {
  type DemoExperiment,
  type DemoOptions,
  type ReferenceData,
  DEMO_ANCHOR,
  demoExperiments,
  generateDemoExperiments,
  slugify,
} from './demo-data.js';
import { type PdfLine, writePdf } from './pdf-writer.js';

export const DEMO_EMAIL = 'demo@gestaoagricola.com.br';
export const DEMO_PASSWORD = 'demo1234';

export interface SeedDemoOptions extends Pick<DemoOptions, 'count' | 'seed' | 'treatments' | 'products' | 'analyses' | 'now'> {
  /** Called after each committed batch. */
  onProgress?: (done: number, total: number) => void;
  /** Where reports go by reference in a bulk load; without it each row holds its PDF. */
  objects?: ObjectStore;
  /** The bulk load (header); by default from BULK_FROM experiments on. */
  bulk?: boolean;
}

/** Experiments per transaction: big enough to amortise round trips, small enough for memory. */
const BATCH = 500;
/** From this many experiments on, the bulk load (header). */
export const BULK_FROM = 50_000;
const BULK_BATCH = 2000;
/** Distinct reports the documents of a bulk load point to. */
export const SHARED_REPORTS = 32;

/** Plain code-unit order, so both engines (whatever their collation) yield the same data. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function loadReferenceData(db: Db): Promise<ReferenceData> {
  const [m, p, r, c, e] = await Promise.all([
    db.select({ nome: marcas.nome }).from(marcas),
    db.select({ marca: produtos.marca, nome: produtos.nome }).from(produtos),
    db.select({ nome: regionais.nome }).from(regionais),
    db.select({ nome: culturas.nome }).from(culturas),
    db.select({ sigla: estados.sigla }).from(estados),
  ]);
  const produtosPorMarca: Record<string, string[]> = {};
  for (const row of p) (produtosPorMarca[row.marca] ??= []).push(row.nome);
  for (const list of Object.values(produtosPorMarca)) list.sort(byText);
  return {
    marcas: m.map((x) => x.nome).sort(byText),
    produtosPorMarca,
    regionais: r.map((x) => x.nome).sort(byText),
    culturas: c.map((x) => x.nome).sort(byText),
    estados: e.map((x) => x.sigla).sort(byText),
  };
}

/**
 * The demo account's id: reused when the e-mail exists (its password is reset to the printed
 * one, so the line the command prints is always true), created otherwise.
 */
async function demoUser(db: Db): Promise<string> {
  const find = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1))[0];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const existing = await find();
  if (existing) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    return existing.id;
  }
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  // Like the first sign-up, the first account of an empty database administers it.
  await db
    .insert(users)
    .values({
      name: 'Usuário Demonstração',
      email: DEMO_EMAIL,
      passwordHash,
      role: total === 0 ? 'admin' : 'consultor',
      company: 'Gestão Agrícola (demonstração)',
    })
    .onConflictDoNothing();
  const created = await find();
  if (!created) throw new Error('Não foi possível criar o usuário de demonstração.');
  return created.id;
}

export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<{ email: string; password: string; experiments: number }> {
  const userId = await demoUser(db);
  const ref = await loadReferenceData(db);
  const demoOpts = {
    count: opts.count,
    seed: opts.seed,
    treatments: opts.treatments,
    products: opts.products,
    analyses: opts.analyses,
    now: opts.now ?? DEMO_ANCHOR,
  };
  const bulk = opts.bulk ?? opts.count >= BULK_FROM;
  const withoutTriggers = bulk && (await isSuperuser(db));
  if (bulk) await dropSecondaryIndexes(db);
  const reports = bulk && opts.objects ? await sharedReports(opts.objects, ref, demoOpts) : undefined;
  const size = bulk ? BULK_BATCH : BATCH;
  const batches = bulk ? inBatches(demoExperiments(ref, demoOpts), size) : inBatches(generateDemoExperiments(ref, demoOpts), size);
  let done = 0;
  // In bulk, two batches in flight: the database writes one while the next is drawn and built,
  // so both cores work (with one, each waited for the other half the time).
  const inFlight = new Set<Promise<void>>();
  for (const batch of batches) {
    const written = db
      .transaction(async (tx) => {
        if (withoutTriggers) await tx.execute(sql`set local session_replication_role = replica`);
        await insertBatch(tx, batch, userId, reports);
      })
      .then(() => {
        done += batch.length;
        opts.onProgress?.(done, opts.count);
      });
    inFlight.add(written);
    void written.finally(() => inFlight.delete(written)).catch(() => undefined);
    if (inFlight.size >= (bulk ? 2 : 1)) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (bulk) await buildDroppedIndexes(db);
  if (withoutTriggers) await afterBulkLoad(db);
  // Planner statistics for the new rows: the embedded engine has no autovacuum to collect them.
  // After a bulk load, a vacuum as well: it marks the pages all-visible, without which the covering
  // indexes' index-only scans read the table row by row until autovacuum gets there (the cold map
  // at 10⁶ took 2.1 s instead of 0.7 s right after the load).
  await db.execute(bulk ? sql`vacuum (analyze)` : sql`analyze`);
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, experiments: done };
}

/** Batches of `size`, each in the order of creation (the whole set is, below BULK_FROM). */
function* inBatches(items: Iterable<DemoExperiment>, size: number): Generator<DemoExperiment[]> {
  let batch: DemoExperiment[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
      batch = [];
    }
  }
  if (batch.length) yield batch.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/** The tables a bulk load fills. */
const BULK_TABLES = [
  'experiments',
  'treatments',
  'applied_products',
  'additional_analyses',
  'assessments',
  'plot_values',
  'applications',
  'documents',
];

/**
 * Drops the filled tables' non-unique indexes, their definitions kept in bulk_load_indexes first
 * (a load cut short builds them at its next start): one sorted build at the end is several times
 * cheaper than keeping them up to date row by row. Unique ones stay: they guard the data.
 */
async function dropSecondaryIndexes(db: Db): Promise<void> {
  await buildDroppedIndexes(db);
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
          join pg_class c on c.relname = i.indexname and c.relnamespace = to_regnamespace(i.schemaname)
          join pg_index x on x.indexrelid = c.oid
          where i.schemaname = current_schema() and i.tablename = any(${sql.param(BULK_TABLES)}::text[]) and not x.indisunique`,
    );
    for (const row of rows) {
      await tx.execute(sql`insert into bulk_load_indexes (name, definition) values (${row.name}, ${row.definition})`);
      await tx.execute(sql.raw(`drop index ${JSON.stringify(row.name)}`));
    }
  });
}

/** Builds the indexes dropped for a bulk load, each removed from the list as it is built. */
async function buildDroppedIndexes(db: Db): Promise<void> {
  const rows = await queryRows<{ name: string; definition: string }>(db, sql`select name, definition from bulk_load_indexes order by name`);
  for (const row of rows) {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(row.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
      await tx.execute(sql`delete from bulk_load_indexes where name = ${row.name}`);
    });
  }
}

async function isSuperuser(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ on: string }>(db, sql`select current_setting('is_superuser') as on`);
  return row?.on === 'on';
}

/**
 * What the skipped triggers would have done, once for all rows: the dashboard's rollups computed
 * again from every concluded experiment (migrations 0009, 0013, 0021), and the change counter
 * moved on so every server's cached answers go stale (0011).
 */
async function afterBulkLoad(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate dashboard_rollup, dashboard_rollup_consultorias, dashboard_rollup_locais, dashboard_rollup_modalidades, dashboard_rollup_produtos`,
    );
    await tx.execute(
      sql`do $$ begin execute dashboard_rollups_sql($d$select 1 as s, * from experiments where situacao = 'concluido'$d$); end $$`,
    );
    await tx.execute(sql`update data_changes set version = version + 1, last_xact = txid_current() where id = 1`);
  });
}

interface SharedReport {
  size: number;
  sha256: string;
}

/** SHARED_REPORTS reports of demo experiments, written to the object store once. */
async function sharedReports(objects: ObjectStore, ref: ReferenceData, opts: DemoOptions): Promise<SharedReport[]> {
  const out: SharedReport[] = [];
  let n = 0;
  for (const e of demoExperiments(ref, { ...opts, count: SHARED_REPORTS, seed: (opts.seed ?? 1) + 1 })) {
    const content = reportPdf(e, ++n);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await objects.put(sha256, content);
    out.push({ size: content.length, sha256 });
  }
  return out;
}

/**
 * One batch, written as the API writes an experiment: validated by the API's schema, stored by the
 * experiments repository (same columns, nested rows, treatments' JSON and analysis summary), with
 * its PDF in the documents table; only the row count per statement differs.
 */
async function insertBatch(tx: Tx, batch: DemoExperiment[], userId: string, reports?: SharedReport[]): Promise<void> {
  const ids = await reserveExperimentIds(tx, batch.length);
  const rows = batch.map((e, i) => {
    const id = ids[i]!;
    return { e, id, filename: `relatorio-${slugify(e.consultoria)}-${e.ano}-${id}.pdf` };
  });
  await insertExperiments(
    tx,
    rows.map((r) => ({
      id: r.id,
      ownerId: userId,
      data: experimentInputSchema.parse(r.e),
      pdfFilename: r.filename,
      createdAt: r.e.created_at,
    })),
  );
  await insertRows(
    tx,
    documents,
    rows.map((r) => {
      if (reports) {
        const shared = reports[r.id % reports.length]!;
        return { ...shared, experimentId: r.id, filename: r.filename, storage: 'objeto', uploadedBy: userId, createdAt: r.e.created_at };
      }
      const content = reportPdf(r.e, r.id);
      return {
        experimentId: r.id,
        filename: r.filename,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedBy: userId,
        createdAt: r.e.created_at,
      };
    }),
  );
}

/* ---------- the PDF report ---------- */

/**
 * Brazilian number format ("3.456,7"). Written out rather than Intl: the same output on any
 * Node build (small-icu ones lack pt-BR) and several times faster over 10,000 reports.
 */
export function formatBr(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const dot = fixed.indexOf('.');
  const int = dot < 0 ? fixed : fixed.slice(0, dot);
  const head = int.length % 3 || 3;
  let out = int.slice(0, head);
  for (let i = head; i < int.length; i += 3) out += `.${int.slice(i, i + 3)}`;
  if (dot >= 0) out += `,${fixed.slice(dot + 1)}`;
  // No "-0,0" for values that round to zero.
  return value < 0 && /[1-9]/.test(fixed) ? `-${out}` : out;
}
const kgHa = (v: number) => `${formatBr(v, 1)} kg/ha`;
const brl = (v: number) => `R$ ${formatBr(v, 2)}`;
/** Up to one decimal, without a trailing ",0" (soil contents). */
const decimal1 = (v: number) => formatBr(v, Number.isInteger(v) ? 0 : 1);

/** The unit of a dose: seed and liquid products in L/ha, the rest in kg/ha. */
const doseUnit = (modalidade: string) => (modalidade === 'Foliar' || modalidade === 'Sementes' ? 'L/ha' : 'kg/ha');

/** The report's lines: what a consultancy would attach to the trial. */
export function reportLines(e: DemoExperiment, id: number): PdfLine[] {
  const field = (label: string, value: string): PdfLine => ({
    cells: [
      { text: label, x: 0, bold: true },
      { text: value, x: 130 },
    ],
  });
  const lines: PdfLine[] = [
    { text: 'Relatório de Experimento de Campo', bold: true, size: 16 },
    { text: `Experimento nº ${id} · ${e.consultoria}`, size: 10, spaceBefore: 2 },
    { rule: true, size: 10 },
    field('Consultoria', e.consultoria),
    field('Marca', `${e.marca} (${e.bu})`),
    field('Regional', e.regional),
    field('Local', `${e.cidade}/${e.estado}`),
    field(
      'Coordenadas',
      e.latitude === null || e.longitude === null ? 'não informadas' : `${formatBr(e.latitude, 4)}; ${formatBr(e.longitude, 4)}`,
    ),
    field('Cultura / cultivar', `${e.cultura} / ${e.cultivar}`),
    field('Safra / ano', `${e.ano - 1}/${e.ano} (${e.ano})`),
    field('Delineamento', e.tipo_estatistica),
    field('Solo', `argila ${decimal1(e.teor_argila)} %; matéria orgânica ${decimal1(e.teor_materia_organica)} %`),
    field('Custo do protocolo', brl(e.custo_protocolo)),
    field('Retorno estimado', e.roi === null ? 'não informado' : brl(e.roi)),
    { text: 'Tratamentos', bold: true, size: 12, spaceBefore: 10 },
    {
      bold: true,
      size: 9,
      cells: [
        { text: 'Tratamento', x: 0 },
        { text: 'Modalidade', x: 270 },
        { text: 'Custo', x: 340, width: 60, align: 'right' },
        { text: 'Produtividade', x: 405, width: 90, align: 'right' },
      ],
    },
    { rule: true, size: 9 },
  ];
  e.tratamentos.forEach((t, i) => {
    lines.push({
      size: 9,
      cells: [
        { text: `T${i + 1} ${t.nome}`, x: 0, width: 265 },
        { text: t.modalidade, x: 270, width: 70 },
        { text: brl(t.custo), x: 340, width: 60, align: 'right' },
        { text: kgHa(t.produtividade), x: 405, width: 90, align: 'right' },
      ],
    });
    for (const p of t.produtos_aplicados) {
      lines.push({
        size: 8,
        cells: [{ text: `${p.nome}: ${formatBr(p.dose, 2)} ${doseUnit(t.modalidade)}, ${brl(p.custo)}`, x: 14, width: 400 }],
      });
    }
    for (const a of t.analises_adicionais) {
      lines.push({ size: 8, cells: [{ text: `${a.nome}: ${formatBr(a.valor, 2)} ${a.unidade}`, x: 14, width: 400 }] });
    }
  });
  lines.push({ rule: true, size: 9 });
  lines.push({
    size: 9,
    bold: true,
    cells: [
      { text: 'Produtividade média', x: 0 },
      { text: kgHa(e.produtividade_media), x: 405, width: 90, align: 'right' },
    ],
  });
  return lines;
}

export function reportPdf(e: DemoExperiment, id: number): Buffer {
  return writePdf(reportLines(e, id), {
    title: `Relatório de Experimento de Campo nº ${id}`,
    footer: `${e.consultoria} · Dados de demonstração · Gestão Agrícola`,
  });
}
