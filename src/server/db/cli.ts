/**
 * The frame of the command-line tools (migrate, seed, grant admin): `.env` and the environment,
 * the configured database with migrations applied, closed afterwards; failures print a message and
 * set a non-zero exit code.
 */
import { join } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { packageRoot } from '../paths.js';
import { type Database, openDatabase } from './client.js';
import { MigrationChangedError } from './migrate.js';

export async function withMigratedDatabase(work: (database: Database, applied: string[]) => Promise<void>): Promise<void> {
  try {
    loadDotEnv(join(packageRoot(), '.env'));
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await work(database, await database.migrate());
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof MigrationChangedError ? err.message : err);
    process.exitCode = 1;
  }
}
