-- Two-factor designs: the experiment names its factors (fator_a, fator_b), each treatment
-- carries its levels (nivel_a, nivel_b; '' for the additional treatment) and may carry a numeric dose
-- for the dose–response regression. The treatments' JSON kept on each experiment (0008) is rebuilt
-- with the new keys, as experiments/presenter.ts writes it (as 0010 did for the dose's unit).
ALTER TABLE "experiments" ADD COLUMN "fator_a" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "fator_b" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "nivel_a" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "nivel_b" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "dose" double precision;--> statement-breakpoint
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
        'analises_adicionais', coalesce(an.j, '[]'::json)
      ) || CASE WHEN t.repeticoes IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('repeticoes', to_jsonb(t.repeticoes)) END
      ORDER BY t.position)::text AS j
    FROM treatments t
    LEFT JOIN prods pr ON pr.treatment_id = t.id
    LEFT JOIN anals an ON an.treatment_id = t.id
    GROUP BY t.experiment_id)
UPDATE "experiments" e SET "tratamentos_json" = fresh.j FROM fresh WHERE e.id = fresh.experiment_id AND e."tratamentos_json" IS DISTINCT FROM fresh.j;
