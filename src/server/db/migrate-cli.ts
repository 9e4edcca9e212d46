import { join } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { packageRoot } from '../paths.js';
import { openDatabase } from './client.js';

try {
  loadDotEnv(join(packageRoot(), '.env'));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await database.migrate();
    console.log(
      applied.length
        ? `Migrações aplicadas (${database.kind}): ${applied.join(', ')}`
        : `Banco de dados (${database.kind}) já está atualizado.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
