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
CREATE INDEX "plot_values_assessment_idx" ON "plot_values" USING btree ("assessment_id");
