/**
 * Keyset pagination of the list (`depois` = the page before's `proximo`): pages that follow each
 * other without overlap or gap, also across rows created in the same instant, and the CSV export
 * that reads page after page the same way.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { CURSOR_INVALIDO, CURSOR_SO_PADRAO } from '../../../shared/filters.js';
import { signedInApp } from '../../test/app.js';
import { createExperiment, seedExperiments } from '../../test/factories.js';

const ctx = signedInApp();
type Page = { experiments: Array<{ id: number; cultivar: string }>; total: number; proximo?: string };
const page = async (query: string) => {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/experiments?${query}`, headers: ctx.me.auth });
  return { status: res.statusCode, body: res.json() as Page & { error?: { fields: Record<string, string> } } };
};

describe('keyset pagination', () => {
  it('walks every experiment newest first, in the order offsets give, with rows of one instant split across pages', async () => {
    // Seven in one transaction share their created_at: only the id orders them.
    await seedExperiments(
      ctx.t.db.database,
      ctx.me,
      Array.from({ length: 7 }, (_, i) => ({ cultivar: `Mesmo instante ${i}` })),
    );
    for (let i = 0; i < 3; i++) await createExperiment(ctx.t.app, ctx.me, { cultivar: `Pela API ${i}` });

    const byOffset = (await page('limit=100')).body.experiments.map((e) => e.id);
    expect(byOffset).toHaveLength(10);
    const walked: number[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 10; n++) {
      const { status, body } = await page(`limit=3${cursor ? `&depois=${cursor}` : ''}`);
      expect(status).toBe(200);
      expect(body.total).toBe(10);
      walked.push(...body.experiments.map((e) => e.id));
      cursor = body.proximo;
      if (!cursor) break;
    }
    expect(walked).toEqual(byOffset);
    // The last page (1 row of 3) says nothing more follows.
    expect(cursor).toBeUndefined();
  });

  it('applies the filters to the pages after the first', async () => {
    await seedExperiments(ctx.t.db.database, ctx.me, [{ cultura: 'Trigo' }, { cultura: 'Trigo' }, { cultura: 'Trigo' }]);
    const first = await page('cultura=Trigo&limit=2');
    expect(first.body.experiments).toHaveLength(2);
    const second = await page(`cultura=Trigo&limit=2&depois=${first.body.proximo}`);
    expect(second.body.experiments).toHaveLength(1);
    expect(second.body.proximo).toBeUndefined();
  });

  it('refuses a cursor it did not write, and one with another order or an offset, changing nothing', async () => {
    for (const bad of ['abc', 'bm90LXVtLWN1cnNvcg', '%3Cscript%3E']) {
      const { status, body } = await page(`depois=${bad}`);
      expect(status).toBe(400);
      expect(body.error?.fields.depois).toBe(CURSOR_INVALIDO);
    }
    const { body } = await page('limit=1');
    for (const extra of ['ordem=consultoria', 'direcao=asc', 'offset=5']) {
      const res = await page(`limit=1&${extra}&depois=${body.proximo}`);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields.depois).toBe(CURSOR_SO_PADRAO);
    }
  });

  it('the CSV export reads every experiment page after page', async () => {
    const [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(ctx.t.db.database.db, sql`select count(*)::int as n from experiments`);
    expect(total).toBe(13);
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/dashboard/export.csv', headers: ctx.me.auth });
    expect(res.statusCode).toBe(200);
    const ids = new Set([...res.body.matchAll(/^(\d+);/gm)].map((m) => m[1]));
    expect(ids.size).toBe(total);
  });
});
