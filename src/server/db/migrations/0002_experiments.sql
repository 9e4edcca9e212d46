CREATE TABLE "additional_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"treatment_id" integer NOT NULL,
	"experiment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"nome" text NOT NULL,
	"valor" double precision,
	"unidade" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applied_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"treatment_id" integer NOT NULL,
	"experiment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"nome" text NOT NULL,
	"dose" double precision,
	"custo" double precision
);
--> statement-breakpoint
CREATE TABLE "culturas" (
	"nome" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"sigla" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"consultoria" text NOT NULL,
	"marca" text NOT NULL,
	"bu" text NOT NULL,
	"regional" text NOT NULL,
	"cidade" text NOT NULL,
	"estado" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"teor_argila" double precision,
	"teor_materia_organica" double precision,
	"cultura" text NOT NULL,
	"cultivar" text NOT NULL,
	"ano" smallint NOT NULL,
	"tipo_estatistica" text NOT NULL,
	"custo_protocolo" double precision NOT NULL,
	"roi" double precision,
	"produtividade_media" double precision,
	"pdf_filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"nome" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"marca" text NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regionais" (
	"sigla" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regionais_nome_key" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"nome" text NOT NULL,
	"modalidade" text NOT NULL,
	"produtividade" double precision NOT NULL,
	"custo" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "additional_analyses" ADD CONSTRAINT "additional_analyses_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_analyses" ADD CONSTRAINT "additional_analyses_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_products" ADD CONSTRAINT "applied_products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_products" ADD CONSTRAINT "applied_products_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_marca_marcas_nome_fk" FOREIGN KEY ("marca") REFERENCES "public"."marcas"("nome") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_regional_regionais_nome_fk" FOREIGN KEY ("regional") REFERENCES "public"."regionais"("nome") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_estado_estados_sigla_fk" FOREIGN KEY ("estado") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_cultura_culturas_nome_fk" FOREIGN KEY ("cultura") REFERENCES "public"."culturas"("nome") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_marca_marcas_nome_fk" FOREIGN KEY ("marca") REFERENCES "public"."marcas"("nome") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_analyses_treatment_idx" ON "additional_analyses" USING btree ("treatment_id","position");--> statement-breakpoint
CREATE INDEX "additional_analyses_experiment_idx" ON "additional_analyses" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "applied_products_treatment_idx" ON "applied_products" USING btree ("treatment_id","position");--> statement-breakpoint
CREATE INDEX "applied_products_experiment_idx" ON "applied_products" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "documents_experiment_idx" ON "documents" USING btree ("experiment_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "experiments_created_idx" ON "experiments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "experiments_owner_idx" ON "experiments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "experiments_regional_idx" ON "experiments" USING btree ("regional");--> statement-breakpoint
CREATE INDEX "experiments_cultura_idx" ON "experiments" USING btree ("cultura");--> statement-breakpoint
CREATE INDEX "experiments_marca_idx" ON "experiments" USING btree ("marca");--> statement-breakpoint
CREATE INDEX "experiments_ano_idx" ON "experiments" USING btree ("ano");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_marca_nome_key" ON "produtos" USING btree ("marca","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_experiment_position_key" ON "treatments" USING btree ("experiment_id","position");