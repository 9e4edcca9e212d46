-- MAPA's method (issue 34): the region's average yield a trial is compared with (kg/ha), and a
-- treatment's role in the trial: 'testemunha' (absolute control),
-- 'padrao' (positive control) or 'teste' (the product under test); null when none was declared.
-- The treatments' JSON kept on each experiment carries it only when set (experiments/presenter.ts),
-- so the JSON of every treatment stored before reads as it did.
ALTER TABLE "treatments" ADD COLUMN "papel" text;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_papel_check" CHECK ("papel" IN ('testemunha', 'padrao', 'teste'));--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "produtividade_regional" double precision;
