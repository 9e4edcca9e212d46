/**
 * The SQL presenter (presenter.ts) lists every column by hand for speed; this checks it against the
 * field catalogue, so a field declared there and forgotten in the SQL (or the other way) fails here.
 */
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../shared/experiment.js';
import {
  ANALYSIS_FIELDS,
  APPLICATION_FIELDS,
  ASSESSMENT_FIELDS,
  PLOT_FIELDS,
  EXPERIMENT_FIELDS,
  PRODUCT_FIELDS,
  TREATMENT_FIELDS,
} from '../../../shared/fields/catalogue.js';
import { signedInApp } from '../../test/app.js';
import { createExperiment } from '../../test/factories.js';

const SERVER_OWNED = ['id', 'version', 'created_at', 'updated_at', 'owner', 'pdf_filename', 'produtividade_media'];

const ctx = signedInApp();

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('presenter vs catalogue', () => {
  it('answers exactly the catalogue fields plus the server-owned ones, at every level', async () => {
    const created = await createExperiment(ctx.t.app, ctx.me, {
      preco_saca: 130,
      avaliacoes: [{ chave: 'sev', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', data: '2026-01-14' }],
      aplicacoes: [{ chave: 'ap', data: '2026-01-04' }],
      parcela: { comprimento_m: 5, largura_m: 2.5 },
      tratamentos: [
        {
          nome: 'Testemunha',
          modalidade: 'Foliar',
          papel: 'testemunha',
          repeticoes: [3500, 3600, 3550],
          observacoes: { sev: [30, 32, null] },
          produtos_aplicados: [],
          analises_adicionais: [{ nome: 'Altura de Plantas', valor: 80, unidade: 'cm' }],
        },
        {
          nome: 'Tratado',
          modalidade: 'Solo',
          papel: 'teste',
          repeticoes: [3800, 3900, 3850],
          observacoes: { sev: [10, 12, 11] },
          produtos_aplicados: [{ nome: 'Aminoagro Raiz', dose: 1, custo: 10 }],
          analises_adicionais: [],
        },
      ],
    });
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/experiments/${created.id}`, headers: ctx.me.auth });
    expect(res.statusCode).toBe(200);
    const e = (res.json() as { experiment: Experiment }).experiment;

    expect(sorted(Object.keys(e))).toEqual(sorted([...SERVER_OWNED, ...Object.keys(EXPERIMENT_FIELDS)]));
    // `repeticoes`, `observacoes` and `papel` are there because these treatments carry plot yields,
    // rated plots and a role (docs/api.md: "may carry").
    for (const tr of e.tratamentos) expect(sorted(Object.keys(tr))).toEqual(sorted(['id', ...Object.keys(TREATMENT_FIELDS)]));
    expect(sorted(Object.keys(e.tratamentos[1]!.produtos_aplicados[0]!))).toEqual(sorted(Object.keys(PRODUCT_FIELDS)));
    expect(sorted(Object.keys(e.tratamentos[0]!.analises_adicionais[0]!))).toEqual(sorted(Object.keys(ANALYSIS_FIELDS)));
    // Each assessment adds the server's `daa` (days after the latest application before it).
    expect(sorted(Object.keys(e.avaliacoes[0]!))).toEqual(sorted([...Object.keys(ASSESSMENT_FIELDS), 'daa']));
    expect(sorted(Object.keys(e.aplicacoes[0]!))).toEqual(sorted([...Object.keys(APPLICATION_FIELDS), 'tratamentos']));
    expect(sorted(Object.keys(e.parcela!))).toEqual(sorted(Object.keys(PLOT_FIELDS)));
    expect(e).toMatchObject({ preco_saca: 130, teor_materia_organica: 3.2, custo_protocolo: 4500 });
  });
});
