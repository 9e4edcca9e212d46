-- Comparisons that hold across crops: each treatment against its experiment's control
-- (the first treatment), as a gain in % and whether it out-yielded it. Yields of different crops
-- cannot be averaged together (sugarcane ~90 t/ha, soybean ~3.6 t/ha); gains can.
-- Each experiment keeps its mean gain and counts (experiments/repository.ts computes them on every
-- save, as it does analise_vitoria); the rollups (0009) sum them, and sum the treatments' gains
-- per modality and product from the treatments' JSON. experiments/aggregates.ts computes the same
-- rows from the tables under the product filter (aggregates.test.ts holds both equal).
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
ALTER TABLE "experiments" ADD COLUMN "ganho_medio" double precision;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "comparacoes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "superacoes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The experiments already stored. The rollup triggers of 0009 do not watch these columns: this
-- update leaves the rollups as they are (they are rebuilt below).
UPDATE "experiments" e SET "ganho_medio" = x.ganho, "comparacoes" = x.comparacoes, "superacoes" = x.superacoes
FROM (
  SELECT t.experiment_id AS id, avg((t.produtividade / c.produtividade - 1) * 100) AS ganho, count(*) AS comparacoes,
    count(*) FILTER (WHERE t.produtividade > c.produtividade) AS superacoes
  FROM "treatments" t JOIN "treatments" c ON c.experiment_id = t.experiment_id AND c.position = 0
  WHERE t.position > 0 AND c.produtividade > 0
  GROUP BY t.experiment_id) x
WHERE x.id = e.id;--> statement-breakpoint
-- 0009's statement with the new sums; columns are now named, not positional.
CREATE OR REPLACE FUNCTION "dashboard_rollups_sql"("delta" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH d AS MATERIALIZED (%s),
    -- Every treatment in order (i from 1), with its gain over its experiment's control (the
    -- first treatment) in %% and whether it out-yielded it: null for the control itself and when
    -- the control's yield is not positive.
    g AS MATERIALIZED (
      SELECT x.*, CASE WHEN x.i > 1 AND x.c > 0 THEN (x.p / x.c - 1) * 100 END AS ganho,
        CASE WHEN x.i > 1 AND x.c > 0 THEN x.p > x.c END AS supera
      FROM (
        SELECT d.s, d.regional, d.cultura, d.marca, d.ano, tr.value AS tr, tr.i, (tr.value->>'produtividade')::float8 AS p,
          first_value((tr.value->>'produtividade')::float8) OVER (PARTITION BY d.s, d.id ORDER BY tr.i) AS c
        FROM d CROSS JOIN LATERAL json_array_elements(d.tratamentos_json::json) WITH ORDINALITY tr(value, i)) x),
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
        coalesce(sum(s) FILTER (WHERE ganho_medio IS NOT NULL), 0),
        coalesce(sum(s * ganho_medio::numeric), 0),
        sum(s * comparacoes),
        sum(s * superacoes)
      FROM d GROUP BY regional, cultura, marca, ano, bu ORDER BY regional, cultura, marca, ano, bu
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
      FROM g GROUP BY regional, cultura, marca, ano, tr->>'modalidade' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, modalidade) DO UPDATE SET n = r.n + excluded.n, prod_sum = r.prod_sum + excluded.prod_sum,
        comparacoes = r.comparacoes + excluded.comparacoes, ganho_sum = r.ganho_sum + excluded.ganho_sum,
        superacoes = r.superacoes + excluded.superacoes
      RETURNING 1),
    r5 AS (
      INSERT INTO dashboard_rollup_produtos AS r (regional, cultura, marca, ano, nome, n, comparacoes, ganho_sum, superacoes)
      SELECT g.regional, g.cultura, g.marca, g.ano, p.value->>'nome', sum(g.s),
        coalesce(sum(g.s) FILTER (WHERE g.ganho IS NOT NULL), 0), coalesce(sum(g.s * g.ganho::numeric), 0),
        coalesce(sum(g.s) FILTER (WHERE g.supera), 0)
      FROM g CROSS JOIN LATERAL json_array_elements(g.tr->'produtos_aplicados') p
      GROUP BY g.regional, g.cultura, g.marca, g.ano, p.value->>'nome' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, nome) DO UPDATE SET n = r.n + excluded.n,
        comparacoes = r.comparacoes + excluded.comparacoes, ganho_sum = r.ganho_sum + excluded.ganho_sum,
        superacoes = r.superacoes + excluded.superacoes
      RETURNING 1)
    SELECT (SELECT count(*) FROM r1) + (SELECT count(*) FROM r2) + (SELECT count(*) FROM r3)
      + (SELECT count(*) FROM r4) + (SELECT count(*) FROM r5)
  $q$, delta)
$fn$;--> statement-breakpoint
-- 0009's trigger, also watching the new columns.
CREATE OR REPLACE FUNCTION "experiments_rollups"() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_rollups_sql('SELECT 1 AS s, * FROM rollup_new');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_rollups_sql('SELECT -1 AS s, * FROM rollup_old');
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE dashboard_rollups_sql($d$
      WITH changed AS (
        SELECT o.id FROM rollup_old o JOIN rollup_new n ON n.id = o.id
        WHERE (o.regional, o.cultura, o.marca, o.ano, o.bu, o.consultoria, o.cidade, o.estado, o.produtividade_media,
               o.roi, o.custo_protocolo, o.analise_vitoria, o.tratamentos_json, o.ganho_medio, o.comparacoes, o.superacoes)
          IS DISTINCT FROM (n.regional, n.cultura, n.marca, n.ano, n.bu, n.consultoria, n.cidade, n.estado,
               n.produtividade_media, n.roi, n.custo_protocolo, n.analise_vitoria, n.tratamentos_json, n.ganho_medio,
               n.comparacoes, n.superacoes))
      SELECT -1 AS s, o.* FROM rollup_old o WHERE o.id IN (SELECT id FROM changed)
      UNION ALL
      SELECT 1 AS s, n.* FROM rollup_new n WHERE n.id IN (SELECT id FROM changed)$d$);
  ELSE
    DELETE FROM dashboard_rollup;
    DELETE FROM dashboard_rollup_consultorias;
    DELETE FROM dashboard_rollup_locais;
    DELETE FROM dashboard_rollup_modalidades;
    DELETE FROM dashboard_rollup_produtos;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Rebuilt from the experiments with the new sums.
DELETE FROM "dashboard_rollup";--> statement-breakpoint
DELETE FROM "dashboard_rollup_consultorias";--> statement-breakpoint
DELETE FROM "dashboard_rollup_locais";--> statement-breakpoint
DELETE FROM "dashboard_rollup_modalidades";--> statement-breakpoint
DELETE FROM "dashboard_rollup_produtos";--> statement-breakpoint
DO $$ BEGIN EXECUTE dashboard_rollups_sql('SELECT 1 AS s, * FROM experiments'); END $$;--> statement-breakpoint
ANALYZE "dashboard_rollup", "dashboard_rollup_consultorias", "dashboard_rollup_locais", "dashboard_rollup_modalidades", "dashboard_rollup_produtos";
