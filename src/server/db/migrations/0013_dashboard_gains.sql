-- Comparisons that hold across crops (issue 19): the relative gain of each treatment over its
-- experiment's control (the first treatment), in %, and whether it out-yielded it. Yields of
-- different crops cannot be averaged together (sugarcane ~90 t/ha, soybean ~3.6 t/ha); a gain in %
-- can. The rollups (0009) gain these sums; `treatment_gains` defines them once, for the triggers
-- here and for the rows the dashboard computes under the product filter (experiments/aggregates.ts).
ALTER TABLE "dashboard_rollup" ADD COLUMN "ganho_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup" ADD COLUMN "ganho_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup" ADD COLUMN "comparacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup" ADD COLUMN "superacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_modalidades" ADD COLUMN "comparacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_modalidades" ADD COLUMN "ganho_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_modalidades" ADD COLUMN "superacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_produtos" ADD COLUMN "comparacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_produtos" ADD COLUMN "ganho_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_produtos" ADD COLUMN "superacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each treatment of an experiment's tratamentos_json in order (i from 1), with its gain over the
-- control in % and whether it out-yielded it: both null for the control itself and when the
-- control's yield is not positive.
CREATE FUNCTION "treatment_gains"("tratamentos" text) RETURNS TABLE ("i" bigint, "tr" json, "ganho" float8, "supera" boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT e.i, e.value,
    CASE WHEN e.i > 1 AND c.v > 0 THEN ((e.value->>'produtividade')::float8 / c.v - 1) * 100 END,
    CASE WHEN e.i > 1 AND c.v > 0 THEN (e.value->>'produtividade')::float8 > c.v END
  FROM (SELECT ("tratamentos"::json->0->>'produtividade')::float8 AS v) c
    CROSS JOIN LATERAL json_array_elements("tratamentos"::json) WITH ORDINALITY e(value, i)
$fn$;--> statement-breakpoint
-- An experiment's mean gain over its control (null when nothing is compared), how many
-- treatments were compared and how many out-yielded the control.
CREATE FUNCTION "experiment_gains"("tratamentos" text) RETURNS TABLE ("ganho" float8, "comparacoes" integer, "superacoes" integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT avg(g.ganho), count(g.ganho)::int, (count(*) FILTER (WHERE g.supera))::int FROM treatment_gains("tratamentos") g
$fn$;--> statement-breakpoint
-- 0009's statement with the new sums; columns are now named, not positional.
CREATE OR REPLACE FUNCTION "dashboard_rollups_sql"("delta" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH d AS MATERIALIZED (%s),
    e AS MATERIALIZED (
      SELECT d.s, d.regional, d.cultura, d.marca, d.ano, d.bu, d.produtividade_media, d.roi, d.custo_protocolo,
        d.analise_vitoria, g.ganho, g.comparacoes, g.superacoes
      FROM d CROSS JOIN LATERAL experiment_gains(d.tratamentos_json) g),
    t AS MATERIALIZED (
      SELECT d.s, d.regional, d.cultura, d.marca, d.ano, tg.tr, tg.ganho, tg.supera
      FROM d CROSS JOIN LATERAL treatment_gains(d.tratamentos_json) tg),
    r1 AS (
      INSERT INTO dashboard_rollup AS r (regional, cultura, marca, ano, bu, n, prod_n, prod_sum, roi_n, roi_sum, custo_sum,
        vitorias, analisados, ganho_n, ganho_sum, comparacoes, superacoes)
      SELECT regional, cultura, marca, ano, bu, sum(s),
        coalesce(sum(s) FILTER (WHERE produtividade_media IS NOT NULL), 0),
        coalesce(sum(s * produtividade_media::numeric), 0),
        coalesce(sum(s) FILTER (WHERE roi IS NOT NULL), 0),
        coalesce(sum(s * roi::numeric), 0),
        sum(s * custo_protocolo::numeric),
        coalesce(sum(s) FILTER (WHERE analise_vitoria), 0),
        coalesce(sum(s) FILTER (WHERE analise_vitoria IS NOT NULL), 0),
        coalesce(sum(s) FILTER (WHERE ganho IS NOT NULL), 0),
        coalesce(sum(s * ganho::numeric), 0),
        sum(s * comparacoes),
        sum(s * superacoes)
      FROM e GROUP BY regional, cultura, marca, ano, bu ORDER BY regional, cultura, marca, ano, bu
      ON CONFLICT (regional, cultura, marca, ano, bu) DO UPDATE SET
        n = r.n + excluded.n, prod_n = r.prod_n + excluded.prod_n, prod_sum = r.prod_sum + excluded.prod_sum,
        roi_n = r.roi_n + excluded.roi_n, roi_sum = r.roi_sum + excluded.roi_sum, custo_sum = r.custo_sum + excluded.custo_sum,
        vitorias = r.vitorias + excluded.vitorias, analisados = r.analisados + excluded.analisados,
        ganho_n = r.ganho_n + excluded.ganho_n, ganho_sum = r.ganho_sum + excluded.ganho_sum,
        comparacoes = r.comparacoes + excluded.comparacoes, superacoes = r.superacoes + excluded.superacoes
      RETURNING 1),
    r2 AS (
      INSERT INTO dashboard_rollup_consultorias AS r (regional, cultura, marca, ano, consultoria, n)
      SELECT regional, cultura, marca, ano, consultoria, sum(s) FROM d GROUP BY regional, cultura, marca, ano, consultoria
      ORDER BY regional, cultura, marca, ano, consultoria
      ON CONFLICT (regional, cultura, marca, ano, consultoria) DO UPDATE SET n = r.n + excluded.n
      RETURNING 1),
    r3 AS (
      INSERT INTO dashboard_rollup_locais AS r (regional, cultura, marca, ano, cidade, estado, n)
      SELECT regional, cultura, marca, ano, cidade, estado, sum(s) FROM d GROUP BY regional, cultura, marca, ano, cidade, estado
      ORDER BY regional, cultura, marca, ano, cidade, estado
      ON CONFLICT (regional, cultura, marca, ano, cidade, estado) DO UPDATE SET n = r.n + excluded.n
      RETURNING 1),
    r4 AS (
      INSERT INTO dashboard_rollup_modalidades AS r (regional, cultura, marca, ano, modalidade, n, prod_sum, comparacoes, ganho_sum, superacoes)
      SELECT regional, cultura, marca, ano, tr->>'modalidade', sum(s), sum(s * (tr->>'produtividade')::float8::numeric),
        coalesce(sum(s) FILTER (WHERE ganho IS NOT NULL), 0), coalesce(sum(s * ganho::numeric), 0),
        coalesce(sum(s) FILTER (WHERE supera), 0)
      FROM t GROUP BY regional, cultura, marca, ano, tr->>'modalidade' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, modalidade) DO UPDATE SET n = r.n + excluded.n, prod_sum = r.prod_sum + excluded.prod_sum,
        comparacoes = r.comparacoes + excluded.comparacoes, ganho_sum = r.ganho_sum + excluded.ganho_sum,
        superacoes = r.superacoes + excluded.superacoes
      RETURNING 1),
    r5 AS (
      INSERT INTO dashboard_rollup_produtos AS r (regional, cultura, marca, ano, nome, n, comparacoes, ganho_sum, superacoes)
      SELECT t.regional, t.cultura, t.marca, t.ano, p.value->>'nome', sum(t.s),
        coalesce(sum(t.s) FILTER (WHERE t.ganho IS NOT NULL), 0), coalesce(sum(t.s * t.ganho::numeric), 0),
        coalesce(sum(t.s) FILTER (WHERE t.supera), 0)
      FROM t CROSS JOIN LATERAL json_array_elements(t.tr->'produtos_aplicados') p
      GROUP BY t.regional, t.cultura, t.marca, t.ano, p.value->>'nome' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, nome) DO UPDATE SET n = r.n + excluded.n,
        comparacoes = r.comparacoes + excluded.comparacoes, ganho_sum = r.ganho_sum + excluded.ganho_sum,
        superacoes = r.superacoes + excluded.superacoes
      RETURNING 1)
    SELECT (SELECT count(*) FROM r1) + (SELECT count(*) FROM r2) + (SELECT count(*) FROM r3)
      + (SELECT count(*) FROM r4) + (SELECT count(*) FROM r5)
  $q$, delta)
$fn$;--> statement-breakpoint
-- Rebuilt from the experiments with the new sums.
DELETE FROM "dashboard_rollup";--> statement-breakpoint
DELETE FROM "dashboard_rollup_consultorias";--> statement-breakpoint
DELETE FROM "dashboard_rollup_locais";--> statement-breakpoint
DELETE FROM "dashboard_rollup_modalidades";--> statement-breakpoint
DELETE FROM "dashboard_rollup_produtos";--> statement-breakpoint
DO $$ BEGIN EXECUTE dashboard_rollups_sql('SELECT 1 AS s, * FROM experiments'); END $$;--> statement-breakpoint
ANALYZE "dashboard_rollup", "dashboard_rollup_consultorias", "dashboard_rollup_locais", "dashboard_rollup_modalidades", "dashboard_rollup_produtos";
