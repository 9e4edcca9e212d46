-- The field plan: a trial's situation (planned, running, concluded), its blocks and plot size, its
-- applications and its randomised layout. A planned or running trial has no yield yet, so a
-- treatment's yield may be null. The dashboard's rollups count concluded trials only: the trigger
-- below passes on only those rows (experiments/aggregates.ts computes the same under other filters).
ALTER TABLE "experiments" ADD COLUMN "situacao" text DEFAULT 'concluido' NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "blocos" smallint;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "parcela_comprimento_m" double precision;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "parcela_largura_m" double precision;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "aplicacoes_json" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ALTER COLUMN "produtividade" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "experiments_situacao_idx" ON "experiments" USING btree ("situacao");--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"chave" text NOT NULL,
	"data" date NOT NULL,
	"estadio" text,
	"volume_calda_l_ha" double precision,
	"equipamento" text,
	"temperatura_c" double precision,
	"umidade_pct" double precision,
	"vento_km_h" double precision,
	"tratamentos" smallint[] DEFAULT '{}' NOT NULL
);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_experiment_chave_key" ON "applications" USING btree ("experiment_id","chave");--> statement-breakpoint
CREATE TABLE "layouts" (
	"experiment_id" integer PRIMARY KEY NOT NULL,
	"semente" integer NOT NULL,
	"numeracao" text NOT NULL,
	"delineamento" text NOT NULL,
	"blocos" smallint NOT NULL,
	"parcelas_json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- 0013's trigger, passing on concluded trials only, and watching the situation too.
CREATE OR REPLACE FUNCTION "experiments_rollups"() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_rollups_sql($d$SELECT 1 AS s, * FROM rollup_new WHERE situacao = 'concluido'$d$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_rollups_sql($d$SELECT -1 AS s, * FROM rollup_old WHERE situacao = 'concluido'$d$);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE dashboard_rollups_sql($d$
      WITH changed AS (
        SELECT o.id FROM rollup_old o JOIN rollup_new n ON n.id = o.id
        WHERE (o.regional, o.cultura, o.marca, o.ano, o.bu, o.consultoria, o.cidade, o.estado, o.produtividade_media,
               o.roi, o.custo_protocolo, o.analise_vitoria, o.tratamentos_json, o.ganho_medio, o.comparacoes, o.superacoes,
               o.situacao)
          IS DISTINCT FROM (n.regional, n.cultura, n.marca, n.ano, n.bu, n.consultoria, n.cidade, n.estado,
               n.produtividade_media, n.roi, n.custo_protocolo, n.analise_vitoria, n.tratamentos_json, n.ganho_medio,
               n.comparacoes, n.superacoes, n.situacao))
      SELECT -1 AS s, o.* FROM rollup_old o WHERE o.id IN (SELECT id FROM changed) AND o.situacao = 'concluido'
      UNION ALL
      SELECT 1 AS s, n.* FROM rollup_new n WHERE n.id IN (SELECT id FROM changed) AND n.situacao = 'concluido'$d$);
  ELSE
    DELETE FROM dashboard_rollup;
    DELETE FROM dashboard_rollup_consultorias;
    DELETE FROM dashboard_rollup_locais;
    DELETE FROM dashboard_rollup_modalidades;
    DELETE FROM dashboard_rollup_produtos;
  END IF;
  RETURN NULL;
END
$fn$;
