/**
 * Compliance with MAPA's rules (docs/api.md "Compliance with MAPA rules", decision 025):
 * GET /api/experiments/:id/conformidade?norma=in53, the checklist of shared/conformidade-regras.ts on
 * the trial and its yields' validated ANOVA (experiments/trial-summary.ts); GET /api/experiments/:id/relatorio-tecnico, the
 * technical-scientific report as a PDF made on the server (src/server/report). Every signed-in user
 * reads every experiment, as its analysis.
 */
import type { FastifyInstance } from 'fastify';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { type ConformidadeResponse, NORMAS } from '../../../shared/conformidade.js';
import type { Experiment } from '../../../shared/experiment.js';
import { choiceParam } from '../../../shared/filters.js';
import { z } from '../../../shared/zod.js';
import type { AppContext } from '../../context.js';
import type { AuthGuards } from '../../http/auth.js';
import { parseInput } from '../../http/errors.js';
import { contentDisposition } from '../../http/filename.js';
import { relatorioTecnicoPdf } from '../../report/technical-report.js';

const normaQuery = z.object({ norma: choiceParam(NORMAS, 'Norma desconhecida: use in53.') });

/** What the routes read of a trial (experiments/routes.ts). */
export interface ComplianceReads {
  /** The trial and its checklist (experiments/trial-summary.ts: what its save stored as the verdict). */
  checklistOf: (rawId: string) => Promise<{ experiment: Experiment; checklist: ConformidadeResponse }>;
  /** Its yield analysis, or why there is none (both null: no plot yields yet, a planned trial). */
  yieldAnalysisOf: (experiment: Experiment) => Promise<{ analise: AnalysisResponse | null; erro: string | null }>;
}

export function complianceRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards, reads: ComplianceReads): void {
  const readOne = { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao buscar experimento' } };

  app.get<{ Params: { id: string } }>('/api/experiments/:id/conformidade', readOne, async (request) => {
    parseInput(normaQuery, request.query, { sayFirst: true });
    return (await reads.checklistOf(request.params.id)).checklist;
  });

  app.get<{ Params: { id: string } }>(
    '/api/experiments/:id/relatorio-tecnico',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao gerar o relatório técnico' } },
    async (request, reply) => {
      const { experiment, checklist } = await reads.checklistOf(request.params.id);
      const { analise, erro } = await reads.yieldAnalysisOf(experiment);
      // Half a second of layout and fonts: a heavy read, one at a time per user.
      await ctx.heavyReads.hold(request, reply, 'analise');
      const pdf = await relatorioTecnicoPdf({
        experiment,
        analise,
        analiseErro: erro,
        conformidade: checklist,
        emitidoEm: new Date(),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', `relatorio-tecnico-experimento-${experiment.id}.pdf`))
        .send(pdf);
    },
  );
}
