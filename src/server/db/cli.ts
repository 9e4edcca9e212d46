/**
 * The frame of the command-line tools (migrate, seed, grant admin): `.env` and the environment,
 * the configured database with migrations applied, closed afterwards; failures print a message and
 * set a non-zero exit code.
 */
import { join } from 'node:path';
import { type AppConfig, ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { packageRoot } from '../paths.js';
import { DataDirLockedError, type Database, openDatabase } from './client.js';
import { MigrationChangedError } from './migrate.js';

/** Failures a person can act on from their message alone (a bad setting, the server still running…). */
const EXPECTED = [ConfigError, MigrationChangedError, DataDirLockedError];

/**
 * How a tool reports `err`: an expected failure by its pt-BR message alone, without a stack trace
 * (`DEBUG=1` shows it too); anything else in full, for it is a bug to report.
 */
export function reportFailure(err: unknown, env: NodeJS.ProcessEnv = process.env, print: (value: unknown) => void = console.error): void {
  const debug = Boolean(env.DEBUG) && env.DEBUG !== '0';
  if (err instanceof Error && EXPECTED.some((kind) => err instanceof kind) && !debug) print(err.message);
  else print(err);
}

export async function withMigratedDatabase(
  work: (database: Database, applied: string[], config: AppConfig) => Promise<void>,
): Promise<void> {
  try {
    loadDotEnv(join(packageRoot(), '.env'));
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await work(database, await database.migrate(), config);
    } finally {
      await database.close();
    }
  } catch (err) {
    reportFailure(err);
    process.exitCode = 1;
  }
}
