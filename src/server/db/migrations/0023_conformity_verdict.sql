-- The trial's verdict under IN MAPA 53/2013 (decision 026), written with every save so the dashboard
-- filters trials that qualify: 'atende', 'nao_atende' or 'pendente'. Rows stored before this file
-- hold null until a server's sweep (experiments/conformity-sweep.ts) computes theirs; the partial
-- index finds them, and is empty once it has.
ALTER TABLE "experiments" ADD COLUMN "conformidade_in53" text;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_conformidade_in53_check" CHECK ("conformidade_in53" IN ('atende', 'nao_atende', 'pendente'));--> statement-breakpoint
CREATE INDEX "experiments_conformidade_pendente_idx" ON "experiments" USING btree ("id") WHERE "conformidade_in53" IS NULL;
