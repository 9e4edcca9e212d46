import type { DashboardData, DocumentCardsPage, ExperimentRowsPage } from '../../../shared/api-types.js';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/zod.js';
import type { Experiment } from '../../../shared/experiment.js';
import type { CorrelationExact } from '../../../shared/dashboard.js';
import { correlationExactSchema, numericVariableRef } from '../../../shared/correlation-variables.js';
import { ASSESSMENT_CSV_HEADER, CSV_BOM, CSV_HEADER, assessmentCsvLines, csvLine, experimentCsvLines } from './csv.js';
import { type Filters, filtersSchema, indicatorFilters, mapViewSchema, optionalText } from '../../../shared/filters.js';
import type { AppContext } from '../../context.js';
import type { AuthGuards } from '../../http/auth.js';
import { parseInput } from '../../http/errors.js';
import { cacheKey } from '../../http/response-cache.js';
import { type ListCursor, pageExperiments } from '../experiments/public.js';
import { correlationExact, correlationJson, dashboardData, documentCards, experimentRows, mapJson } from './repository.js';

const page = (def: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'Informe um número inteiro')
    .transform(Number)
    .refine((n) => n <= max, `No máximo ${max}`)
    .optional()
    .transform((v) => v ?? def);

const pageQuery = filtersSchema.extend({ limit: page(20, 500).refine((n) => n >= 1, 'Mínimo 1'), offset: page(0, 10_000_000) });
const documentsQuery = pageQuery.extend({
  busca: optionalText,
});

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  const opts = (failureMessage: string) => ({ onRequest: guards.requireUser, config: { failureMessage } });

  // Aggregates over every matching experiment: kept per filter set until the next write
  // (http/response-cache.ts). Map and correlation are the engine's JSON text as it is (DashboardMap
  // and CorrelationDataset: dashboard.test.ts parses them against those shapes).
  const aggregate = (route: string, compute: (filters: Filters) => Promise<string>) =>
    app.get(
      route,
      opts(route === '/api/dashboard' ? 'Erro ao buscar estatísticas' : 'Erro ao buscar experimentos'),
      async (request, reply) => {
        // Indicators count concluded trials unless the filter names a situation (docs/product-rules.md#field-plan).
        const filters = indicatorFilters(parseInput(filtersSchema, request.query));
        return ctx.cache.sendJson(request, reply, cacheKey(route, filters), () => compute(filters));
      },
    );
  aggregate('/api/dashboard', async (filters) => JSON.stringify((await dashboardData(ctx.db, filters)) satisfies DashboardData));
  // The map: filters and view (zoom level, area), each view kept like the aggregates.
  app.get('/api/dashboard/mapa', opts('Erro ao buscar experimentos'), async (request, reply) => {
    const { zoom, area, ...rest } = parseInput(mapViewSchema, request.query);
    const filters = indicatorFilters(rest);
    return ctx.cache.sendJson(request, reply, cacheKey('/api/dashboard/mapa', { ...filters, zoom, area: area?.join(',') }), () =>
      mapJson(ctx.db, filters, { zoom, area }),
    );
  });
  aggregate('/api/dashboard/correlacao', (filters) => correlationJson(ctx.db, filters));
  // The exact statistics of one pair over every matching experiment (the dataset above may be a sample).
  app.get('/api/dashboard/correlacao/exata', opts('Erro ao buscar experimentos'), async (request, reply) => {
    const { x, y, culturaPontos, ...rest } = parseInput(correlationExactSchema, request.query);
    const filters = indicatorFilters(rest);
    const key = cacheKey('/api/dashboard/correlacao/exata', { ...filters, x, y, culturaPontos });
    return ctx.cache.sendJson(request, reply, key, async () =>
      JSON.stringify(
        (await correlationExact(ctx.db, filters, numericVariableRef(x)!, numericVariableRef(y)!, culturaPontos)) satisfies CorrelationExact,
      ),
    );
  });

  app.get('/api/dashboard/documentos', opts('Erro ao buscar experimentos'), async (request) => {
    const { limit, offset, busca, ...filters } = parseInput(documentsQuery, request.query);
    return (await documentCards(ctx.db, filters, busca, limit, offset)) satisfies DocumentCardsPage;
  });

  app.get('/api/dashboard/experimentos', opts('Erro ao buscar experimentos'), async (request) => {
    const { limit, offset, ...filters } = parseInput(pageQuery, request.query);
    return (await experimentRows(ctx.db, filters, limit, offset)) satisfies ExperimentRowsPage;
  });

  /** A CSV of every experiment under the filters, streamed in pages of 500 (memory stays flat). */
  const exportCsv = (url: string, name: string, header: readonly string[], linesOf: (e: Experiment) => string) =>
    app.get(url, opts('Erro ao buscar experimentos'), async (request, reply) => {
      const filters = parseInput(filtersSchema, request.query);
      // Every matching experiment, read and written out: one at a time per user (http/heavy-reads.ts).
      await ctx.heavyReads.hold(request, reply, 'exportacao');
      const db = ctx.db;
      async function* lines() {
        yield CSV_BOM + csvLine([...header]);
        // Page after page from where the last ended (an index range each, however deep).
        let after: ListCursor | undefined;
        for (;;) {
          const page = await pageExperiments(db, filters, 500, after);
          if (page.experiments.length) yield page.experiments.map(linesOf).join('');
          if (!page.next) return;
          after = page.next;
        }
      }
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    });

  exportCsv('/api/dashboard/export.csv', 'experimentos', CSV_HEADER, experimentCsvLines);
  // The assessments in long form: one row per treatment × assessment (mean and each plot).
  exportCsv('/api/dashboard/avaliacoes.csv', 'avaliacoes', ASSESSMENT_CSV_HEADER, assessmentCsvLines);
}
