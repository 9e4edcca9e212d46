/**
 * The database's change counter (`data_changes`, migration 0011): bumped at the commit of every
 * transaction that writes experiments, their rows, documents, reference data or users, whichever
 * server, script or `psql` session wrote. One primary-key read of one row.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.js';

export async function dataVersion(db: Db): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(db, sql`select version from data_changes where id = 1`);
  return Number(row?.version ?? 0);
}
