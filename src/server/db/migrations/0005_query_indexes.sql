-- Indexes that the list, filters and document history actually use (docs/performance.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- `ORDER BY … DESC` means NULLS FIRST: the former NULLS LAST indexes were never used for it.
DROP INDEX "documents_experiment_idx";--> statement-breakpoint
DROP INDEX "experiments_created_idx";--> statement-breakpoint
CREATE INDEX "documents_experiment_idx" ON "documents" USING btree ("experiment_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "experiments_created_idx" ON "experiments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The product filter searches one lower-case column per experiment, filled from the applied
-- products (the application lower-cases with pt-BR rules; translate() covers Portuguese letters
-- where the engine's locale would not).
ALTER TABLE "experiments" ADD COLUMN "produtos_busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "experiments" e SET "produtos_busca" = lower(translate(s.nomes, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'áàâãäéèêëíìîïóòôõöúùûüçñ'))
  FROM (SELECT "experiment_id", string_agg("nome", E'\x1f' ORDER BY "treatment_id", "position") AS nomes
        FROM "applied_products" GROUP BY "experiment_id") s
  WHERE s."experiment_id" = e."id";--> statement-breakpoint
CREATE INDEX "experiments_produtos_busca_trgm_idx" ON "experiments" USING gin ("produtos_busca" gin_trgm_ops) WITH (fastupdate=false);
