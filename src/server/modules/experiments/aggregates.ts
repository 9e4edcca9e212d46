/**
 * Aggregates over the experiments matching a filter set, read from the dashboard rollups
 * (migration 0009): counts and sums per (regional, cultura, marca, ano) and one more dimension,
 * kept by triggers in the transaction of every write. Under the exact filters an aggregate reads
 * a few thousand rollup rows, whatever the number of experiments. The product filter (a
 * substring of the products' names) and the assessment filter (an assessment's name) are
 * dimensions no rollup keeps: under either the same rows are computed from the matching
 * experiments, so both paths feed the same queries.
 */
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { ExperimentStatsResponse } from '../../../shared/api-types.js';
import type { Filters } from '../../../shared/filters.js';
import { SITUACOES } from '../../../shared/field-plan.js';

const NAO_CONCLUIDOS = SITUACOES.filter((s) => s !== 'concluido');
import { type Db, queryRows } from '../../db/client.js';
import {
  appliedProducts,
  dashboardRollup,
  dashboardRollupConsultorias,
  dashboardRollupLocais,
  dashboardRollupModalidades,
  dashboardRollupProdutos,
  experiments,
  treatments,
} from '../../db/schema.js';
import { countWhere, currentYear, filterConditions } from './repository.js';

export type RollupKind = 'experimentos' | 'consultorias' | 'locais' | 'modalidades' | 'produtos';

const KEPT = {
  experimentos: dashboardRollup,
  consultorias: dashboardRollupConsultorias,
  locais: dashboardRollupLocais,
  modalidades: dashboardRollupModalidades,
  produtos: dashboardRollupProdutos,
} as const;

const DIMS = sql`${experiments.regional} as regional, ${experiments.cultura} as cultura, ${experiments.marca} as marca, ${experiments.ano} as ano`;
const GROUP_DIMS = sql`${experiments.regional}, ${experiments.cultura}, ${experiments.marca}, ${experiments.ano}`;

/*
 * Treatments `t` compared with their experiment's control `c` (the treatment at position 0), as
 * the triggers compare them from the treatments' JSON (migration 0013): how many, the sum of their
 * gains in %, and how many won; neither the control itself nor any treatment of a control whose
 * yield is not positive is compared.
 */
const COMPARED = sql.raw(`count(*) filter (where t.position > 0 and c.produtividade > 0)::int as comparacoes,
  coalesce(sum(((t.produtividade / c.produtividade - 1) * 100)::numeric) filter (where t.position > 0 and c.produtividade > 0), 0) as ganho_sum,
  (count(*) filter (where t.position > 0 and c.produtividade > 0 and t.produtividade > c.produtividade))::int as superacoes`);

/** The rollup's rows computed from the experiments `where` selects (the triggers' definition). */
export function computedRollup(kind: RollupKind, where: SQL | undefined): SQL {
  const w = where ? sql`where ${where}` : sql``;
  switch (kind) {
    case 'experimentos':
      return sql`select ${DIMS}, ${experiments.bu} as bu, count(*)::int as n,
          count(${experiments.produtividadeMedia})::int as prod_n, coalesce(sum(${experiments.produtividadeMedia}::numeric), 0) as prod_sum,
          count(${experiments.roi})::int as roi_n, coalesce(sum(${experiments.roi}::numeric), 0) as roi_sum,
          sum(${experiments.custoProtocolo}::numeric) as custo_sum,
          (count(*) filter (where ${experiments.analiseVitoria}))::int as vitorias, count(${experiments.analiseVitoria})::int as analisados,
          count(${experiments.ganhoMedio})::int as ganho_n, coalesce(sum(${experiments.ganhoMedio}::numeric), 0) as ganho_sum,
          sum(${experiments.comparacoes})::int as comparacoes, sum(${experiments.superacoes})::int as superacoes
        from ${experiments} ${w} group by ${GROUP_DIMS}, ${experiments.bu}`;
    case 'consultorias':
      return sql`select ${DIMS}, ${experiments.consultoria} as consultoria, count(*)::int as n
        from ${experiments} ${w} group by ${GROUP_DIMS}, ${experiments.consultoria}`;
    case 'locais':
      return sql`select ${DIMS}, ${experiments.cidade} as cidade, ${experiments.estado} as estado, count(*)::int as n
        from ${experiments} ${w} group by ${GROUP_DIMS}, ${experiments.cidade}, ${experiments.estado}`;
    case 'modalidades':
      return sql`select ${DIMS}, t.modalidade as modalidade, count(*)::int as n, sum(t.produtividade::numeric) as prod_sum, ${COMPARED}
        from ${treatments} t join ${experiments} on ${experiments.id} = t.experiment_id
          join ${treatments} c on c.experiment_id = t.experiment_id and c.position = 0 ${w}
        group by ${GROUP_DIMS}, t.modalidade`;
    case 'produtos':
      return sql`select ${DIMS}, p.nome as nome, count(*)::int as n, ${COMPARED}
        from ${appliedProducts} p join ${treatments} t on t.id = p.treatment_id join ${experiments} on ${experiments.id} = p.experiment_id
          join ${treatments} c on c.experiment_id = t.experiment_id and c.position = 0 ${w}
        group by ${GROUP_DIMS}, p.nome`;
  }
}

/**
 * Whether the kept rollups can answer these filters: only regional, cultura, marca and ano are their
 * dimensions, and they hold concluded trials only (migration 0021).
 */
function rollupsAnswer(filters: Filters): boolean {
  return !filters.produto && !filters.avaliacao && !filters.conformidade && filters.situacao === 'concluido';
}

/**
 * The rows of a rollup under the filters, as a subquery: the kept table (rows with n > 0) when
 * every filter is exact, else the same rows computed from the matching experiments.
 */
export function rollupRows(kind: RollupKind, filters: Filters): SQL {
  if (!rollupsAnswer(filters)) return computedRollup(kind, filterConditions(filters));
  const table = KEPT[kind];
  const where = and(
    sql`${table.n} > 0`,
    filters.regional ? eq(table.regional, filters.regional) : undefined,
    filters.cultura ? eq(table.cultura, filters.cultura) : undefined,
    filters.marca ? eq(table.marca, filters.marca) : undefined,
    filters.ano !== undefined ? eq(table.ano, filters.ano) : undefined,
  );
  return sql`select * from ${table} where ${where}`;
}

/** A nullable aggregate from the driver (numeric arrives as text) as a number. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Experiments matching the filters: a plain count under the product or assessment filter (no groups
 * to build). Without a situation (a list of every trial), the concluded ones from the rollup and
 * the others, few and indexed, counted.
 */
export async function countExperiments(db: Db, filters: Filters): Promise<number> {
  if (!filters.situacao && rollupsAnswer({ ...filters, situacao: 'concluido' })) {
    // One statement; an IN list, not <>, so the situation's index serves the second count.
    const others = and(filterConditions(filters), inArray(experiments.situacao, NAO_CONCLUIDOS));
    const [row] = await queryRows<{ n: string | number | null }>(
      db,
      sql`select coalesce((select sum(n) from (${rollupRows('experimentos', { ...filters, situacao: 'concluido' })}) r), 0)
        + (select count(*) from ${experiments} where ${others}) as n`,
    );
    return Number(row?.n ?? 0);
  }
  if (!rollupsAnswer(filters)) return countWhere(db, filterConditions(filters));
  const [row] = await queryRows<{ n: string | number | null }>(db, sql`select sum(n) as n from (${rollupRows('experimentos', filters)}) r`);
  return Number(row?.n ?? 0);
}

/** The mean of a rollup's sum over its count, as the engine's avg() would answer it: null for none. */
export const mean = (sum: string, count: string) => sql.raw(`(sum(${sum}) / nullif(sum(${count}), 0))::float8`);

export async function experimentStats(db: Db, filters: Filters, year = currentYear()): Promise<ExperimentStatsResponse> {
  const [row] = await queryRows<{ total: unknown; ativos: unknown; roi: unknown; custo: unknown }>(
    db,
    sql`select coalesce(sum(n), 0) as total, coalesce(sum(n) filter (where ano = ${year}), 0) as ativos,
          ${mean('roi_sum', 'roi_n')} as roi, ${mean('custo_sum', 'n')} as custo
        from (${rollupRows('experimentos', filters)}) r`,
  );
  return {
    totalExperimentos: Number(row?.total ?? 0),
    experimentosAtivos: Number(row?.ativos ?? 0),
    roiMedio: num(row?.roi),
    custoMedio: num(row?.custo),
  };
}
