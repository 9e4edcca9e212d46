/**
 * Fills a database with demo experiments (`npm run seed:demo`): the demo account, experiments
 * with treatments, products, analyses, plot yields for most, and one PDF report each. They go
 * through the API's schema and the experiments repository; built for volume: ten thousand
 * experiments go in with multi-row INSERTs, a transaction per batch.
 */
import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { experimentInputSchema } from '../../shared/experiment.js';
import type { Db, Tx } from '../db/client.js';
import { culturas, documents, estados, marcas, produtos, regionais, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/public.js';
import { insertExperiments, insertRows, reserveExperimentIds } from '../modules/experiments/public.js';
import { type DemoExperiment, type DemoOptions, type ReferenceData, DEMO_ANCHOR, generateDemoExperiments, slugify } from './demo-data.js';
import { type PdfLine, writePdf } from './pdf-writer.js';

export const DEMO_EMAIL = 'demo@gestaoagricola.com.br';
export const DEMO_PASSWORD = 'demo1234';

export interface SeedDemoOptions extends Pick<DemoOptions, 'count' | 'seed' | 'treatments' | 'products' | 'analyses' | 'now'> {
  /** Called after each committed batch. */
  onProgress?: (done: number, total: number) => void;
}

/** Experiments per transaction: big enough to amortise round trips, small enough for memory. */
const BATCH = 500;

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
  const data = generateDemoExperiments(await loadReferenceData(db), {
    count: opts.count,
    seed: opts.seed,
    treatments: opts.treatments,
    products: opts.products,
    analyses: opts.analyses,
    now: opts.now ?? DEMO_ANCHOR,
  });
  let done = 0;
  for (let start = 0; start < data.length; start += BATCH) {
    const batch = data.slice(start, start + BATCH);
    await db.transaction((tx) => insertBatch(tx, batch, userId));
    done += batch.length;
    opts.onProgress?.(done, data.length);
  }
  // Planner statistics for the new rows: the embedded engine has no autovacuum to collect them.
  await db.execute(sql`analyze`);
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, experiments: done };
}

/**
 * One batch, written as the API writes an experiment: validated by the API's schema, stored by the
 * experiments repository (same columns, nested rows, treatments' JSON and analysis summary), with
 * its PDF in the documents table; only the row count per statement differs.
 */
async function insertBatch(tx: Tx, batch: DemoExperiment[], userId: string): Promise<void> {
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
