/**
 * The reference lists as the starter migration inserts them, read from its SQL: tests and the
 * quality evaluation use exactly what a new installation has, without a database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReferenceData } from './reference.js';

/** The tuples of `INSERT INTO "table" (...) VALUES (...), (...);` as arrays of strings. */
function insertedRows(sql: string, table: string): string[][] {
  const re = new RegExp(`INSERT INTO "${table}"\\s*\\([^)]*\\)\\s*VALUES([\\s\\S]*?);`, 'i');
  const body = re.exec(sql)?.[1] ?? '';
  const rows: string[][] = [];
  for (const tuple of body.matchAll(/\(((?:'(?:[^']|'')*'\s*,?\s*)+)\)/g)) {
    rows.push([...(tuple[1] ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'")));
  }
  return rows;
}

export function referenceFromSql(sql: string): ReferenceData {
  const produtosPorMarca: Record<string, string[]> = {};
  for (const [marca = '', nome = ''] of insertedRows(sql, 'produtos')) (produtosPorMarca[marca] ??= []).push(nome);
  return {
    marcas: insertedRows(sql, 'marcas').map(([nome = '']) => nome),
    produtosPorMarca,
    regionais: insertedRows(sql, 'regionais').map(([sigla = '', nome = '']) => ({ sigla, nome })),
    estados: insertedRows(sql, 'estados').map(([sigla = '', nome = '']) => ({ sigla, nome })),
    culturas: insertedRows(sql, 'culturas').map(([nome = '']) => nome),
  };
}

/** The reference data of migration 0003, given the repository root. */
export function referenceFromMigrations(root: string): ReferenceData {
  return referenceFromSql(readFileSync(join(root, 'src', 'server', 'db', 'migrations', '0003_reference_data.sql'), 'utf8'));
}
