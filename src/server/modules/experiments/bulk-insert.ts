/**
 * Many rows in one INSERT: each column travels as one array parameter and unnest() turns the
 * arrays back into rows. With a parameter per value, drizzle spends ~250 ms building a
 * 15,000-parameter statement and PGlite hex-encodes bytea byte by byte in JavaScript; arrays make
 * each table of a batch one cheap statement on both engines, whatever the row count. Used by every
 * write of experiments (one from the API, thousands from the demo seed).
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Tx, queryRows } from '../../db/client.js';

/** The SQL type of one element of a column's parameter array. */
function elementType(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer';
  // Array and byte columns travel as text (a PostgreSQL array literal; hex) and are cast back.
  if (type.endsWith('[]') || type === 'bytea') return 'text';
  return type;
}

/** A value as its parameter array holds it. */
function cell(column: PgColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (Array.isArray(value) && column.getSQLType().endsWith('[]'))
    return `{${value.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  return value;
}

/**
 * Inserts `rows` (objects keyed by the table's drizzle property names, all with the same keys)
 * and returns the `returning` columns of each row, named as in the database.
 */
export async function insertRows<R = never>(
  tx: Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly PgColumn[] = [],
): Promise<R[]> {
  const first = rows[0];
  if (!first) return [];
  const all = getTableColumns(table);
  const keys = Object.keys(first);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} não tem a coluna ${key}`);
    return column;
  });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const arrays = columns.map((c, i) => sql`${sql.param(rows.map((row) => cell(c, row[keys[i]!])))}::${sql.raw(`${elementType(c)}[]`)}`);
  const selected = columns.map((c) => {
    const type = c.getSQLType();
    if (type === 'bytea') return sql`decode(u.${sql.identifier(c.name)}, 'hex')`;
    if (type.endsWith('[]')) return sql`u.${sql.identifier(c.name)}::${sql.raw(type)}`;
    return sql`u.${sql.identifier(c.name)}`;
  });
  const returned = returning.length
    ? sql` returning ${sql.join(
        returning.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}`
    : sql``;
  return queryRows<R>(
    tx,
    sql`insert into ${sql.identifier(getTableName(table))} (${names})
        select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${names})${returned}`,
  );
}
