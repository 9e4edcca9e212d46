-- A product's dose carries its unit: "L/ha", "mL/100 kg de sementes"…; '' when the
-- report gives none. The treatments' JSON kept on each experiment (0008) is rebuilt with the new
-- key, as experiments/presenter.ts writes it; the rollup triggers (0009) see the same treatments
-- leave and come back, so the rollups do not change.
ALTER TABLE "applied_products" ADD COLUMN "unidade" text DEFAULT '' NOT NULL;--> statement-breakpoint
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
        'produtos_aplicados', coalesce(pr.j, '[]'::json),
        'analises_adicionais', coalesce(an.j, '[]'::json)
      ) || CASE WHEN t.repeticoes IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('repeticoes', to_jsonb(t.repeticoes)) END
      ORDER BY t.position)::text AS j
    FROM treatments t
    LEFT JOIN prods pr ON pr.treatment_id = t.id
    LEFT JOIN anals an ON an.treatment_id = t.id
    GROUP BY t.experiment_id)
UPDATE "experiments" e SET "tratamentos_json" = fresh.j FROM fresh WHERE e.id = fresh.experiment_id AND e."tratamentos_json" IS DISTINCT FROM fresh.j;
