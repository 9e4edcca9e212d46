/**
 * The orphan collector's schedule: every server ticks, and the one whose claim moves the job's
 * time on (job_runs, migration 0024) collects; the others find it recent and wait for the next tick.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';
import type { ObjectStore } from './object-store.js';
import { collectOrphans } from './store.js';

export const COLLECTOR_JOB = 'documentos.orfaos';

/** True when this caller won the run of `job` due every `everyMs`. */
export async function claimJob(db: Db, job: string, everyMs: number): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`insert into job_runs (name, last_run) values (${job}, now())
        on conflict (name) do update set last_run = now()
        where job_runs.last_run < now() - make_interval(secs => ${everyMs / 1000})
        returning name`,
  );
  return rows.length > 0;
}

export interface CollectorOptions {
  everyMs: number;
  /** Objects younger than this are spared (an upload's transaction may still commit). */
  graceMs: number;
  firstAfterMs: number;
}

/** Starts the ticks; the returned function stops them. */
export function scheduleCollector(db: Db, objects: ObjectStore, log: FastifyBaseLogger, opts: CollectorOptions): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await claimJob(db, COLLECTOR_JOB, opts.everyMs)) {
        const result = await collectOrphans(db, objects, opts.graceMs);
        if (result.removed || result.partials) log.info({ ...result }, 'orphan documents collected');
      }
    } catch (err) {
      log.error({ err }, 'orphan document collection failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), opts.firstAfterMs);
  const every = setInterval(() => void tick(), Math.min(opts.everyMs, 15 * 60_000));
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
