/**
 * Dashboard reads. Everything is aggregated in SQL under the current filters; the browser gets
 * cards, chart series, map points and compact columns, never the nested list of experiments.
 */
import { type SQL, and, desc, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  type DashboardCharts,
  type DashboardData,
  type DashboardMap,
  type DocumentCardsPage,
  type CorrelationExact,
  type ExperimentRowsPage,
  type MapGroups,
  MAP_AREA_FROM_ZOOM,
  MAP_GROUP_CELL_PX,
  MAP_POINTS_MAX,
  MAP_SINGLES_FROM_ZOOM,
  MAP_SINGLES_MAX,
  NO_MAP_POINTS,
  type WinCount,
  CORRELATION_MAX,
  CORRELATION_MIN_PER_CROP,
} from '../../../shared/dashboard.js';
import { BRAZIL_CENTER, cityCenter } from '../../../shared/cities.js';
import { MERCATOR_MAX_LAT, project } from '../../../shared/geo.js';
import type { Filters } from '../../../shared/filters.js';
import { evenSample } from '../../../shared/sample.js';
import { SITUACOES } from '../../../shared/field-plan.js';

const NAO_CONCLUIDOS = SITUACOES.filter((s) => s !== 'concluido');
import { CORRELATION_FIELDS } from '../../../shared/fields/catalogue.js';
import { type NumericVariableRef, pearsonP } from '../../../shared/correlation-variables.js';
import { type Db, type Tx, queryRows } from '../../db/client.js';
import { assessments, experiments, plotValues, treatments } from '../../db/schema.js';
import { countExperiments, countWhere, currentYear, filterConditions, likeContains, mean, num, rollupRows } from '../experiments/public.js';

/** An aggregate as the driver returns it: numeric as text, an integer as a number, null over no rows. */
type Aggregate = string | number | null;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Most points the soil scatter gets: enough to see the cloud, light to draw (Recharts draws SVG;
 * 2,000 points took ~1.5 s to render, 400 take ~0.2 s).
 */
export const SOIL_SCATTER_MAX = 400;

function where(filters: Filters, ...extra: (SQL | undefined)[]): SQL | undefined {
  return and(filterConditions(filters), ...extra);
}

/** Most products in the win-rate series: those compared most often. */
export const WIN_RATE_PRODUCTS_MAX = 12;

/**
 * The cards and the five grouped series from one pass over the rollup (aggregates.ts): GROUPING
 * SETS, the empty set giving the cards, split in JS. Under the product or assessment filter the
 * rollup's rows are computed from the matching experiments, once for all of them.
 */
async function cardsAndSeries(db: Db, filters: Filters) {
  const rows = await queryRows<{
    cultura: string | null;
    marca: string | null;
    regional: string | null;
    bu: string | null;
    ano: number | null;
    g: number;
    n: Aggregate;
    media: Aggregate;
    roi: Aggregate;
    custo: Aggregate;
    ativos: Aggregate;
    vitorias: Aggregate;
    analisados: Aggregate;
    ganho: Aggregate;
    ganhoN: Aggregate;
    comparacoes: Aggregate;
    superacoes: Aggregate;
    consultorias: Aggregate;
  }>(
    db,
    sql`with c as materialized (select count(distinct consultoria) as n from (${rollupRows('consultorias', filters)}) x)
        select cultura, marca, regional, bu, ano, grouping(cultura, marca, regional, bu, ano) as g,
          sum(n) as n, ${mean('prod_sum', 'prod_n')} as media, ${mean('roi_sum', 'roi_n')} as roi, ${mean('custo_sum', 'n')} as custo,
          sum(n) filter (where ano = ${currentYear()}) as ativos, sum(vitorias) as vitorias, sum(analisados) as analisados,
          ${mean('ganho_sum', 'ganho_n')} as ganho, sum(ganho_n) as "ganhoN",
          sum(comparacoes) as comparacoes, sum(superacoes) as superacoes, (select n from c) as consultorias
        from (${rollupRows('experimentos', filters)}) r
        group by grouping sets ((), (cultura), (marca), (regional), (bu), (ano))`,
  );
  const int = (v: unknown) => Number(v ?? 0);
  const all = rows.find((r) => Number(r.g) === 0b11111);
  const counts = {
    total: int(all?.n),
    produtividadeMedia: num(all?.media),
    roiMedio: num(all?.roi),
    custoMedio: num(all?.custo),
    consultorias: int(all?.consultorias),
    ativos: int(all?.ativos),
    vitorias: int(all?.vitorias),
    analisados: int(all?.analisados),
    culturas: rows.filter((r) => Number(r.g) === 0b01111 && int(r.n) > 0).length,
    ganhoMedio: num(all?.ganho),
    ensaiosComparados: int(all?.ganhoN),
    comparacoes: int(all?.comparacoes),
    superacoes: int(all?.superacoes),
  };
  // grouping() bits, highest first: cultura, marca, regional, bu, ano (1 = not grouped by it).
  const only = (bit: number) => rows.filter((r) => Number(r.g) === 0b11111 - bit && int(r.n) > 0);
  const media = (r: { media: unknown }) => num(r.media);
  const ganho = (r: { ganho: unknown }) => num(r.ganho);
  const compared = (r: { comparacoes: unknown }) => int(r.comparacoes) > 0;
  const wins = (r: { comparacoes: unknown; superacoes: unknown }): WinCount => ({
    comparacoes: int(r.comparacoes),
    superacoes: int(r.superacoes),
  });
  const charts: Omit<DashboardCharts, 'soloVsProdutividade' | 'porModalidade' | 'vitoriasPorProduto'> = {
    produtividadePorCultura: only(0b10000)
      .filter((r) => r.media !== null)
      .map((r) => ({ cultura: r.cultura!, media: media(r)!, n: Number(r.n), ganho: ganho(r) }))
      .sort((a, b) => b.media - a.media),
    experimentosPorMarca: only(0b01000)
      .map((r) => ({ marca: r.marca!, n: Number(r.n) }))
      .sort((a, b) => b.n - a.n || collator.compare(a.marca, b.marca)),
    porRegional: only(0b00100)
      .map((r) => ({ regional: r.regional!, media: media(r), n: Number(r.n), ganho: ganho(r) }))
      .sort((a, b) => collator.compare(a.regional, b.regional)),
    porBu: only(0b00010)
      .map((r) => ({ bu: r.bu!, media: media(r), n: Number(r.n), ganho: ganho(r) }))
      .sort((a, b) => collator.compare(a.bu, b.bu)),
    evolucaoAnual: only(0b00001)
      .filter((r) => r.media !== null)
      .map((r) => ({ ano: Number(r.ano), media: media(r)!, n: Number(r.n), ganho: ganho(r) }))
      .sort((a, b) => a.ano - b.ano),
    vitoriasPorMarca: only(0b01000)
      .filter(compared)
      .map((r) => ({ marca: r.marca!, ...wins(r) }))
      .sort((a, b) => byWinRate(a, b) || collator.compare(a.marca, b.marca)),
    vitoriasPorRegional: only(0b00100)
      .filter(compared)
      .map((r) => ({ regional: r.regional!, ...wins(r) }))
      .sort((a, b) => byWinRate(a, b) || collator.compare(a.regional, b.regional)),
  };
  return { counts, charts };
}

/**
 * The soil scatter's sample is taken by the engine: the matching experiments whose id is a
 * multiple of k, k from the filtered count. When there are fewer such ids than matching rows
 * (broad filters), they are looked up one by one in the primary key instead of reading every
 * matching row: at 100,000 experiments, 400 lookups instead of a 300 ms scan.
 */
export async function soilScatter(db: Db, filters: Filters, total: number, max = SOIL_SCATTER_MAX) {
  const step = Math.max(1, Math.ceil(total / max));
  const [{ maxId } = { maxId: 0 }] = await queryRows<{ maxId: number | null }>(
    db,
    sql`select max(${experiments.id}) as "maxId" from ${experiments}`,
  );
  const lookups = step > 1 && Math.ceil(Number(maxId ?? 0) / step) < total;
  const sampled = step > 1 && !lookups ? sql`${experiments.id} % ${step} = 0` : undefined;
  const [row] = await queryRows<{ j: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(${experiments.teorArgila}, ${experiments.teorMateriaOrganica}, ${experiments.produtividadeMedia}, ${experiments.cultura}) order by ${experiments.id}), '[]')::text as j
        from ${experiments}
        ${lookups ? sql`join generate_series(${sql.raw(String(step))}, ${sql.raw(String(Number(maxId)))}, ${sql.raw(String(step))}) g(id) on g.id = ${experiments.id}` : sql``}
        where ${where(filters, isNotNull(experiments.teorArgila), isNotNull(experiments.teorMateriaOrganica), isNotNull(experiments.produtividadeMedia), sampled)}`,
  );
  const rows = JSON.parse(row?.j ?? '[]') as [number, number, number, string][];
  return evenSample(rows, max).map(([argila, mo, produtividade, cultura]) => ({ argila, mo, produtividade, cultura }));
}

/** Highest share of wins first, then the most compared. */
function byWinRate(a: WinCount, b: WinCount): number {
  return b.superacoes / b.comparacoes - a.superacoes / a.comparacoes || b.comparacoes - a.comparacoes;
}

async function byModality(db: Db, filters: Filters) {
  const rows = await queryRows<{ modalidade: string; media: Aggregate; n: string | number; ganho: Aggregate }>(
    db,
    sql`select modalidade, ${mean('prod_sum', 'n')} as media, sum(n) as n, ${mean('ganho_sum', 'comparacoes')} as ganho
        from (${rollupRows('modalidades', filters)}) r group by modalidade having sum(n) > 0`,
  );
  return rows
    .filter((r) => r.media !== null)
    .map((r) => ({ modalidade: r.modalidade, media: Number(r.media), n: Number(r.n), ganho: num(r.ganho) }))
    .sort((a, b) => b.media - a.media);
}

/**
 * Product filter options and the win rate per product, from one read of the products' rollup
 * under the other filters (never the product filter itself, which no kept rollup answers).
 * Options: sorted unique trimmed non-empty names. Win rates: per trimmed name, the
 * WIN_RATE_PRODUCTS_MAX products compared most often, highest share of wins first; under a
 * product filter only the products it matches, whose treatments all belong to matching
 * experiments, so their counts are those the filter selects.
 */
async function productSeries(db: Db, filters: Filters): Promise<{ produtos: string[]; vitorias: DashboardCharts['vitoriasPorProduto'] }> {
  const rows = await queryRows<{ nome: string; comparacoes: string | number; superacoes: string | number }>(
    db,
    sql`select nome, sum(comparacoes) as comparacoes, sum(superacoes) as superacoes
        from (${rollupRows('produtos', { ...filters, produto: undefined })}) r group by nome`,
  );
  const wanted = filters.produto?.toLocaleLowerCase('pt-BR');
  const byName = new Map<string, WinCount>();
  for (const r of rows) {
    const produto = r.nome.trim();
    const c = Number(r.comparacoes);
    if (!produto || !c || (wanted && !r.nome.toLocaleLowerCase('pt-BR').includes(wanted))) continue;
    const w = byName.get(produto) ?? { comparacoes: 0, superacoes: 0 };
    byName.set(produto, { comparacoes: w.comparacoes + c, superacoes: w.superacoes + Number(r.superacoes) });
  }
  const vitorias = [...byName]
    .map(([produto, w]) => ({ produto, ...w }))
    .sort((a, b) => b.comparacoes - a.comparacoes || collator.compare(a.produto, b.produto))
    .slice(0, WIN_RATE_PRODUCTS_MAX)
    .sort((a, b) => byWinRate(a, b) || collator.compare(a.produto, b.produto));
  return { produtos: [...new Set(rows.map((r) => r.nome.trim()).filter(Boolean))].sort(collator.compare), vitorias };
}

export async function dashboardData(db: Db, filters: Filters): Promise<DashboardData> {
  const { counts, charts: grouped } = await cardsAndSeries(db, filters);
  const soloVsProdutividade = await soilScatter(db, filters, counts.total);
  const porModalidade = await byModality(db, filters);
  const { produtos, vitorias: vitoriasPorProduto } = await productSeries(db, filters);
  const naoConcluidos = await countWhere(
    db,
    and(filterConditions({ ...filters, situacao: undefined }), inArray(experiments.situacao, NAO_CONCLUIDOS)),
  );
  return {
    cards: {
      totalExperimentos: counts.total,
      // Yields of different crops are never averaged together: per crop in the charts instead.
      produtividadeMedia: counts.culturas > 1 ? null : counts.produtividadeMedia,
      roiMedio: counts.roiMedio,
      custoMedio: counts.custoMedio,
      consultoriasAtivas: counts.consultorias,
      experimentosAtivos: counts.ativos,
      vitorias: counts.vitorias,
      analisados: counts.analisados,
      culturas: counts.culturas,
      ganhoMedio: counts.ganhoMedio,
      ensaiosComparados: counts.ensaiosComparados,
      comparacoes: counts.comparacoes,
      superacoes: counts.superacoes,
    },
    charts: { ...grouped, soloVsProdutividade, porModalidade, vitoriasPorProduto },
    produtos,
    naoConcluidos,
  };
}

/**
 * The map (`DashboardMap`) as JSON text, its columns (`MapPoints`) written by the engine in one
 * statement, newest registered first: places and brands numbered from the rollups under the same
 * filters, ids as differences. The popups' details are read on click; the tiles' counts come
 * from the rollups.
 */
export async function mapJson(
  db: Db,
  filters: Filters,
  view: MapView = { zoom: 4, area: undefined },
  pointsMax = MAP_POINTS_MAX,
): Promise<string> {
  const total = await countExperiments(db, filters);
  if (total > pointsMax)
    return JSON.stringify({
      ...(await mapTiles(db, filters)),
      pontos: NO_MAP_POINTS,
      grupos: await mapGroups(db, filters, view),
      total,
    } satisfies DashboardMap);
  const w = filterConditions(filters);
  const col = (value: string) => sql.raw(`coalesce(string_agg(${value}, ',' order by id desc), '')`);
  // Each rollup is read once (under the product or assessment filter, computing it scans the experiments).
  const [row] = await queryRows<Record<'ids' | 'lats' | 'lngs' | 'locais' | 'marcas' | 'localIdx' | 'marcaIdx' | 'tiles', string>>(
    db,
    sql`with lr as materialized (${rollupRows('locais', filters)}),
        er as materialized (${rollupRows('experimentos', filters)}),
        l as (
          select cidade, estado, (row_number() over (order by cidade, estado) - 1)::int as i
          from (select distinct cidade, estado from lr) x),
        m as (
          select marca, (row_number() over (order by marca) - 1)::int as i
          from (select distinct marca from er) x),
        p as (
          select ${experiments.id} as id, coalesce(lag(${experiments.id}) over (order by ${experiments.id} desc) - ${experiments.id}, ${experiments.id}) as d,
            ${experiments.latitude} as latitude, ${experiments.longitude} as longitude, l.i as li, m.i as mi
          from ${experiments}
          join l on l.cidade = ${experiments.cidade} and l.estado = ${experiments.estado}
          join m on m.marca = ${experiments.marca}
          ${w ? sql`where ${w}` : sql``})
        select ${col('d::text')} as ids, ${col(`coalesce(latitude::text, 'null')`)} as lats, ${col(`coalesce(longitude::text, 'null')`)} as lngs,
          ${col('li::text')} as "localIdx", ${col('mi::text')} as "marcaIdx",
          coalesce((select json_agg(json_build_array(cidade, estado) order by i) from l), '[]')::text as locais,
          coalesce((select json_agg(marca order by i) from m), '[]')::text as marcas,
          json_build_object(
            'localizacoes', (select count(*) from l),
            'estadosCobertos', (select count(distinct estado) from l),
            'culturas', (select count(distinct cultura) from er),
            -- Yields of different crops are never averaged together.
            'produtividadeMedia', (select case when count(distinct cultura) <= 1 then ${mean('prod_sum', 'prod_n')} end from er)
          )::text as tiles
        from p`,
  );
  const r = row!;
  const pontos = `{"id":[${r.ids}],"lat":[${r.lats}],"lng":[${r.lngs}],"local":[${r.localIdx}],"marca":[${r.marcaIdx}],"locais":${r.locais},"marcas":${r.marcas}}`;
  return `{"pontos":${pontos},"total":${total},${r.tiles.slice(1)}`;
}

export interface MapView {
  zoom: number;
  area: [number, number, number, number] | undefined;
}

/** The map's tiles (places, states, crops, mean yield) from the rollups under the filters. */
async function mapTiles(db: Db, filters: Filters): Promise<Omit<DashboardMap, 'pontos' | 'grupos' | 'total'>> {
  const [row] = await queryRows<{ localizacoes: number; estados: number; culturas: number; media: Aggregate }>(
    db,
    sql`with lr as materialized (${rollupRows('locais', filters)}), er as materialized (${rollupRows('experimentos', filters)})
        select (select count(*) from (select distinct cidade, estado from lr) x)::int as localizacoes,
          (select count(distinct estado) from lr)::int as estados, (select count(distinct cultura) from er)::int as culturas,
          (select case when count(distinct cultura) <= 1 then ${mean('prod_sum', 'prod_n')} end from er) as media`,
  );
  return {
    localizacoes: Number(row?.localizacoes ?? 0),
    estadosCobertos: Number(row?.estados ?? 0),
    culturas: Number(row?.culturas ?? 0),
    produtividadeMedia: num(row?.media),
  };
}

/**
 * For a statement that aggregates every matching experiment: memory to hash its groups rather than
 * sort them on disk, and no JIT (its compilation cost more than it saved, 87 ms of 1.8 s at 10⁶).
 */
async function wideAggregate(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
}

/**
 * The experiments as groups for one zoom level: those in one square of MAP_GROUP_CELL_PX pixels
 * at that level are one group, drawn at their mean position. The engine groups the ones with
 * coordinates (one pass over the matching rows, whatever their number); those without are grouped
 * by place, placed at its centre as the web places them (map-placement.ts), and joined to the
 * squares here. From MAP_AREA_FROM_ZOOM on, only the area asked.
 */
async function mapGroups(db: Db, filters: Filters, { zoom, area }: MapView): Promise<MapGroups> {
  const scale = 256 * 2 ** zoom;
  const inArea = zoom >= MAP_AREA_FROM_ZOOM && area ? area : null;
  const w = filterConditions(filters);
  const located = sql`${experiments.latitude} is not null and ${experiments.longitude} is not null
    and abs(${experiments.latitude}) <= 90 and abs(${experiments.longitude}) <= 180
    and not (${experiments.latitude} = 0 and ${experiments.longitude} = 0)`;
  const within = inArea
    ? sql` and ${experiments.longitude} between ${inArea[0]} and ${inArea[2]} and ${experiments.latitude} between ${inArea[1]} and ${inArea[3]}`
    : sql``;
  const cellX = sql.raw(`floor(((longitude + 180) / 360) * ${scale} / ${MAP_GROUP_CELL_PX})::bigint`);
  const clampedLat = `greatest(-${MERCATOR_MAX_LAT}, least(${MERCATOR_MAX_LAT}, latitude))`;
  const cellY = sql.raw(
    // shared/geo.ts's project(), in SQL.
    `floor((0.5 - ln((1 + sin(radians(${clampedLat}))) / (1 - sin(radians(${clampedLat})))) / (4 * pi())) * ${scale} / ${MAP_GROUP_CELL_PX})::bigint`,
  );
  type Row = {
    cx: string | null;
    cy: string | null;
    n: number;
    lat: number;
    lng: number;
    id: number;
    m1: string;
    m2: string;
    c1: string;
    c2: string;
    e1: string;
    e2: string;
  };
  const singles = zoom >= MAP_SINGLES_FROM_ZOOM;
  const where = (extra: SQL) => (w ? sql`${w} and ${extra}` : extra);
  const rows = await db.transaction(async (tx) => {
    await wideAggregate(tx);
    if (singles) {
      return Promise.all([
        queryRows<Row>(
          tx,
          sql`select id as cx, 0 as cy, 1 as n, latitude::float8 as lat, longitude::float8 as lng, id, marca as m1, marca as m2,
                cidade as c1, cidade as c2, estado as e1, estado as e2
              from ${experiments} where ${where(sql`${located}${within}`)}
              order by id desc limit ${sql.raw(String(MAP_SINGLES_MAX))}`,
        ),
        queryRows<Row>(
          tx,
          sql`select null as cx, null as cy, count(*)::int as n, 0::float8 as lat, 0::float8 as lng, min(id) as id, min(marca) as m1,
                max(marca) as m2, cidade as c1, cidade as c2, estado as e1, estado as e2
              from ${experiments} where ${where(sql`not (${located})`)} group by cidade, estado`,
        ),
      ]).then(([a, b]) => [...a, ...b]);
    }
    // One pass: squares of the located, places of the others (their cx and cy null).
    return queryRows<Row>(
      tx,
      sql`select cx, cy, count(*)::int as n, avg(latitude)::float8 as lat, avg(longitude)::float8 as lng, min(id) as id,
            min(marca) as m1, max(marca) as m2, min(cidade) as c1, max(cidade) as c2, min(estado) as e1, max(estado) as e2
          from (select id, marca, cidade, estado, latitude, longitude, ok,
                  case when ok then ${cellX} end as cx, case when ok then ${cellY} end as cy,
                  case when ok then null else cidade end as pc, case when ok then null else estado end as pe
                from (select id, marca, cidade, estado, latitude, longitude, (${located}) as ok from ${experiments} where ${where(sql`(not (${located}) or (true${within}))`)}) e) x
          group by cx, cy, pc, pe`,
    );
  });
  const cells = rows.filter((r) => r.cx !== null);
  const places = rows.filter((r) => r.cx === null);
  interface Group {
    n: number;
    lat: number;
    lng: number;
    id: number;
    marca: string | null;
    local: string | null;
    aproximado: boolean;
  }
  const groups = new Map<string, Group>();
  const add = (key: string, g: Group) => {
    const had = groups.get(key);
    if (!had) return void groups.set(key, g);
    const n = had.n + g.n;
    groups.set(key, {
      n,
      lat: (had.lat * had.n + g.lat * g.n) / n,
      lng: (had.lng * had.n + g.lng * g.n) / n,
      id: 0,
      marca: had.marca === g.marca ? had.marca : null,
      local: had.local === g.local ? had.local : null,
      aproximado: false,
    });
  };
  const placeKey = (r: Row) => (r.c1 === r.c2 && r.e1 === r.e2 ? JSON.stringify([r.c1, r.e1]) : null);
  const groupOf = (r: Row, lat: number, lng: number, aproximado: boolean): Group => ({
    n: r.n,
    lat,
    lng,
    id: r.n === 1 ? Number(r.id) : 0,
    marca: r.m1 === r.m2 ? r.m1 : null,
    local: placeKey(r),
    aproximado,
  });
  for (const r of cells) add(`${r.cx}:${r.cy}`, groupOf(r, r.lat, r.lng, false));
  for (const r of places) {
    const at = cityCenter(r.c1, r.e1) ?? BRAZIL_CENTER;
    if (inArea && !(at.lng >= inArea[0] && at.lng <= inArea[2] && at.lat >= inArea[1] && at.lat <= inArea[3])) continue;
    const [x, y] = project(at.lat, at.lng, zoom);
    add(`${Math.floor(x / MAP_GROUP_CELL_PX)}:${Math.floor(y / MAP_GROUP_CELL_PX)}`, groupOf(r, at.lat, at.lng, r.n === 1));
  }
  const list = [...groups.values()];
  const marcas = [...new Set(list.map((g) => g.marca).filter((m): m is string => m !== null))].sort();
  const locais = [...new Set(list.map((g) => g.local).filter((l): l is string => l !== null))].sort();
  const marcaIdx = new Map(marcas.map((m, i) => [m, i]));
  const localIdx = new Map(locais.map((l, i) => [l, i]));
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    zoom,
    area: inArea,
    lat: list.map((g) => round(g.lat)),
    lng: list.map((g) => round(g.lng)),
    n: list.map((g) => g.n),
    id: list.map((g) => g.id),
    marca: list.map((g) => (g.marca === null ? -1 : marcaIdx.get(g.marca)!)),
    local: list.map((g) => (g.local === null ? -1 : localIdx.get(g.local)!)),
    aproximado: list.map((g) => (g.aproximado ? 1 : 0)),
    locais: locais.map((l) => JSON.parse(l) as [string, string]),
    marcas,
  };
}

/**
 * The experiment columns of `CorrelationDataset`: what names a point (id, consultoria, cidade), the
 * mean yield and the catalogue's variables (column = field name).
 */
const CORRELATION_COLUMNS = ['id', 'consultoria', 'cidade', 'produtividade_media', ...CORRELATION_FIELDS];

/**
 * The correlation explorer's columns (`CorrelationDataset`) as JSON text built by the engine.
 *
 * `avaliacoes` is the assessments as treatment-level variables, one per (lower(trim(nome)),
 * unidade) so "Severidade (%)" of many trials is one variable. In each experiment the assessment of
 * that name and unit with the latest date stands for it (undated ones last; on equal dates the one
 * declared last), because a trial rated several times is compared at its final rating. A
 * treatment's value is the mean of its non-null plot values of that assessment; a treatment with
 * none is left out (sparse long form, sorted by treatment then variable). A variable's name is its
 * most frequent spelling among the assessments that stand for it (ties: the first in sort order,
 * which is what `mode()` picks), so one trial typed "severidade" does not rename the others'.
 */
export async function correlationJson(db: Db, filters: Filters, max = CORRELATION_MAX): Promise<string> {
  // At most about `max` experiments reach `e`: their treatments, assessments and plot values are
  // read through their indexes (LATERAL, kept apart by OFFSET 0, which the planner does not flatten),
  // never by hashing whole tables (with wideAggregate's memory it chose to: 0.9 s of 1.7 s at 10⁵).
  const sample = await correlationSample(db, filters, max);
  const w = and(filterConditions(filters), sample?.where);
  // Every column aggregated in one pass with the same ORDER BY: the engine sorts once per table
  // (a scalar subquery per column sorted the rows 15 times).
  const cols = (names: string[], order: string) =>
    sql.raw(names.map((name) => `'${name}', coalesce(json_agg(${name} order by ${order}), '[]'::json)`).join(', '));
  const [row] = await db.transaction(async (tx) => {
    await wideAggregate(tx);
    return queryRows<{ j: string }>(
      tx,
      sql`with e as materialized (
          select (row_number() over (order by ${experiments.id}) - 1)::int as idx,
            ${sql.raw(CORRELATION_COLUMNS.join(', '))}
          from ${experiments} ${w ? sql`where ${w}` : sql``}),
        ex as (
          select json_build_object(${cols(CORRELATION_COLUMNS, 'id')}) as j from e),
        tr as (
          select json_build_object('experimento', coalesce(json_agg(e.idx order by t.experiment_id, t.position), '[]'::json),
            ${cols(['produtividade', 'custo', 'modalidade'], 't.experiment_id, t.position')}) as j
          from e join lateral (select * from ${treatments} t where t.experiment_id = e.id offset 0) t on true),
        -- Each treatment's index in the tratamentos arrays: the same order as tr.
        ti as materialized (
          select t.id, (row_number() over (order by t.experiment_id, t.position) - 1)::int as idx
          from e join lateral (select t.id, t.experiment_id, t.position from ${treatments} t where t.experiment_id = e.id offset 0) t on true),
        av as materialized (
          select distinct on (a.experiment_id, lower(trim(a.nome)), a.unidade)
            a.id, lower(trim(a.nome)) as k, a.unidade, trim(a.nome) as nome
          from e join lateral (select * from ${assessments} a where a.experiment_id = e.id offset 0) a on true
          order by a.experiment_id, lower(trim(a.nome)), a.unidade, a.data desc nulls last, a.position desc),
        m as materialized (
          select ti.idx as t, av.k, av.unidade, avg(pv.valor) as valor
          from av
            join lateral (select pv.treatment_id, pv.valor from ${plotValues} pv where pv.assessment_id = av.id and pv.valor is not null offset 0) pv on true
            join ti on ti.id = pv.treatment_id
          group by ti.idx, av.k, av.unidade),
        -- Only variables some treatment has a value of.
        v as materialized (
          select k, unidade, mode() within group (order by nome) as nome,
            (row_number() over (order by k, unidade) - 1)::int as idx
          from av where exists (select 1 from m where m.k = av.k and m.unidade = av.unidade)
          group by k, unidade),
        al as (
          select json_build_object(
            'variaveis', (select coalesce(json_agg(json_build_object('nome', nome, 'unidade', unidade) order by idx), '[]'::json) from v),
            'tratamento', coalesce(json_agg(m.t order by m.t, v.idx), '[]'::json),
            'variavel', coalesce(json_agg(v.idx order by m.t, v.idx), '[]'::json),
            'valor', coalesce(json_agg(m.valor order by m.t, v.idx), '[]'::json)) as j
          from m join v on v.k = m.k and v.unidade = m.unidade)
        select json_build_object('experimentos', (select j from ex), 'tratamentos', (select j from tr),
          'avaliacoes', (select j from al), 'amostra',
          ${sample ? sql`json_build_object('experimentos', (select count(*) from e), 'total', ${sample.total}::int)` : sql`null`})::text as j`,
    );
  });
  return row!.j;
}

/**
 * Pearson's r and the least-squares line of a numeric pair over every matching experiment (of
 * `crop` when given: the explorer's crop picker, compared trimmed as the web does), as the web
 * computes them from the whole dataset (features/dashboard/correlation.ts: buildPoints, pearson,
 * leastSquares): one point per experiment when both variables are the experiment's, else one per
 * treatment with the experiment's value repeated; an assessment is, per treatment, the mean of its
 * rated plots in its experiment's latest assessment of that name and unit. The engine's
 * corr/regr_* aggregate in one pass, whatever the number of rows.
 */
export async function correlationExact(
  db: Db,
  filters: Filters,
  x: NumericVariableRef,
  y: NumericVariableRef,
  crop: string | undefined,
): Promise<CorrelationExact> {
  const w = and(filterConditions(filters), crop === undefined ? undefined : sql`trim(${experiments.cultura}) = ${crop}`);
  const perTreatment = x.nivel !== 'experimento' || y.nivel !== 'experimento';
  const columns = [...new Set(['id', ...[x, y].flatMap((v) => (v.nivel === 'experimento' ? [v.coluna] : []))])];
  const ctes: SQL[] = [
    sql`e as materialized (select ${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )} from ${experiments} ${w ? sql`where ${w}` : sql``})`,
  ];
  const joins: SQL[] = [];
  const value = (v: NumericVariableRef, i: number): SQL => {
    if (v.nivel === 'experimento') return sql`e.${sql.identifier(v.coluna)}::float8`;
    if (v.nivel === 'tratamento') return sql`t.${sql.identifier(v.coluna)}::float8`;
    const [av, m] = [sql.identifier(`av${i}`), sql.identifier(`m${i}`)];
    ctes.push(
      sql`${av} as (select distinct on (a.experiment_id) a.id from e join ${assessments} a on a.experiment_id = e.id
            where lower(trim(a.nome)) = ${v.nome} and a.unidade = ${v.unidade}
            order by a.experiment_id, a.data desc nulls last, a.position desc)`,
      sql`${m} as (select pv.treatment_id, avg(pv.valor)::float8 as valor from ${av} join ${plotValues} pv on pv.assessment_id = ${av}.id
            where pv.valor is not null group by pv.treatment_id)`,
    );
    joins.push(sql`left join ${m} on ${m}.treatment_id = t.id`);
    return sql`${m}.valor`;
  };
  const [vx, vy] = [value(x, 0), value(y, 1)];
  const from = perTreatment ? sql`e join ${treatments} t on t.experiment_id = e.id ${sql.join(joins, sql` `)}` : sql`e`;
  const [row] = await db.transaction(async (tx) => {
    await wideAggregate(tx);
    return queryRows<{ n: number; r: number | null; slope: number | null; intercept: number | null }>(
      tx,
      sql`with ${sql.join(ctes, sql`, `)}
        select regr_count(${vy}, ${vx})::int as n, corr(${vy}, ${vx}) as r,
          regr_slope(${vy}, ${vx}) as slope, regr_intercept(${vy}, ${vx}) as intercept
        from ${from}`,
    );
  });
  const n = Number(row?.n ?? 0);
  // As pearson(): rounding can push a perfect correlation a hair past ±1.
  const r = row?.r === null || row?.r === undefined || n < 2 ? null : Math.max(-1, Math.min(1, Number(row.r)));
  return {
    n,
    r,
    p: r === null ? null : pearsonP(r, n),
    inclinacao: r === null || row?.slope === null ? null : Number(row!.slope),
    intercepto: r === null || row?.intercept === null ? null : Number(row!.intercept),
  };
}

/**
 * Above `max` matching experiments, which to send: every k-th id (k = total ÷ max), so each crop
 * has its share, and of a crop whose share would be under CORRELATION_MIN_PER_CROP, every k-th of
 * its own so that it has that many (or all). The crops' counts come from the rollups; ids grow with
 * registration, so the sample spreads over time. When the filters keep most of the archive, the
 * k-th ids are looked up in the primary key (5,000 lookups rather than a pass over 10⁶ rows: 0.4 s
 * instead of 0.9 s at 10⁶). Null when all are sent.
 */
async function correlationSample(db: Db, filters: Filters, max: number): Promise<{ where: SQL; total: number } | null> {
  const total = await countExperiments(db, filters);
  if (total <= max) return null;
  const step = Math.max(1, Math.floor(total / max));
  const [crops, [{ maxId } = { maxId: 0 }]] = await Promise.all([
    queryRows<{ cultura: string; n: string | number }>(
      db,
      sql`select cultura, sum(n) as n from (${rollupRows('experimentos', filters)}) r group by cultura having sum(n) > 0`,
    ),
    queryRows<{ maxId: number | null }>(db, sql`select max(${experiments.id}) as "maxId" from ${experiments}`),
  ]);
  const small = crops
    .map(({ cultura, n }) => ({ cultura, count: Number(n) }))
    .filter(({ count }) => count / step < CORRELATION_MIN_PER_CROP)
    .map(({ cultura, count }) => {
      const every = Math.max(1, Math.floor(count / Math.min(count, CORRELATION_MIN_PER_CROP)));
      return every === 1
        ? sql`${experiments.cultura} = ${cultura}`
        : sql`(${experiments.cultura} = ${cultura} and ${experiments.id} % ${every} = 0)`;
    });
  const smallOnes = small.length ? sql`(${sql.join(small, sql` or `)})` : undefined;
  const lookups = Math.ceil(Number(maxId ?? 0) / step) < total;
  if (!lookups)
    return { where: smallOnes ? sql`(${experiments.id} % ${step} = 0 or ${smallOnes})` : sql`${experiments.id} % ${step} = 0`, total };
  const w = filterConditions(filters);
  const strided = sql`select g.id from generate_series(${sql.raw(String(step))}, ${sql.raw(String(Number(maxId)))}, ${sql.raw(String(step))}) g(id)`;
  const ids = smallOnes
    ? sql`${strided} union all select ${experiments.id} from ${experiments} where ${w ? sql`${w} and ` : sql``}${smallOnes}`
    : strided;
  return { where: sql`${experiments.id} in (${ids})`, total };
}

/** Experiments that have a PDF, searched in consultoria, cidade, cultura and marca. */
export async function documentCards(
  db: Db,
  filters: Filters,
  busca: string | undefined,
  limit: number,
  offset: number,
): Promise<DocumentCardsPage> {
  const search = busca
    ? or(
        sql`${experiments.consultoria} ilike ${likeContains(busca)} escape '\\'`,
        sql`${experiments.cidade} ilike ${likeContains(busca)} escape '\\'`,
        sql`${experiments.cultura} ilike ${likeContains(busca)} escape '\\'`,
        sql`${experiments.marca} ilike ${likeContains(busca)} escape '\\'`,
      )
    : undefined;
  const w = where(filters, isNotNull(experiments.pdfFilename), search);
  const rows = await db
    .select({
      id: experiments.id,
      pdf_filename: sql<string>`${experiments.pdfFilename}`,
      consultoria: experiments.consultoria,
      marca: experiments.marca,
      bu: experiments.bu,
      regional: experiments.regional,
      cidade: experiments.cidade,
      estado: experiments.estado,
      cultura: experiments.cultura,
      ano: experiments.ano,
      produtividade_media: experiments.produtividadeMedia,
      roi: experiments.roi,
      // Qualified by hand: drizzle prints a lone table's columns unqualified, which inside this
      // subquery would compare treatments with themselves.
      tratamentos: sql<number>`(select count(*) from "treatments" t where t."experiment_id" = "experiments"."id")`.mapWith(Number),
      owner_id: experiments.ownerId,
    })
    .from(experiments)
    .where(w)
    .orderBy(desc(experiments.createdAt), desc(experiments.id))
    .limit(limit)
    .offset(offset);
  return { documentos: rows, total: await countWhere(db, w) };
}

/** Rows of the experiments table, without nested data. */
export async function experimentRows(db: Db, filters: Filters, limit: number, offset: number): Promise<ExperimentRowsPage> {
  const rows = await db
    .select({
      id: experiments.id,
      consultoria: experiments.consultoria,
      regional: experiments.regional,
      cultura: experiments.cultura,
      marca: experiments.marca,
      produtividade_media: experiments.produtividadeMedia,
      roi: experiments.roi,
      ano: experiments.ano,
      pdf_filename: experiments.pdfFilename,
      owner_id: experiments.ownerId,
      situacao: experiments.situacao,
    })
    .from(experiments)
    .where(where(filters))
    .orderBy(desc(experiments.createdAt), desc(experiments.id))
    .limit(limit)
    .offset(offset);
  return { experimentos: rows, total: await countExperiments(db, filters) };
}
