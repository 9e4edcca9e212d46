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

/**
 * Two or more selected experiments of the same city and year (the crop is always the same: the
 * server refuses mixed crops). The joint analysis counts them as distinct sites, which they may not
 * be (the same trial entered twice, or two reports of one field): the page warns.
 */
export interface LocalRepetido {
  /** "Cascavel/PR · 2024". */
  local: string;
  experimentIds: number[];
}

interface SiteSource {
  id: number;
  cidade: string;
  estado: string;
  ano: number;
  consultoria: string;
}

const key = (e: SiteSource) => `${e.cidade.trim().toLocaleLowerCase('pt-BR').normalize('NFD').replace(/\p{M}/gu, '')}|${e.estado}|${e.ano}`;

/**
 * Each experiment's name as a site ("Cascavel/PR · 2024") and the groups that share one. Within a
 * group the names are told apart by the consultoria when theirs differ, else by the experiment's
 * number ("Cascavel/PR · 2024 · Agro Campo", "Cascavel/PR · 2024 · nº 13"), so that no two columns of
 * the report carry the same heading.
 */
export function nomesDosLocais(experiments: readonly SiteSource[]): { nomes: string[]; repetidos: LocalRepetido[] } {
  const base = experiments.map((e) => `${e.cidade}/${e.estado} · ${e.ano}`);
  const groups = new Map<string, number[]>();
  experiments.forEach((e, i) => groups.set(key(e), [...(groups.get(key(e)) ?? []), i]));
  const nomes = [...base];
  const repetidos: LocalRepetido[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const consultorias = members.map((i) => experiments[i]!.consultoria.trim());
    const distinct = new Set(consultorias.map((c) => c.toLocaleLowerCase('pt-BR'))).size === members.length;
    for (const i of members) nomes[i] = `${base[i]} · ${distinct ? experiments[i]!.consultoria.trim() : `nº ${experiments[i]!.id}`}`;
    repetidos.push({ local: base[members[0]!]!, experimentIds: members.map((i) => experiments[i]!.id) });
  }
  return { nomes, repetidos };
}

/** The warning for one group: "Os experimentos nº 12 e nº 13 são da mesma cidade e do mesmo ano (…)". */
export function avisoLocalRepetido(r: LocalRepetido): string {
  const nums = r.experimentIds.map((id) => `nº ${id}`);
  const lista = nums.length > 1 ? `${nums.slice(0, -1).join(', ')} e ${nums[nums.length - 1]}` : nums.join('');
  return (
    `Os experimentos ${lista} são da mesma cidade e do mesmo ano (${r.local}) e entram na análise conjunta como locais diferentes. ` +
    'Confira se não são o mesmo ensaio cadastrado duas vezes ou dois relatórios do mesmo campo.'
  );
}
