/**
 * The joint analysis request (POST /api/analises/conjunta) and its page's URL (`?ids=1,2,3`): the
 * experiments to analyse together, 2 to 50 distinct ids. The server validates the body with this
 * schema; the page parses its query with idsDaUrl() to the same rule.
 */
import { MAX_LOCAIS, MIN_LOCAIS } from './stats/conjunta.js';
import { z } from './zod.js';

export { MAX_LOCAIS, MIN_LOCAIS };

const ID_MAX = 2_147_483_647;
const MSG = {
  lista: `Informe os experimentos da análise conjunta: uma lista de ${MIN_LOCAIS} a ${MAX_LOCAIS} identificadores (experimentIds).`,
  id: 'Identificador de experimento inválido: use números inteiros positivos.',
  poucos: `Selecione pelo menos ${MIN_LOCAIS} experimentos para a análise conjunta.`,
  muitos: `A análise conjunta aceita no máximo ${MAX_LOCAIS} experimentos.`,
  repetidos: 'Há experimentos repetidos na seleção: cada experimento entra uma vez na análise conjunta.',
} as const;

export const analiseConjuntaSchema = z.object(
  {
    experimentIds: z
      .array(z.number({ error: MSG.id }).int(MSG.id).min(1, MSG.id).max(ID_MAX, MSG.id), { error: MSG.lista })
      .min(MIN_LOCAIS, MSG.poucos)
      .max(MAX_LOCAIS, MSG.muitos)
      .refine((ids) => new Set(ids).size === ids.length, MSG.repetidos),
  },
  { error: MSG.lista },
);

export type AnaliseConjuntaInput = z.infer<typeof analiseConjuntaSchema>;

/** The page's `ids=3,1,2` as the request's list, or null when it is not one (the page then says so). */
export function idsDaUrl(value: string | null): number[] | null {
  if (!value) return null;
  const ids = value.split(',').map((s) => Number(s.trim()));
  const parsed = z.safeParse(analiseConjuntaSchema, { experimentIds: ids });
  return parsed.success ? parsed.data.experimentIds : null;
}
