/** `npm run user:admin -- EMAIL`: makes an existing account an administrator (operator's tool). */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { packageRoot } from '../paths.js';
import { openDatabase } from './client.js';
import { users } from './schema.js';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Uso: npm run user:admin -- email@exemplo.com.br');
  process.exit(2);
}
try {
  loadDotEnv(join(packageRoot(), '.env'));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const updated = await database.db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.email, email)).returning();
    if (updated.length === 0) {
      console.error(`Nenhuma conta com o email ${email}.`);
      process.exitCode = 1;
    } else console.log(`${email} agora é Administrador.`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
