-- Each experiment keeps its treatments as the API answers them (experiments/presenter.ts), so a
-- page reads no nested table. Filled here for the experiments already stored.
ALTER TABLE "experiments" ADD COLUMN "tratamentos_json" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
WITH prods AS (
    SELECT a.treatment_id, json_agg(json_build_object('nome', a.nome, 'dose', a.dose, 'custo', a.custo) ORDER BY a.position) AS j
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
UPDATE "experiments" e SET "tratamentos_json" = fresh.j FROM fresh WHERE e.id = fresh.experiment_id;
