/**
 * The field plan's endpoints (docs/api.md#field-plan): the randomised layout (draw, read, CSV), the
 * spray mix of an application, and the plot values collected in the field.
 */
import type { FastifyInstance } from 'fastify';
import { calcularCalda, CaldaInputError } from '../../../shared/calda.js';
import { CroquiInputError, croquiCsv, novaSemente, sortearCroqui, SEMENTE_MAX } from '../../../shared/croqui.js';
import { NUMERACOES, type ColetaResponse, type Croqui } from '../../../shared/field-plan.js';
import { z } from '../../../shared/zod.js';
import type { AppContext } from '../../context.js';
import { type AuthGuards, currentUser } from '../../http/auth.js';
import { AppError, notFound, parseInput, serialId } from '../../http/errors.js';
import { collectValues, getLayout, NO_LAYOUT, saveLayout } from './field-plan.js';
import { idempotencyKeyOf, sendIdempotent } from './idempotency.js';
import { getExperiment } from './repository.js';

const parseId = (raw: string) => serialId(raw, 'Experimento não encontrado');
const unprocessable = (message: string) => new AppError(422, 'UNPROCESSABLE', message);

const croquiBody = z
  .object(
    {
      semente: z
        .number({ error: 'Semente inválida: use um número inteiro' })
        .int('Semente inválida: use um número inteiro')
        .min(1, `Semente inválida: use de 1 a ${SEMENTE_MAX}`)
        .max(SEMENTE_MAX, `Semente inválida: use de 1 a ${SEMENTE_MAX}`)
        .nullish(),
      numeracao: z.enum(NUMERACOES, { error: 'Numeração inválida: use serpentina ou sequencial' }).optional(),
    },
    { error: 'Dados do croqui inválidos' },
  )
  .nullish()
  .transform((v) => v ?? {});

/** A plot value as the field sends it: a number or null (a value erased). */
const valorColeta = z.number({ error: 'Informe um número' }).refine(Number.isFinite, 'Informe um número').nullable();

const coletaBody = z.object(
  {
    avaliacao: z.string({ error: 'Informe a avaliação' }).trim().min(1, 'Informe a avaliação').max(40, 'Avaliação inválida'),
    valores: z
      .array(
        z.object(
          {
            numero: z
              .number({ error: 'Número de parcela inválido' })
              .int('Número de parcela inválido')
              .min(1, 'Número de parcela inválido'),
            valor: valorColeta,
            anterior: valorColeta.optional().transform((v) => v ?? null),
          },
          { error: 'Valor de parcela inválido' },
        ),
        { error: 'Envie a lista de valores' },
      )
      .min(1, 'Envie ao menos um valor')
      .max(5000, 'No máximo 5.000 valores por envio'),
  },
  { error: 'Dados da coleta inválidos' },
);

const calcaQuery = z.object({ aplicacao: z.string({ error: 'Informe a aplicação' }).trim().min(1, 'Informe a aplicação').max(40) });

export function fieldPlanRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  const read = { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao buscar o croqui' } };

  const experimentOf = async (id: number) => {
    const experiment = await getExperiment(ctx.db, id);
    if (!experiment) throw notFound('Experimento não encontrado');
    return experiment;
  };
  const layoutOf = async (id: number): Promise<Croqui> => {
    const croqui = await getLayout(ctx.db, id);
    if (!croqui) throw notFound(NO_LAYOUT);
    return croqui;
  };

  app.get<{ Params: { id: string } }>('/api/experiments/:id/croqui', read, async (request) => {
    const id = parseId(request.params.id);
    await experimentOf(id);
    return { croqui: await layoutOf(id) };
  });

  app.post<{ Params: { id: string } }>(
    '/api/experiments/:id/croqui',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao sortear o croqui' } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const body = parseInput(croquiBody, request.body);
      const experiment = await experimentOf(id);
      if (!experiment.blocos) {
        throw unprocessable('Informe o número de blocos (repetições) do experimento antes de sortear o croqui.');
      }
      let croqui: Croqui;
      try {
        croqui = sortearCroqui({
          delineamento: experiment.tipo_estatistica,
          tratamentos: experiment.tratamentos,
          blocos: experiment.blocos,
          semente: body.semente ?? novaSemente(),
          numeracao: body.numeracao ?? 'serpentina',
        });
      } catch (err) {
        if (err instanceof CroquiInputError) throw unprocessable(err.message);
        throw err;
      }
      await saveLayout(ctx.db, currentUser(request), id, croqui);
      return reply.status(201).send({ croqui });
    },
  );

  app.get<{ Params: { id: string } }>('/api/experiments/:id/croqui.csv', read, async (request, reply) => {
    const id = parseId(request.params.id);
    const experiment = await experimentOf(id);
    const croqui = await layoutOf(id);
    const csv = croquiCsv(
      croqui,
      experiment.tratamentos.map((t) => t.nome),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="croqui-experimento-${id}.csv"`)
      .send(`\uFEFF${csv}`);
  });

  app.get<{ Params: { id: string } }>('/api/experiments/:id/calda', read, async (request) => {
    const id = parseId(request.params.id);
    const { aplicacao } = parseInput(calcaQuery, request.query);
    const experiment = await experimentOf(id);
    const escolhida = experiment.aplicacoes.find((a) => a.chave === aplicacao);
    if (!escolhida) throw notFound('Aplicação não encontrada neste experimento.');
    if (!experiment.parcela) throw unprocessable('Informe o comprimento e a largura da parcela para calcular a calda.');
    const croqui = await layoutOf(id);
    try {
      return calcularCalda({
        aplicacao: escolhida,
        tratamentos: experiment.tratamentos,
        parcelas: croqui.parcelas,
        parcela: experiment.parcela,
      });
    } catch (err) {
      if (err instanceof CaldaInputError) throw unprocessable(err.message);
      throw err;
    }
  });

  app.put<{ Params: { id: string } }>(
    '/api/experiments/:id/coleta',
    { onRequest: guards.requireUser, config: { failureMessage: 'Erro ao registrar a coleta' } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const key = idempotencyKeyOf(request);
      const body = parseInput(coletaBody, request.body);
      // The same key and body answer the first answer again (a send whose answer was lost).
      return sendIdempotent(ctx.db, request, reply, key, { fields: { body: JSON.stringify(body) }, pdf: null }, 200, async (store) => {
        const answer: ColetaResponse = await collectValues(ctx.db, currentUser(request), id, body.avaliacao, body.valores, store);
        return answer;
      });
    },
  );
}
