/**
 * Reference data. Reading is public (the lists are not secret and the sign-up page may use them);
 * changing them is for admins. Experiments reference brands, regionals, states and crops by
 * natural key with ON UPDATE CASCADE, so a rename follows into every experiment and a value in
 * use cannot be deleted. Every write and its audit entry are one transaction.
 */
import type {
  AvaliacoesResponse,
  CulturaWritten,
  CulturasResponse,
  EstadosResponse,
  MarcaWritten,
  MarcasResponse,
  ProdutoWritten,
  ProdutosPorMarcaResponse,
  RegiaoWritten,
  RegioesResponse,
} from '../../../shared/api-types.js';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LOOKUP_MSG,
  culturaBodySchema,
  marcaBodySchema,
  produtoBodySchema,
  produtoUpdateSchema,
  regiaoBodySchema,
} from '../../../shared/lookups.js';
import type { AppContext } from '../../context.js';
import type { AuditChange, ReferenceList } from '../../../shared/audit.js';
import { type Tx, queryRows } from '../../db/client.js';
import { assessments, culturas, estados, experiments, marcas, produtos, regionais } from '../../db/schema.js';
import { type AuthGuards, currentUser } from '../../http/auth.js';
import { badRequest, conflict, notFound, parseInput, serialId } from '../../http/errors.js';
import { sendWithEtag } from '../../http/etag.js';
import { recordAudit, referenceLabel } from '../audit/public.js';
import { byNome, readProdutosPorMarca } from './reference-data.js';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/** Runs a write, turning a duplicate key into a 409 (docs/api.md#contract). */
async function unique<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(LOOKUP_MSG.duplicate, { [field]: LOOKUP_MSG.duplicate });
    throw err;
  }
}

/** The changed fields of a reference item, before → after; unchanged ones are left out. */
function diff(before: Record<string, string>, after: Record<string, string>): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [key, para] of Object.entries(after)) if (before[key] !== para) changes[key] = { de: before[key] ?? null, para };
  return changes;
}

/** Experiments whose column holds this value now (inside the rename's transaction: the ones it renamed). */
async function experimentsWith(
  tx: Tx,
  column: typeof experiments.marca | typeof experiments.cultura | typeof experiments.regional,
  value: string,
): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(experiments).where(eq(column, value));
  return row?.n ?? 0;
}

export function lookupRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  const admin = { onRequest: guards.requireRole('admin') };
  const open = { config: { public: true } };
  const inUse = async (column: typeof experiments.marca | typeof experiments.cultura | typeof experiments.regional, value: string) => {
    const [row] = await ctx.db.select({ n: count() }).from(experiments).where(eq(column, value));
    return (row?.n ?? 0) > 0;
  };

  app.get('/api/lookups/marcas', open, async (req, reply) => {
    const rows = await ctx.db.select({ nome: marcas.nome }).from(marcas);
    return sendWithEtag(req, reply, { marcas: rows.sort(byNome).map((r) => r.nome) } satisfies MarcasResponse);
  });
  app.get('/api/lookups/regioes', open, async (req, reply) => {
    const rows = await ctx.db.select({ nome: regionais.nome, sigla: regionais.sigla }).from(regionais);
    return sendWithEtag(req, reply, { regioes: rows.sort(byNome) } satisfies RegioesResponse);
  });
  app.get('/api/lookups/estados', open, async (req, reply) => {
    const rows = await ctx.db.select({ nome: estados.nome, sigla: estados.sigla }).from(estados);
    return sendWithEtag(req, reply, { estados: rows.sort(byNome) } satisfies EstadosResponse);
  });
  app.get('/api/lookups/culturas', open, async (req, reply) => {
    const rows = await ctx.db.select({ nome: culturas.nome }).from(culturas);
    return sendWithEtag(req, reply, { culturas: rows.sort(byNome).map((r) => r.nome) } satisfies CulturasResponse);
  });
  app.get('/api/lookups/produtos-por-marca', open, async (req, reply) =>
    sendWithEtag(req, reply, { produtosPorMarca: await readProdutosPorMarca(ctx) } satisfies ProdutosPorMarcaResponse),
  );
  // The dashboard's "Avaliação" filter options. Unlike the lists above these come from the trials
  // themselves, so they need a session. A name is matched ignoring case and surrounding spaces
  // (the filter's rule), and is shown as its most frequent spelling, so one trial typed
  // "severidade" does not rename the others' "Severidade" (ties: the first in sort order).
  app.get('/api/lookups/avaliacoes', { onRequest: guards.requireUser }, async (req, reply) => {
    const rows = await queryRows<{ nome: string }>(
      ctx.db,
      sql`select mode() within group (order by trim(nome)) as nome from ${assessments}
          where trim(nome) <> '' group by lower(trim(nome))`,
    );
    return sendWithEtag(req, reply, { avaliacoes: rows.sort(byNome).map((r) => r.nome) } satisfies AvaliacoesResponse);
  });

  /** Brands and crops are lists of bare names: the same three writes, answered as `written(nome)`. */
  const nameListRoutes = <W>(
    list: ReferenceList,
    path: string,
    table: typeof marcas | typeof culturas,
    body: typeof marcaBodySchema | typeof culturaBodySchema,
    usedBy: typeof experiments.marca | typeof experiments.cultura,
    inUseMessage: string,
    written: (nome: string) => W,
  ) => {
    app.post(path, admin, async (req, reply) => {
      const { nome } = parseInput(body, req.body);
      await unique('nome', () =>
        ctx.db.transaction(async (tx) => {
          await tx.insert(table).values({ nome });
          await recordAudit(tx, currentUser(req), {
            action: 'reference.create',
            label: referenceLabel(list, nome),
            changes: { nome: { de: null, para: nome } },
          });
        }),
      );
      return reply.status(201).send(written(nome));
    });
    app.put<{ Params: { nome: string } }>(`${path}/:nome`, admin, async (req) => {
      const { nome } = parseInput(body, req.body);
      const old = req.params.nome;
      const rows = await unique('nome', () =>
        ctx.db.transaction(async (tx) => {
          const rows = await tx.update(table).set({ nome }).where(eq(table.nome, old)).returning();
          if (rows.length > 0 && nome !== old) {
            await recordAudit(tx, currentUser(req), {
              action: 'reference.update',
              label: referenceLabel(list, nome),
              changes: { nome: { de: old, para: nome }, experimentos: { de: null, para: await experimentsWith(tx, usedBy, nome) } },
            });
          }
          return rows;
        }),
      );
      if (rows.length === 0) throw notFound();
      return written(nome);
    });
    app.delete<{ Params: { nome: string } }>(`${path}/:nome`, admin, async (req, reply) => {
      const old = req.params.nome;
      if (await inUse(usedBy, old)) throw conflict(inUseMessage);
      const rows = await ctx.db.transaction(async (tx) => {
        // A brand's products go with it (ON DELETE CASCADE): the entry says how many.
        const [products] = list === 'marca' ? await tx.select({ n: count() }).from(produtos).where(eq(produtos.marca, old)) : [];
        const rows = await tx.delete(table).where(eq(table.nome, old)).returning();
        if (rows.length > 0) {
          const changes: Record<string, AuditChange> = { nome: { de: old, para: null } };
          if (products?.n) changes.produtos = { de: null, para: products.n };
          await recordAudit(tx, currentUser(req), { action: 'reference.delete', label: referenceLabel(list, old), changes });
        }
        return rows;
      });
      if (rows.length === 0) throw notFound();
      return reply.status(204).send();
    });
  };

  nameListRoutes(
    'marca',
    '/api/lookups/marcas',
    marcas,
    marcaBodySchema,
    experiments.marca,
    LOOKUP_MSG.marcaInUse,
    (nome) => ({ marca: nome }) satisfies MarcaWritten,
  );
  nameListRoutes(
    'cultura',
    '/api/lookups/culturas',
    culturas,
    culturaBodySchema,
    experiments.cultura,
    LOOKUP_MSG.culturaInUse,
    (nome) => ({ cultura: nome }) satisfies CulturaWritten,
  );

  /* products */
  app.post('/api/lookups/produtos', admin, async (req, reply) => {
    const body = parseInput(produtoBodySchema, req.body);
    const [brand] = await ctx.db.select().from(marcas).where(eq(marcas.nome, body.marca));
    if (!brand) throw badRequest({ marca: LOOKUP_MSG.marcaUnknown });
    const [row] = await unique('nome', () =>
      ctx.db.transaction(async (tx) => {
        const rows = await tx.insert(produtos).values(body).returning();
        await recordAudit(tx, currentUser(req), {
          action: 'reference.create',
          label: referenceLabel('produto', body.nome, body.marca),
          changes: { nome: { de: null, para: body.nome }, marca: { de: null, para: body.marca } },
        });
        return rows;
      }),
    );
    return reply.status(201).send({ produto: { id: row!.id, marca: row!.marca, nome: row!.nome } } satisfies ProdutoWritten);
  });
  app.put<{ Params: { id: string } }>('/api/lookups/produtos/:id', admin, async (req) => {
    const body = parseInput(produtoUpdateSchema, req.body);
    const id = serialId(req.params.id);
    if (body.marca) {
      const [brand] = await ctx.db.select().from(marcas).where(eq(marcas.nome, body.marca));
      if (!brand) throw badRequest({ marca: LOOKUP_MSG.marcaUnknown });
    }
    const [row] = await unique('nome', () =>
      ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(produtos).where(eq(produtos.id, id)).for('update');
        if (!before) return [];
        const rows = await tx.update(produtos).set(body).where(eq(produtos.id, id)).returning();
        const after = rows[0];
        const changes = after ? diff({ nome: before.nome, marca: before.marca }, { nome: after.nome, marca: after.marca }) : {};
        if (after && Object.keys(changes).length) {
          await recordAudit(tx, currentUser(req), {
            action: 'reference.update',
            label: referenceLabel('produto', after.nome, after.marca),
            changes,
          });
        }
        return rows;
      }),
    );
    if (!row) throw notFound();
    return { produto: { id: row.id, marca: row.marca, nome: row.nome } } satisfies ProdutoWritten;
  });
  app.delete<{ Params: { id: string } }>('/api/lookups/produtos/:id', admin, async (req, reply) => {
    const id = serialId(req.params.id);
    const rows = await ctx.db.transaction(async (tx) => {
      const rows = await tx.delete(produtos).where(eq(produtos.id, id)).returning();
      const gone = rows[0];
      if (gone) {
        await recordAudit(tx, currentUser(req), {
          action: 'reference.delete',
          label: referenceLabel('produto', gone.nome, gone.marca),
          changes: { nome: { de: gone.nome, para: null }, marca: { de: gone.marca, para: null } },
        });
      }
      return rows;
    });
    if (rows.length === 0) throw notFound();
    return reply.status(204).send();
  });

  /* regionals */
  app.post('/api/lookups/regioes', admin, async (req, reply) => {
    const body = parseInput(regiaoBodySchema, req.body);
    await unique('nome', () =>
      ctx.db.transaction(async (tx) => {
        await tx.insert(regionais).values(body);
        await recordAudit(tx, currentUser(req), {
          action: 'reference.create',
          label: referenceLabel('regional', body.nome, body.sigla),
          changes: { nome: { de: null, para: body.nome }, sigla: { de: null, para: body.sigla } },
        });
      }),
    );
    return reply.status(201).send({ regiao: body } satisfies RegiaoWritten);
  });
  app.put<{ Params: { sigla: string } }>('/api/lookups/regioes/:sigla', admin, async (req) => {
    const body = parseInput(regiaoBodySchema, req.body);
    const rows = await unique('nome', () =>
      ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(regionais).where(eq(regionais.sigla, req.params.sigla)).for('update');
        if (!before) return [];
        const rows = await tx.update(regionais).set(body).where(eq(regionais.sigla, before.sigla)).returning();
        const changes = diff({ nome: before.nome, sigla: before.sigla }, body);
        if (rows.length > 0 && Object.keys(changes).length) {
          if (changes.nome) changes.experimentos = { de: null, para: await experimentsWith(tx, experiments.regional, body.nome) };
          await recordAudit(tx, currentUser(req), {
            action: 'reference.update',
            label: referenceLabel('regional', body.nome, body.sigla),
            changes,
          });
        }
        return rows;
      }),
    );
    if (rows.length === 0) throw notFound();
    return { regiao: body } satisfies RegiaoWritten;
  });
  app.delete<{ Params: { sigla: string } }>('/api/lookups/regioes/:sigla', admin, async (req, reply) => {
    const [row] = await ctx.db.select().from(regionais).where(eq(regionais.sigla, req.params.sigla));
    if (!row) throw notFound();
    if (await inUse(experiments.regional, row.nome)) throw conflict(LOOKUP_MSG.regionalInUse);
    await ctx.db.transaction(async (tx) => {
      const gone = await tx.delete(regionais).where(eq(regionais.sigla, row.sigla)).returning();
      if (gone.length === 0) return;
      await recordAudit(tx, currentUser(req), {
        action: 'reference.delete',
        label: referenceLabel('regional', row.nome, row.sigla),
        changes: { nome: { de: row.nome, para: null }, sigla: { de: row.sigla, para: null } },
      });
    });
    return reply.status(204).send();
  });
}
