-- Assessments: what a trial rates per plot besides yield (severity on a date, plant height…), and
-- their plot values, one row per treatment × assessment × block (null: a plot not rated). The
-- experiment keeps their declarations as the API answers them, rebuilt by every write like the
-- treatments' JSON, so a page reads no nested table.
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"unidade" text DEFAULT '' NOT NULL,
	"tipo" text NOT NULL,
	"data" date,
	"estadio" text,
	"alvo" text,
	"escala_min" smallint,
	"escala_max" smallint
);
--> statement-breakpoint
CREATE TABLE "plot_values" (
	"experiment_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"bloco" smallint NOT NULL,
	"valor" double precision,
	CONSTRAINT "plot_values_treatment_id_assessment_id_bloco_pk" PRIMARY KEY("treatment_id","assessment_id","bloco")
);
--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "avaliacoes_json" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_values" ADD CONSTRAINT "plot_values_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_values" ADD CONSTRAINT "plot_values_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_values" ADD CONSTRAINT "plot_values_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_experiment_chave_key" ON "assessments" USING btree ("experiment_id","chave");--> statement-breakpoint
CREATE INDEX "assessments_nome_idx" ON "assessments" USING btree (lower("nome"),"unidade");--> statement-breakpoint
CREATE INDEX "plot_values_experiment_idx" ON "plot_values" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "plot_values_assessment_idx" ON "plot_values" USING btree ("assessment_id");--> statement-breakpoint
-- Every treatment answers its plot values ("observacoes", {} before any was rated): the stored JSON
-- is rebuilt with the key, as experiments/presenter.ts builds it.
WITH prods AS (
    SELECT a.treatment_id, json_agg(json_build_object('nome', a.nome, 'dose', a.dose, 'unidade', a.unidade, 'custo', a.custo) ORDER BY a.position) AS j
    FROM applied_products a GROUP BY a.treatment_id),
  anals AS (
    SELECT x.treatment_id, json_agg(json_build_object('nome', x.nome, 'valor', x.valor, 'unidade', x.unidade) ORDER BY x.position) AS j
    FROM additional_analyses x GROUP BY x.treatment_id),
  fresh AS (
    SELECT t.experiment_id, json_agg(jsonb_build_object(
        'id', t.id,
        'nome', t.nome,
        'modalidade', t.modalidade,
        'produtividade', t.produtividade,
        'custo', t.custo,
        'nivel_a', t.nivel_a,
        'nivel_b', t.nivel_b,
        'dose', t.dose,
        'produtos_aplicados', coalesce(pr.j, '[]'::json),
        'analises_adicionais', coalesce(an.j, '[]'::json),
        'observacoes', '{}'::json
      ) || CASE WHEN t.repeticoes IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('repeticoes', to_jsonb(t.repeticoes)) END
      ORDER BY t.position)::text AS j
    FROM treatments t
    LEFT JOIN prods pr ON pr.treatment_id = t.id
    LEFT JOIN anals an ON an.treatment_id = t.id
    GROUP BY t.experiment_id)
UPDATE "experiments" e SET "tratamentos_json" = fresh.j FROM fresh WHERE e.id = fresh.experiment_id AND e."tratamentos_json" IS DISTINCT FROM fresh.j;
