/** `npm run user:admin -- EMAIL`: makes an existing account an administrator (operator's tool). */
import { eq } from 'drizzle-orm';
import { withMigratedDatabase } from './cli.js';
import { users } from './schema.js';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Uso: npm run user:admin -- email@exemplo.com.br');
  process.exit(2);
}
await withMigratedDatabase(async (database) => {
  const updated = await database.db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.email, email)).returning();
  if (updated.length === 0) {
    console.error(`Nenhuma conta com o email ${email}.`);
    process.exitCode = 1;
  } else console.log(`${email} agora é Administrador.`);
});
