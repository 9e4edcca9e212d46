/**
 * Once per integration run: a migrated database that every test file copies, so that no file
 * pays PGlite's initdb (3–16 s) or re-runs migrations. On PostgreSQL (TEST_DATABASE_URL), the
 * run's database itself is migrated and used as the template for per-file databases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', location: url });
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'ga-template-'));
  const dir = join(root, 'pglite');
  const database = await openDatabase({ pgliteDir: dir });
  await database.migrate();
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', location: dir });
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite' | 'postgres'; location: string };
  }
}
