/**
 * Analyses across experiments. POST /api/analises/conjunta: the joint analysis of a group of
 * experiments (docs/api.md, "Joint analysis"; the statistics in shared/stats/conjunta.ts).
 * POST /api/analises/meta: a product against the control across trials, by random-effects
 * meta-analysis (docs/api.md, "Across trials"; meta.ts). Every signed-in user reads every
 * experiment, as GET /api/experiments/:id/analise. The experiments are read in one query whatever
 * their number.
 */
import type { FastifyInstance } from 'fastify';
import { analiseConjuntaSchema, nomesDosLocais } from '../../../shared/analise-conjunta.js';
import { metaAnaliseSchema } from '../../../shared/meta-analise.js';
import type { JointAnalysisResponse } from '../../../shared/api-types.js';
import { analiseConjunta } from '../../../shared/stats/conjunta.js';
import { StatsInputError } from '../../../shared/stats/stats-input-error.js';
import type { AppContext } from '../../context.js';
import type { AuthGuards } from '../../http/auth.js';
import { AppError, notFound, parseInput } from '../../http/errors.js';
import { getExperiments } from '../experiments/public.js';
import { metaAnaliseDoProduto } from './meta.js';

export function analysisRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  app.post(
    '/api/analises/conjunta',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao calcular a análise conjunta' } },
    async (request, reply) => {
      const { experimentIds } = parseInput(analiseConjuntaSchema, request.body, { sayFirst: true });
      // Many experiments read and analysed: a heavy read, limited per user (http/heavy-reads.ts).
      await ctx.heavyReads.hold(request, reply, 'analise');
      const found = new Map((await getExperiments(ctx.db, experimentIds)).map((e) => [e.id, e]));
      const missing = experimentIds.filter((id) => !found.has(id));
      if (missing.length) {
        throw notFound(
          missing.length === 1
            ? `Experimento não encontrado: nº ${missing[0]}.`
            : `Experimentos não encontrados: nº ${missing.join(', ')}.`,
        );
      }
      const experiments = experimentIds.map((id) => found.get(id)!);
      // The dashboard never averages yields across crops; a joint analysis would.
      const culturas = [...new Set(experiments.map((e) => e.cultura))];
      if (culturas.length > 1) {
        const detalhe = culturas.map(
          (c) =>
            `${c}: nº ${experiments
              .filter((e) => e.cultura === c)
              .map((e) => e.id)
              .join(', ')}`,
        );
        throw new AppError(
          422,
          'UNPROCESSABLE',
          `Os experimentos são de culturas diferentes (${detalhe.join('; ')}): a análise conjunta compara os mesmos tratamentos na mesma cultura.`,
        );
      }
      // Two trials of one city and year: told apart in the headings, and the page warns.
      const { nomes, repetidos } = nomesDosLocais(experiments);
      try {
        const analise = analiseConjunta(
          experiments.map((e, i) => ({
            experimentId: e.id,
            nome: nomes[i]!,
            design: e.tipo_estatistica,
            tratamentos: e.tratamentos.map((t) => ({ nome: t.nome, repeticoes: t.repeticoes })),
          })),
        );
        return { ...analise, locaisRepetidos: repetidos } satisfies JointAnalysisResponse;
      } catch (err) {
        if (err instanceof StatsInputError) throw new AppError(422, 'UNPROCESSABLE', err.message);
        throw err;
      }
    },
  );
  app.post(
    '/api/analises/meta',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao calcular a meta-análise' } },
    async (request, reply) => {
      const body = parseInput(metaAnaliseSchema, request.body, { sayFirst: true });
      await ctx.heavyReads.hold(request, reply, 'analise');
      return metaAnaliseDoProduto(ctx.db, body);
    },
  );
}
