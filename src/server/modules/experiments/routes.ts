import type { AnalysisResponse, ExperimentResponse } from '../../../shared/api-types.js';
import type { FastifyInstance } from 'fastify';
import { and } from 'drizzle-orm';
import { type Experiment, experimentInputSchema, experimentUpdateSchema } from '../../../shared/experiment.js';
import {
  CURSOR_INVALIDO,
  CURSOR_SO_PADRAO,
  filtersSchema,
  hasAnyFilter,
  indicatorFilters,
  listQuerySchema,
} from '../../../shared/filters.js';
import type { AppContext } from '../../context.js';
import { type AuthGuards, currentUser } from '../../http/auth.js';
import { AppError, badRequest, notFound, parseInput, serialId } from '../../http/errors.js';
import { StatsInputError, analyze, avisos, classificarCv, ganhosComRetorno } from '../../../shared/stats/index.js';
import { TRANSFORMACOES, type Transformacao } from '../../../shared/stats/index.js';
import { z } from '../../../shared/zod.js';
import { jsonField, readMultipart } from '../../http/multipart.js';
import { AnalysisCache } from './analysis-cache.js';
import { type VariableQuery, variableAnalysis } from './assessment-analysis.js';
import { idempotencyKeyOf, sendIdempotent } from './idempotency.js';
import { fieldPlanRoutes } from './field-plan-routes.js';
import { type ComplianceReads, complianceRoutes } from './compliance-routes.js';
import { installConformitySweep } from './conformity-sweep.js';
import { colunasDoCroqui, getLayout } from './field-plan.js';
import { QUADRADO_LATINO } from '../../../shared/field-plan.js';
import { cacheKey } from '../../http/response-cache.js';
import { countExperiments, experimentStats } from './aggregates.js';
import { LATIN_SQUARE_LAYOUT, NO_REPLICATES, analysisInput, checklistIn53 } from './trial-summary.js';
import {
  countWhere,
  currentYear,
  filterConditions,
  getExperiment,
  getExperimentStamp,
  listExperimentsText,
  decodeCursor,
  searchCondition,
} from './repository.js';
import type { ExperimentService } from './service.js';

const parseId = (raw: string) => serialId(raw, 'Experimento não encontrado');

/**
 * `?transformacao=log|raiz|boxcox|arcoseno`: the analysis on transformed values (empty: the
 * original data); `?avaliacao=<chave>` or `?aacpd=<nome>`: an assessment, or the area under its
 * progress curve, instead of yield.
 */
const analiseQuerySchema = z
  .object({
    transformacao: z
      .union([z.literal(''), z.enum(TRANSFORMACOES)], { error: 'Transformação inválida: use log, raiz, boxcox ou arcoseno.' })
      .optional()
      .transform((v) => v || null),
    avaliacao: z.string().max(40, 'Avaliação inválida').optional(),
    aacpd: z.string().max(150, 'Avaliação inválida').optional(),
  })
  .transform(({ transformacao, avaliacao, aacpd }) => ({
    transformacao,
    variavel: (avaliacao ? { avaliacao } : aacpd?.trim() ? { aacpd } : null) satisfies VariableQuery,
  }));

/** The cache's name for a variable: '' for yield. */
const variableKey = (v: VariableQuery): string => (!v ? '' : 'avaliacao' in v ? `a:${v.avaliacao}` : `c:${v.aacpd.trim().toLowerCase()}`);

export function experimentRoutes(app: FastifyInstance, ctx: AppContext, service: ExperimentService, guards: AuthGuards): void {
  const auth = guards.requireUser;
  fieldPlanRoutes(app, ctx, guards);
  installConformitySweep(app, ctx.db, ctx.log, ctx.database.kind === 'pglite' ? 50 : 0);

  app.get('/api/experiments', { onRequest: auth, config: { failureMessage: 'Erro ao buscar experimentos' } }, async (request, reply) => {
    const { limit, offset, busca, ordem, direcao, depois, ...filters } = parseInput(listQuerySchema, request.query);
    const after = depois === undefined ? undefined : decodeCursor(depois);
    if (after === null) throw badRequest({ depois: CURSOR_INVALIDO });
    if (after && ((ordem && ordem !== 'created_at') || direcao === 'asc' || offset > 0)) throw badRequest({ depois: CURSOR_SO_PADRAO });
    if (hasAnyFilter(filters)) request.failureMessage = 'Erro ao buscar experimentos por filtros';
    // The total under these filters is kept until the next write, like the dashboard's aggregates;
    // a search's total is not (every keystroke would be a cache entry).
    const total = async () =>
      busca
        ? countWhere(ctx.db, and(filterConditions(filters), searchCondition(busca)))
        : Number(
            await ctx.cache.text(cacheKey('/api/experiments#total', filters), async () => String(await countExperiments(ctx.db, filters))),
          );
    const order = { ordem: ordem ?? 'created_at', direcao: direcao ?? (ordem && ordem !== 'created_at' ? 'asc' : 'desc') } as const;
    return reply
      .type('application/json; charset=utf-8')
      .send(await listExperimentsText(ctx.db, filters, limit, offset, total, { busca, order, after }));
  });

  app.get(
    '/api/experiments/stats',
    { onRequest: auth, config: { failureMessage: 'Erro ao buscar estatísticas' } },
    async (request, reply) => {
      const filters = indicatorFilters(parseInput(filtersSchema, request.query));
      const year = currentYear();
      return ctx.cache.sendJson(request, reply, cacheKey('/api/experiments/stats', { ...filters, year }), async () =>
        JSON.stringify(await experimentStats(ctx.db, filters, year)),
      );
    },
  );

  /** The experiment the URL names, or 404; both reads of one experiment say the same when they fail. */
  const readOne = { onRequest: auth, config: { failureMessage: 'Erro ao buscar experimento' } };
  const experimentOf = async (id: number) => {
    const experiment = await getExperiment(ctx.db, id);
    if (!experiment) throw notFound('Experimento não encontrado');
    return experiment;
  };

  app.get<{ Params: { id: string } }>('/api/experiments/:id', readOne, async (request) => {
    return { experiment: await experimentOf(parseId(request.params.id)) } satisfies ExperimentResponse;
  });

  const latinSquareColumns = async (id: number, tratamentos: number) => {
    const croqui = await getLayout(ctx.db, id);
    const colunas = croqui ? colunasDoCroqui(croqui, tratamentos) : null;
    if (!colunas) throw new AppError(422, 'UNPROCESSABLE', LATIN_SQUARE_LAYOUT);
    return colunas;
  };

  // Analyses answered before, by experiment version: a report opened again, or by someone else,
  // is not computed again (a 20 × 12 trial's first read is tens of milliseconds).
  const analyses = new AnalysisCache();
  /** The analysis of the experiment as it is now, as JSON text, kept under the version it was computed from. */
  const analysisText = async (experiment: Experiment, transformacao: Transformacao | null, variavel: VariableQuery): Promise<string> => {
    const id = experiment.id;
    try {
      // Inside the try: an assessment's efficacy or area runs the statistics too.
      const assessment = variableAnalysis(experiment, variavel);
      if (!assessment && (!experiment.tratamentos.length || !experiment.tratamentos.every((t) => t.repeticoes?.length))) {
        throw new AppError(422, 'UNPROCESSABLE', NO_REPLICATES);
      }
      // A Latin square's columns come from its drawn layout.
      const colunas = experiment.tipo_estatistica === QUADRADO_LATINO ? await latinSquareColumns(id, experiment.tratamentos.length) : null;
      const input = { ...(assessment?.input ?? analysisInput(experiment)), ...(colunas ? { colunas } : {}) };
      const analysis = analyze(input, { transformacao, natureza: assessment?.natureza ?? null });
      // Each gain weighed against its own treatment's cost (paired by position: shared/stats/gains.ts).
      const ganhos = ganhosComRetorno(
        analysis.ganhos,
        experiment.tratamentos.map((t) => t.custo),
      );
      const { input: _input, natureza: _natureza, ...extra } = assessment ?? {};
      // JSON.stringify is what Fastify sends for an object without a response schema: the same bytes.
      const text = JSON.stringify({
        ...analysis,
        ganhos,
        cvClasse: classificarCv(analysis.cv),
        avisos: avisos(analysis, assessment ? { unidade: assessment.variavel.unidade, ganhos: false } : {}),
        ...extra,
      } satisfies AnalysisResponse);
      analyses.set(AnalysisCache.key(id, experiment.version, experiment.updated_at, transformacao, variableKey(variavel)), text);
      return text;
    } catch (err) {
      if (err instanceof StatsInputError) throw new AppError(422, 'UNPROCESSABLE', err.message);
      throw err;
    }
  };

  /** Reads of compliance-routes.ts: the trial's checklist, and its yield analysis for the report. */
  const complianceReads: ComplianceReads = {
    checklistOf: async (rawId) => {
      const id = parseId(rawId);
      const experiment = await experimentOf(id);
      const croqui = experiment.tipo_estatistica === QUADRADO_LATINO ? await getLayout(ctx.db, id) : null;
      return { experiment, checklist: checklistIn53(experiment, croqui ? colunasDoCroqui(croqui, experiment.tratamentos.length) : null) };
    },
    yieldAnalysisOf: async (experiment) => {
      if (!experiment.tratamentos.length || !experiment.tratamentos.every((t) => t.repeticoes?.length)) {
        // A trial not harvested yet has nothing to analyse; a concluded one with means only cannot be.
        return { analise: null, erro: experiment.tratamentos.some((t) => t.produtividade === null) ? null : NO_REPLICATES };
      }
      try {
        const text =
          analyses.get(AnalysisCache.key(experiment.id, experiment.version, experiment.updated_at, null, variableKey(null))) ??
          (await analysisText(experiment, null, null));
        return { analise: JSON.parse(text) as AnalysisResponse, erro: null };
      } catch (err) {
        if (err instanceof AppError && err.status === 422) return { analise: null, erro: err.message };
        throw err;
      }
    },
  };
  complianceRoutes(app, ctx, guards, complianceReads);

  app.get<{ Params: { id: string } }>('/api/experiments/:id/analise', readOne, async (request, reply) => {
    const { transformacao, variavel } = parseInput(analiseQuerySchema, request.query);
    const id = parseId(request.params.id);
    const stamp = await getExperimentStamp(ctx.db, id);
    if (!stamp) throw notFound('Experimento não encontrado');
    const text =
      analyses.get(AnalysisCache.key(id, stamp.version, stamp.updatedAt, transformacao, variableKey(variavel))) ??
      (await analysisText(await experimentOf(id), transformacao, variavel));
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.post('/api/experiments', { onRequest: auth, config: { failureMessage: 'Erro ao criar experimento' } }, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const upload = await readMultipart(request, { fields: ['data'] });
    return sendIdempotent(ctx.db, request, reply, key, upload, 201, async (store) => {
      const data = parseInput(experimentInputSchema, jsonField(upload.fields, 'data'));
      return { experiment: await service.create(currentUser(request), data, upload.pdf, { store }) } satisfies ExperimentResponse;
    });
  });

  app.put<{ Params: { id: string } }>(
    '/api/experiments/:id',
    { onRequest: auth, config: { failureMessage: 'Erro ao atualizar experimento' } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const key = idempotencyKeyOf(request);
      const upload = await readMultipart(request, { fields: ['data'] });
      return sendIdempotent(ctx.db, request, reply, key, upload, 200, async (store) => {
        const data = parseInput(experimentUpdateSchema, jsonField(upload.fields, 'data'));
        return { experiment: await service.update(currentUser(request), id, data, upload.pdf, store) } satisfies ExperimentResponse;
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/experiments/:id',
    { onRequest: auth, config: { failureMessage: 'Erro ao deletar experimento' } },
    async (request, reply) => {
      await service.remove(currentUser(request), parseId(request.params.id));
      return reply.status(204).send();
    },
  );
}
