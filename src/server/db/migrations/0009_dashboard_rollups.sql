-- Dashboard rollups: counts and sums of the experiments per (regional, cultura, marca, ano) and
-- one more dimension each, kept by statement-level triggers on `experiments` in the transaction of
-- every write (insert, update, delete, reference renames cascading into experiments). Aggregates
-- under the exact filters read these few thousand rows instead of every experiment
-- (docs/performance.md); the product substring filter still reads the experiments.
-- Sums are numeric so that adding and subtracting never drifts; rows whose count falls to 0 stay
-- (readers skip them) so that concurrent writers never race a delete. Each rollup is written in
-- key order, so two writers take its row locks in the same order and cannot deadlock.
CREATE TABLE "dashboard_rollup" (
  "regional" text NOT NULL,
  "cultura" text NOT NULL,
  "marca" text NOT NULL,
  "ano" smallint NOT NULL,
  "bu" text NOT NULL,
  "n" integer NOT NULL,
  "prod_n" integer NOT NULL,
  "prod_sum" numeric NOT NULL,
  "roi_n" integer NOT NULL,
  "roi_sum" numeric NOT NULL,
  "custo_sum" numeric NOT NULL,
  "vitorias" integer NOT NULL,
  "analisados" integer NOT NULL,
  PRIMARY KEY ("regional", "cultura", "marca", "ano", "bu")
);--> statement-breakpoint
CREATE TABLE "dashboard_rollup_consultorias" (
  "regional" text NOT NULL,
  "cultura" text NOT NULL,
  "marca" text NOT NULL,
  "ano" smallint NOT NULL,
  "consultoria" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("regional", "cultura", "marca", "ano", "consultoria")
);--> statement-breakpoint
CREATE TABLE "dashboard_rollup_locais" (
  "regional" text NOT NULL,
  "cultura" text NOT NULL,
  "marca" text NOT NULL,
  "ano" smallint NOT NULL,
  "cidade" text NOT NULL,
  "estado" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("regional", "cultura", "marca", "ano", "cidade", "estado")
);--> statement-breakpoint
CREATE TABLE "dashboard_rollup_modalidades" (
  "regional" text NOT NULL,
  "cultura" text NOT NULL,
  "marca" text NOT NULL,
  "ano" smallint NOT NULL,
  "modalidade" text NOT NULL,
  "n" integer NOT NULL,
  "prod_sum" numeric NOT NULL,
  PRIMARY KEY ("regional", "cultura", "marca", "ano", "modalidade")
);--> statement-breakpoint
CREATE TABLE "dashboard_rollup_produtos" (
  "regional" text NOT NULL,
  "cultura" text NOT NULL,
  "marca" text NOT NULL,
  "ano" smallint NOT NULL,
  "nome" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("regional", "cultura", "marca", "ano", "nome")
);--> statement-breakpoint
-- The statement that adds the signed rows of `delta` (s = 1 for a row that arrives, -1 for one
-- that leaves) to every rollup. Treatments and products come from `tratamentos_json`, which every
-- write of the nested rows rebuilds (experiments/presenter.ts). Returned as text for the trigger
-- to EXECUTE itself: a trigger's transition tables are visible to its own statements only.
CREATE FUNCTION "dashboard_rollups_sql"("delta" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH d AS MATERIALIZED (%s),
    t AS MATERIALIZED (
      SELECT d.s, d.regional, d.cultura, d.marca, d.ano, tr.value AS tr
      FROM d CROSS JOIN LATERAL json_array_elements(d.tratamentos_json::json) tr),
    r1 AS (
      INSERT INTO dashboard_rollup AS r
      SELECT regional, cultura, marca, ano, bu, sum(s),
        coalesce(sum(s) FILTER (WHERE produtividade_media IS NOT NULL), 0),
        coalesce(sum(s * produtividade_media::numeric), 0),
        coalesce(sum(s) FILTER (WHERE roi IS NOT NULL), 0),
        coalesce(sum(s * roi::numeric), 0),
        sum(s * custo_protocolo::numeric),
        coalesce(sum(s) FILTER (WHERE analise_vitoria), 0),
        coalesce(sum(s) FILTER (WHERE analise_vitoria IS NOT NULL), 0)
      FROM d GROUP BY regional, cultura, marca, ano, bu ORDER BY regional, cultura, marca, ano, bu
      ON CONFLICT (regional, cultura, marca, ano, bu) DO UPDATE SET
        n = r.n + excluded.n, prod_n = r.prod_n + excluded.prod_n, prod_sum = r.prod_sum + excluded.prod_sum,
        roi_n = r.roi_n + excluded.roi_n, roi_sum = r.roi_sum + excluded.roi_sum, custo_sum = r.custo_sum + excluded.custo_sum,
        vitorias = r.vitorias + excluded.vitorias, analisados = r.analisados + excluded.analisados
      RETURNING 1),
    r2 AS (
      INSERT INTO dashboard_rollup_consultorias AS r
      SELECT regional, cultura, marca, ano, consultoria, sum(s) FROM d GROUP BY regional, cultura, marca, ano, consultoria
      ORDER BY regional, cultura, marca, ano, consultoria
      ON CONFLICT (regional, cultura, marca, ano, consultoria) DO UPDATE SET n = r.n + excluded.n
      RETURNING 1),
    r3 AS (
      INSERT INTO dashboard_rollup_locais AS r
      SELECT regional, cultura, marca, ano, cidade, estado, sum(s) FROM d GROUP BY regional, cultura, marca, ano, cidade, estado
      ORDER BY regional, cultura, marca, ano, cidade, estado
      ON CONFLICT (regional, cultura, marca, ano, cidade, estado) DO UPDATE SET n = r.n + excluded.n
      RETURNING 1),
    r4 AS (
      INSERT INTO dashboard_rollup_modalidades AS r
      SELECT regional, cultura, marca, ano, tr->>'modalidade', sum(s), sum(s * (tr->>'produtividade')::float8::numeric)
      FROM t GROUP BY regional, cultura, marca, ano, tr->>'modalidade' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, modalidade) DO UPDATE SET n = r.n + excluded.n, prod_sum = r.prod_sum + excluded.prod_sum
      RETURNING 1),
    r5 AS (
      INSERT INTO dashboard_rollup_produtos AS r
      SELECT t.regional, t.cultura, t.marca, t.ano, p.value->>'nome', sum(t.s)
      FROM t CROSS JOIN LATERAL json_array_elements(t.tr->'produtos_aplicados') p
      GROUP BY t.regional, t.cultura, t.marca, t.ano, p.value->>'nome' ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (regional, cultura, marca, ano, nome) DO UPDATE SET n = r.n + excluded.n
      RETURNING 1)
    SELECT (SELECT count(*) FROM r1) + (SELECT count(*) FROM r2) + (SELECT count(*) FROM r3)
      + (SELECT count(*) FROM r4) + (SELECT count(*) FROM r5)
  $q$, delta)
$fn$;--> statement-breakpoint
-- jit off: the planner's estimates for the JSON expansion (100 rows per array) pass PostgreSQL's
-- JIT threshold, and compiling the statement took 1.6 s for a write that runs in 3 ms.
CREATE FUNCTION "experiments_rollups"() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_rollups_sql('SELECT 1 AS s, * FROM rollup_new');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_rollups_sql('SELECT -1 AS s, * FROM rollup_old');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the rows whose aggregated columns changed (a save bumps version and updated_at, a
    -- document write the filename: those leave the rollups as they are).
    EXECUTE dashboard_rollups_sql($d$
      WITH changed AS (
        SELECT o.id FROM rollup_old o JOIN rollup_new n ON n.id = o.id
        WHERE (o.regional, o.cultura, o.marca, o.ano, o.bu, o.consultoria, o.cidade, o.estado, o.produtividade_media,
               o.roi, o.custo_protocolo, o.analise_vitoria, o.tratamentos_json)
          IS DISTINCT FROM (n.regional, n.cultura, n.marca, n.ano, n.bu, n.consultoria, n.cidade, n.estado,
               n.produtividade_media, n.roi, n.custo_protocolo, n.analise_vitoria, n.tratamentos_json))
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
CREATE TRIGGER "experiments_rollups_insert" AFTER INSERT ON "experiments"
  REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION experiments_rollups();--> statement-breakpoint
CREATE TRIGGER "experiments_rollups_update" AFTER UPDATE ON "experiments"
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION experiments_rollups();--> statement-breakpoint
CREATE TRIGGER "experiments_rollups_delete" AFTER DELETE ON "experiments"
  REFERENCING OLD TABLE AS rollup_old FOR EACH STATEMENT EXECUTE FUNCTION experiments_rollups();--> statement-breakpoint
CREATE TRIGGER "experiments_rollups_truncate" AFTER TRUNCATE ON "experiments"
  FOR EACH STATEMENT EXECUTE FUNCTION experiments_rollups();--> statement-breakpoint
DO $$ BEGIN EXECUTE dashboard_rollups_sql('SELECT 1 AS s, * FROM experiments'); END $$;--> statement-breakpoint
-- Planner statistics for the new tables: the embedded engine has no autovacuum to collect them.
ANALYZE "dashboard_rollup", "dashboard_rollup_consultorias", "dashboard_rollup_locais", "dashboard_rollup_modalidades", "dashboard_rollup_produtos";
