/**
 * Compliance with MAPA's rules (docs/api.md "Compliance with MAPA rules", decision 025):
 * GET /api/experiments/:id/conformidade?norma=in53, the checklist of shared/conformidade-regras.ts on
 * the trial and its yield analysis; GET /api/experiments/:id/relatorio-tecnico, the
 * technical-scientific report as a PDF made on the server (src/server/report). Every signed-in user
 * reads every experiment, as its analysis.
 */
import type { FastifyInstance } from 'fastify';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { NORMAS } from '../../../shared/conformidade.js';
import { type AnaliseConformidade, conformidade } from '../../../shared/conformidade-regras.js';
import type { Experiment } from '../../../shared/experiment.js';
import { choiceParam } from '../../../shared/filters.js';
import { z } from '../../../shared/zod.js';
import type { AppContext } from '../../context.js';
import type { AuthGuards } from '../../http/auth.js';
import { parseInput } from '../../http/errors.js';
import { contentDisposition } from '../../http/filename.js';
import { relatorioTecnicoPdf } from '../../report/technical-report.js';

const normaQuery = z.object({ norma: choiceParam(NORMAS, 'Norma desconhecida: use in53.') });

/** The trial's yield analysis, or why there is none (null: no plot yields yet, a planned trial). */
export type YieldAnalysisOf = (rawId: string) => Promise<{ experiment: Experiment; analise: AnalysisResponse | null; erro: string | null }>;

/** What the rules read of the analysis: each treatment's mean in the trial's order, and the regression. */
function analiseConformidade(experiment: Experiment, analise: AnalysisResponse | null, erro: string | null): AnaliseConformidade | null {
  if (erro) return { erro, medias: null, regressao: false, media: null };
  if (!analise) return null;
  const porNome = new Map(analise.tukey.grupos.map((g) => [g.nome, g.media]));
  const medias = experiment.tratamentos.map((t) => porNome.get(t.nome.trim()) ?? Number.NaN);
  return { erro: null, medias: medias.every(Number.isFinite) ? medias : null, regressao: analise.regressao !== null, media: analise.media };
}

const checklist = (experiment: Experiment, analise: AnalysisResponse | null, erro: string | null) =>
  conformidade('in53', experiment, analiseConformidade(experiment, analise, erro));

export function complianceRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards, yieldAnalysisOf: YieldAnalysisOf): void {
  const readOne = { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao buscar experimento' } };

  app.get<{ Params: { id: string } }>('/api/experiments/:id/conformidade', readOne, async (request) => {
    parseInput(normaQuery, request.query, { sayFirst: true });
    const { experiment, analise, erro } = await yieldAnalysisOf(request.params.id);
    return checklist(experiment, analise, erro);
  });

  app.get<{ Params: { id: string } }>(
    '/api/experiments/:id/relatorio-tecnico',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao gerar o relatório técnico' } },
    async (request, reply) => {
      const { experiment, analise, erro } = await yieldAnalysisOf(request.params.id);
      // Half a second of layout and fonts: a heavy read, one at a time per user.
      await ctx.heavyReads.hold(request, reply, 'analise');
      const pdf = await relatorioTecnicoPdf({
        experiment,
        analise,
        analiseErro: erro,
        conformidade: checklist(experiment, analise, erro),
        emitidoEm: new Date(),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', `relatorio-tecnico-experimento-${experiment.id}.pdf`))
        .send(pdf);
    },
  );
}
