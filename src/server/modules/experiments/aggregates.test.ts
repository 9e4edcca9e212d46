import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filters } from '../../../shared/filters.js';
import { queryRows } from '../../db/client.js';
import { seedDemo } from '../../seed/demo.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { type Account, buildExperimentUpdate, createAccount, createExperiment, samplePdf, sendMultipart } from '../../test/factories.js';
import { computedRollup, type RollupKind, rollupRows } from './aggregates.js';
import { filterConditions } from './repository.js';
import { filtersOf } from '../../test/factories.js';

const KINDS: Record<RollupKind, { table: string; keys: string[]; sums: string[] }> = {
  experimentos: {
    table: 'dashboard_rollup',
    keys: ['regional', 'cultura', 'marca', 'ano', 'bu'],
    sums: [
      'n',
      'prod_n',
      'prod_sum',
      'roi_n',
      'roi_sum',
      'custo_sum',
      'vitorias',
      'analisados',
      'ganho_n',
      'ganho_sum',
      'comparacoes',
      'superacoes',
    ],
  },
  consultorias: { table: 'dashboard_rollup_consultorias', keys: ['regional', 'cultura', 'marca', 'ano', 'consultoria'], sums: ['n'] },
  locais: { table: 'dashboard_rollup_locais', keys: ['regional', 'cultura', 'marca', 'ano', 'cidade', 'estado'], sums: ['n'] },
  modalidades: {
    table: 'dashboard_rollup_modalidades',
    keys: ['regional', 'cultura', 'marca', 'ano', 'modalidade'],
    sums: ['n', 'prod_sum', 'comparacoes', 'ganho_sum', 'superacoes'],
  },
  produtos: {
    table: 'dashboard_rollup_produtos',
    keys: ['regional', 'cultura', 'marca', 'ano', 'nome'],
    sums: ['n', 'comparacoes', 'ganho_sum', 'superacoes'],
  },
};

let t: TestApp;
let admin: Account;

const roundGain = (r: unknown) => {
  const g = (r as { ganho_medio: number | null }).ganho_medio;
  return g === null ? null : Math.round(g * 1e9) / 1e9;
};

/** Rows keyed by their dimensions, sums as numbers: numeric prints its scale ("0" vs "0.0"). */
function keyed(rows: Record<string, unknown>[], kind: RollupKind): Map<string, number[]> {
  const { keys, sums } = KINDS[kind];
  return new Map(rows.map((r) => [JSON.stringify(keys.map((k) => r[k])), sums.map((s) => Number(r[s]))]));
}

async function expectRollupsMatchExperiments() {
  for (const kind of Object.keys(KINDS) as RollupKind[]) {
    const kept = await queryRows<Record<string, unknown>>(t.db.database.db, sql.raw(`select * from ${KINDS[kind].table} where n > 0`));
    const computed = await queryRows<Record<string, unknown>>(t.db.database.db, computedRollup(kind, undefined));
    expect(keyed(kept, kind), kind).toEqual(keyed(computed, kind));
  }
}

async function send(method: 'POST' | 'PUT', url: string, data: Record<string, unknown>) {
  const res = await sendMultipart(t.app, method, url, admin, { data: JSON.stringify(data) }, [
    { filename: 'novo.pdf', content: samplePdf('novo') },
  ]);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { experiment: { id: number; version: number } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { role: 'admin' });
  await seedDemo(t.db.database.db, { count: 40, seed: 7 });
});
afterAll(() => t.close());

/**
 * The experiment the update test saves over its first one: every dimension and summed value
 * differs from buildExperiment's, with the yields of the control and of T2 given.
 */
const changed = (version: number, controlYield: number, t2Yield: number) =>
  buildExperimentUpdate({
    version,
    marca: 'Aminoagro',
    regional: 'GO',
    cidade: 'Rio Verde',
    estado: 'GO',
    cultura: 'Milho',
    ano: 2024,
    bu: 'BU2',
    consultoria: 'Outra Consultoria',
    roi: 12.5,
    custo_protocolo: 1234.56,
    tratamentos: [
      { nome: 'Testemunha', modalidade: 'Solo', produtividade: controlYield, produtos_aplicados: [] },
      { nome: 'T2', modalidade: 'Sementes', produtividade: t2Yield, produtos_aplicados: [{ nome: ' Produto X ', dose: 1, custo: 2 }] },
    ],
  });

describe(`dashboard rollups on ${testEngine().kind}`, () => {
  it('match the experiments after seeding (the seed writes in batches)', async () => {
    await expectRollupsMatchExperiments();
    const [row] = await queryRows<{ n: string }>(t.db.database.db, sql`select sum(n) as n from dashboard_rollup`);
    expect(Number(row?.n)).toBe(40);
  });

  it('follow every kind of write: create, update of dimensions and treatments, document, rename, delete', async () => {
    const a = await createExperiment(t.app, admin, { marca: 'Dimicron', ano: 2023, roi: null });
    const b = await createExperiment(t.app, admin);
    await expectRollupsMatchExperiments();

    // Every dimension and every summed value changes; the treatments and products too.
    await send('PUT', `/api/experiments/${a.id}`, changed(a.version, 8000.25, 9100.75));
    await expectRollupsMatchExperiments();

    // The control and the treatment swap yields: the mean stays, the gain over the control turns.
    const [{ version } = { version: 0 }] = await queryRows<{ version: number }>(
      t.db.database.db,
      sql`select version from experiments where id = ${a.id}`,
    );
    await send('PUT', `/api/experiments/${a.id}`, changed(version, 9100.75, 8000.25));
    await expectRollupsMatchExperiments();
    const [swapped] = await queryRows<{ ganho: number; superacoes: number }>(
      t.db.database.db,
      sql`select ganho_medio as ganho, superacoes from experiments where id = ${a.id}`,
    );
    expect(swapped).toEqual({ ganho: (8000.25 / 9100.75 - 1) * 100, superacoes: 0 });

    // A document write changes the row (pdf_filename) but nothing the rollups count.
    const up = await sendMultipart(t.app, 'POST', '/api/uploads/document', admin, { experimentId: String(b.id) }, [
      { filename: 'anexo.pdf', content: samplePdf('anexo') },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    await expectRollupsMatchExperiments();

    // Renaming a brand cascades into the experiments: the rollups follow the new name.
    const marca = (method: 'POST' | 'PUT', url: string, nome: string) =>
      t.app.inject({ method, url, payload: { nome }, headers: admin.auth });
    const created = await marca('POST', '/api/lookups/marcas', 'Marca Velha');
    expect(created.statusCode, created.body).toBe(201);
    await createExperiment(t.app, admin, { marca: 'Marca Velha' });
    const renamed = await marca('PUT', '/api/lookups/marcas/Marca%20Velha', 'Marca Nova');
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectRollupsMatchExperiments();
    const [marcas] = await queryRows<{ velha: string | null; nova: string | null }>(
      t.db.database.db,
      sql`select (select sum(n) from dashboard_rollup where marca = 'Marca Velha') as velha, (select sum(n) from dashboard_rollup where marca = 'Marca Nova') as nova`,
    );
    expect(Number(marcas?.velha ?? 0)).toBe(0);
    expect(Number(marcas?.nova)).toBe(1);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${b.id}`, headers: admin.auth })).statusCode).toBe(204);
    await expectRollupsMatchExperiments();
  });

  it("migration 0013's backfill stores what every save stores", async () => {
    const saved = await queryRows<Record<string, unknown>>(
      t.db.database.db,
      sql`select id, ganho_medio, comparacoes, superacoes from experiments order by id`,
    );
    expect(saved.some((r) => (r as { comparacoes: number }).comparacoes > 0)).toBe(true);
    const migration = readFileSync(new URL('../../db/migrations/0013_dashboard_gains.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(
      migration.indexOf('UPDATE "experiments"'),
      migration.indexOf(';--> statement-breakpoint', migration.indexOf('UPDATE "experiments"')),
    );
    await t.db.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update experiments set ganho_medio = null, comparacoes = 0, superacoes = 0`);
        await tx.execute(sql.raw(backfill));
        const again = await queryRows<Record<string, unknown>>(
          tx,
          sql`select id, ganho_medio, comparacoes, superacoes from experiments order by id`,
        );
        // The engine's avg and JavaScript's mean may differ in the last bit.
        expect(again.map((r) => ({ ...r, ganho_medio: roundGain(r) }))).toEqual(saved.map((r) => ({ ...r, ganho_medio: roundGain(r) })));
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && /rollback/i.test(err.message))) throw err;
      });
  });

  it('a refused save leaves them as they were', async () => {
    const before = await queryRows<Record<string, unknown>>(t.db.database.db, sql`select * from dashboard_rollup order by 1, 2, 3, 4, 5`);
    const e = await createExperiment(t.app, admin);
    const afterCreate = await queryRows<Record<string, unknown>>(
      t.db.database.db,
      sql`select * from dashboard_rollup order by 1, 2, 3, 4, 5`,
    );
    const stale = { data: JSON.stringify(buildExperimentUpdate({ version: e.version + 5, marca: 'Dimicron' })) };
    const res = await sendMultipart(t.app, 'PUT', `/api/experiments/${e.id}`, admin, stale);
    expect(res.statusCode).toBe(409);
    expect(await queryRows(t.db.database.db, sql`select * from dashboard_rollup order by 1, 2, 3, 4, 5`)).toEqual(afterCreate);
    expect(afterCreate).not.toEqual(before);
  });

  it('under exact filters, read the same rows a scan of the matching experiments computes', async () => {
    const filterSets: Partial<Filters>[] = [
      {},
      { marca: 'Aminoagro' },
      { regional: 'GO', ano: 2024 },
      { cultura: 'Soja', marca: 'Dimicron' },
      { ano: 2025 },
    ];
    for (const filters of filterSets.map(filtersOf)) {
      for (const kind of Object.keys(KINDS) as RollupKind[]) {
        const kept = await queryRows<Record<string, unknown>>(t.db.database.db, rollupRows(kind, filters));
        const computed = await queryRows<Record<string, unknown>>(t.db.database.db, computedRollup(kind, filterConditions(filters)));
        expect(keyed(kept, kind), `${kind} ${JSON.stringify(filters)}`).toEqual(keyed(computed, kind));
      }
    }
  });

  it('with the product filter, are computed from the matching experiments', async () => {
    const sample = await queryRows<{ nome: string }>(t.db.database.db, sql`select nome from applied_products order by id limit 1`);
    const produto = sample[0]!.nome.slice(1, 6);
    const rows = await queryRows<{ n: string }>(
      t.db.database.db,
      sql`select sum(n) as n from (${rollupRows('experimentos', filtersOf({ produto }))}) r`,
    );
    const [scan] = await queryRows<{ n: string }>(
      t.db.database.db,
      sql`select count(*) as n from experiments e where exists (select 1 from applied_products p where p.experiment_id = e.id and p.nome ilike ${`%${produto}%`})`,
    );
    expect(Number(rows[0]?.n)).toBe(Number(scan?.n));
    expect(Number(scan?.n)).toBeGreaterThan(0);
  });
});
