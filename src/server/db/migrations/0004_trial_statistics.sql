ALTER TABLE "experiments" ADD COLUMN "preco_saca" double precision;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "analise_vitoria" boolean;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "analise_cv" double precision;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "repeticoes" double precision[];