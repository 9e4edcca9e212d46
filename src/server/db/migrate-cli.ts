import { withMigratedDatabase } from './cli.js';

await withMigratedDatabase(async (database, applied) => {
  console.log(
    applied.length
      ? `Migrações aplicadas (${database.kind}): ${applied.join(', ')}`
      : `Banco de dados (${database.kind}) já está atualizado.`,
  );
});
