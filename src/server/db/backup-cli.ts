/**
 * `npm run db:backup [-- ARQUIVO]` and `npm run db:restore -- ARQUIVO`: a consistent copy of the
 * configured database (DATABASE_URL or DATA_DIR's embedded engine), and its restoration.
 */
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { ObjectStoreUnavailableError } from '../modules/documents/public.js';
import { packageRoot } from '../paths.js';
import { BackupError, backupDatabase, objectsBesideBackup, restoreDatabase } from './backup.js';
import { DataDirLockedError } from './client.js';

async function main(): Promise<void> {
  const [command, fileArg] = process.argv.slice(2);
  loadDotEnv(join(packageRoot(), '.env'));
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, objects: config.documentObjects };
  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const file = resolve(fileArg ?? `backup-gestao-agricola-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
    await backupDatabase(target, file);
    console.log(`Backup gravado em ${file}${target.objects ? ` (PDFs do armazenamento de objetos em ${objectsBesideBackup(file)})` : ''}`);
    return;
  }
  if (command === 'restore') {
    if (!fileArg) throw new BackupError('Informe o arquivo: npm run db:restore -- ARQUIVO');
    const kept = await restoreDatabase(target, resolve(fileArg));
    console.log(`Banco restaurado de ${resolve(fileArg)}.`);
    if (kept) console.log(`O banco anterior foi guardado em ${kept}.`);
    return;
  }
  throw new BackupError('Uso: backup [ARQUIVO] | restore ARQUIVO');
}

main().catch((err: unknown) => {
  const known =
    err instanceof ConfigError ||
    err instanceof BackupError ||
    err instanceof DataDirLockedError ||
    err instanceof ObjectStoreUnavailableError;
  console.error(known ? (err as Error).message : err);
  process.exitCode = 1;
});
