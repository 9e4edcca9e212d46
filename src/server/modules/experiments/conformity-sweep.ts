/**
 * Computes the stored verdict under MAPA's rules (`experiments.conformidade_in53`, decision 026) of
 * the rows that have none: those stored before migration 0023, or every row after a migration
 * resets the column because the rules changed. Every server runs it once at start; each batch is
 * claimed with FOR UPDATE SKIP LOCKED, so servers starting together share the rows and a save
 * never waits for it. The partial index `experiments_conformidade_pendente_idx` finds the rows and is
 * empty once all are done, so a start with nothing to do costs one index probe.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { QUADRADO_LATINO } from '../../../shared/field-plan.js';
import { type Db, queryRows } from '../../db/client.js';
import { colunasDoCroqui, getLayouts } from './field-plan.js';
import { getExperiments } from './repository.js';
import { vereditoDoEnsaio } from './trial-summary.js';

export interface SweepOptions {
  /** Rows per transaction. */
  batch?: number;
  /** Pause between batches (ms): on the embedded engine the queries share the event loop with people's requests. */
  gapMs?: number;
  /** Checked before each batch: true stops the sweep (the server is closing). */
  stopped?: () => boolean;
}

/** Computes the missing verdicts, batch by batch; resolves with how many rows it wrote. */
export async function sweepConformity(db: Db, { batch = 200, gapMs = 0, stopped = () => false }: SweepOptions = {}): Promise<number> {
  let total = 0;
  while (!stopped()) {
    const written = await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`select id from experiments where conformidade_in53 is null order by id limit ${batch} for update skip locked`,
      );
      if (!rows.length) return 0;
      const ids = rows.map((r) => Number(r.id));
      const list = await getExperiments(tx, ids);
      const layouts = await getLayouts(tx, ids);
      const values = list.map((e) => {
        const croqui = e.tipo_estatistica === QUADRADO_LATINO ? layouts.get(e.id) : undefined;
        const colunas = croqui ? colunasDoCroqui(croqui, e.tratamentos.length) : null;
        return sql`(${e.id}::int, ${vereditoDoEnsaio(e, colunas)}::text)`;
      });
      await tx.execute(sql`update experiments e set conformidade_in53 = v.c
        from (values ${sql.join(values, sql`, `)}) v(id, c) where e.id = v.id`);
      return list.length;
    });
    if (!written) break;
    total += written;
    if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return total;
}

/** Starts the sweep when the app is ready and waits for its batch in flight when it closes. */
export function installConformitySweep(app: FastifyInstance, db: Db, log: FastifyBaseLogger, gapMs: number): void {
  let closing = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = sweepConformity(db, { gapMs, stopped: () => closing }).then(
      (n) => n && log.info({ linhas: n }, 'conformidade (IN 53/2013) calculada para experimentos gravados antes'),
      (err: unknown) => log.error({ err }, 'falha ao calcular a conformidade (IN 53/2013) de experimentos gravados antes'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}
