/**
 * Sends the plot values kept on the device: for each experiment and assessment with something to
 * send, its batch (PUT /api/experiments/:id/coleta under the batch's Idempotency-Key), then the
 * answer applied (written values leave the device, conflicts stay with both values). A batch whose
 * answer never came is sent again as it was. One run at a time; a call during a run joins it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ColetaResponse, ConflitoColeta } from '../../../shared/field-plan.js';
import { ApiError } from '../../lib/api-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import type { ColetaStore, Lote } from './coleta-store.js';

export type ColetaStop = 'sem-conexao' | 'sessao' | 'servidor' | null;

export interface ColetaSyncResult {
  gravados: number;
  conflitos: ConflitoColeta[];
  /** Experiments whose values were written (their queries are refreshed). */
  experimentos: number[];
  /** A refusal or an error to show (403, 404, 400), in the server's words. */
  erro: string | null;
  stop: ColetaStop;
}

export interface ColetaSyncDeps {
  store: ColetaStore;
  send: (lote: Lote) => Promise<ColetaResponse>;
  currentUser: () => string | null;
  onSent?: (experimentId: number, answer: ColetaResponse) => void | Promise<void>;
}

const empty = (): ColetaSyncResult => ({ gravados: 0, conflitos: [], experimentos: [], erro: null, stop: null });

export function createColetaSync(deps: ColetaSyncDeps) {
  let running: Promise<ColetaSyncResult> | null = null;

  async function runOnce(): Promise<ColetaSyncResult> {
    const result = empty();
    const user = deps.currentUser();
    if (!user) return { ...result, stop: 'sessao' };
    for (const { experimentId, avaliacao } of await deps.store.scopes(user)) {
      // Values typed while a batch was on its way go in the next batch of the same run.
      for (let round = 0; round < 3; round++) {
        const lote = await deps.store.nextBatch(user, experimentId, avaliacao);
        if (!lote) break;
        try {
          const answer = await deps.send(lote);
          const conflitos = await deps.store.acknowledge(lote, answer);
          result.gravados += answer.gravados;
          result.conflitos.push(...conflitos);
          if (!result.experimentos.includes(experimentId)) result.experimentos.push(experimentId);
          await deps.onSent?.(experimentId, answer);
        } catch (err) {
          if (err instanceof ApiError && err.status === 400) {
            await deps.store.refuse(lote, err.message);
            result.erro = err.message;
            break;
          }
          if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
            // Not allowed, or no layout any more: the values wait on the device (nothing is lost).
            result.erro = err.message;
            break;
          }
          const stop: ColetaStop = !(err instanceof ApiError) || err.isNetwork ? 'sem-conexao' : err.status === 401 ? 'sessao' : 'servidor';
          return { ...result, stop };
        }
      }
    }
    return result;
  }

  function sendNow(): Promise<ColetaSyncResult> {
    if (running) return running;
    const run = runOnce();
    running = run;
    const clear = () => {
      if (running === run) running = null;
    };
    run.then(clear, clear);
    return run;
  }

  return { sendNow };
}

export type ColetaSync = ReturnType<typeof createColetaSync>;

/** After a run: the experiments whose values were written are read again (details, report, analysis, dashboard). */
export async function refreshAfterColeta(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  result: Pick<ColetaSyncResult, 'experimentos'>,
): Promise<void> {
  await Promise.all(
    result.experimentos.flatMap((e) => [
      queryClient.invalidateQueries({ queryKey: queryKeys.experiment(e) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.analysis(e) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]),
  );
}
