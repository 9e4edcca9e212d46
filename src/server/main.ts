/**
 * Process entry: configuration, database, migrations, listen; and a clean stop on SIGTERM or
 * SIGINT (stop accepting, let in-flight requests finish, close the database).
 */
import { buildApp } from './app.js';
import { join } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { ObjectStoreUnavailableError } from './modules/documents/public.js';
import { MigrationChangedError } from './db/migrate.js';
import { packageRoot } from './paths.js';

async function main(): Promise<void> {
  let config;
  try {
    loadDotEnv(join(packageRoot(), '.env'));
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (err) => console.error('postgres: conexão ociosa perdida:', err.message),
  });
  let applied;
  try {
    applied = await database.migrate();
  } catch (err) {
    if (err instanceof MigrationChangedError) {
      console.error(err.message);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, database });
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs ?? 30_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('127.0.0.1', 'localhost');
  app.log.info({ address, database: database.kind }, 'listening');
  console.log(`Gestão Agrícola pronta em ${shown} (banco: ${database.kind})`);
}

/**
 * Why the server could not start. What a person meets on their own machine — the embedded
 * database already open (another server, a seed), the port taken, the documents' bucket unusable —
 * is said in a sentence; any other failure in full. `DEBUG=1` shows the full error always.
 */
function startFailure(err: unknown): unknown {
  if (process.env.DEBUG && process.env.DEBUG !== '0') return err;
  if (err instanceof DataDirLockedError) return err.message;
  // The documents' bucket missing, refused or unreachable: the reason is in the message.
  if (err instanceof ObjectStoreUnavailableError) return err.message;
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code === 'EADDRINUSE') {
    const port = e.port ?? process.env.PORT ?? 3000;
    return `a porta ${port} já está em uso (outro servidor já está rodando?). Pare-o ou use outra porta, por exemplo: PORT=3001 npm start`;
  }
  return err;
}

main().catch((err: unknown) => {
  console.error('Falha ao iniciar o servidor:', startFailure(err));
  process.exit(1);
});
