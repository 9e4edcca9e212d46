import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MetaAnaliseResponse } from '../../../shared/meta-analise.js';
import { signedInApp } from '../../test/app.js';
import { type ExperimentRequest, type TreatmentRequest, buildTreatment, createExperiment } from '../../test/factories.js';

/** tests/fixtures/stats/meta-ensaios.out: six trials' plots and what R computed of them. */
function fixture() {
  const lines = readFileSync(new URL('../../../../tests/fixtures/stats/meta-ensaios.out', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));
  const ensaios = lines
    .filter(([k]) => k === 'ensaio')
    .map(([, n, regional, ...design]) => ({
      n: Number(n),
      regional: regional!,
      design: design.join(' '),
      parcelas: lines.filter(([k, m]) => k === 'parcelas' && m === n).map((l) => l.slice(3).map(Number)),
    }));
  const caso = (nome: string) => (key: string) =>
    lines
      .find(([c, k]) => c === nome && k === key)!
      .slice(2)
      .map(Number);
  return { ensaios, caso };
}

const PRODUTO = 'Fungicida X';
/** The fixture's regions as the installation's regionals. */
const REGIONAL: Record<string, string> = { Sul: 'PR SC PY', Cerrado: 'GO' };
const ctx = signedInApp();
const post = (payload: unknown) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/analises/meta', headers: ctx.me.auth, payload: payload as object });
const ok = async (payload: unknown) => {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MetaAnaliseResponse;
};
const create = async (overrides: Partial<ExperimentRequest>) => (await createExperiment(ctx.t.app, ctx.me, overrides)).id;

/** Control, the product, and a reference treatment, with these plots. */
const treatments = (parcelas: number[][], produto = PRODUTO): TreatmentRequest[] => [
  buildTreatment({ nome: 'Testemunha', repeticoes: parcelas[0]! }),
  buildTreatment({ nome: 'Fungicida X 0,5 L', repeticoes: parcelas[1]!, produtos_aplicados: [{ nome: produto, dose: 0.5, custo: 90 }] }),
  buildTreatment({ nome: 'Padrão', repeticoes: parcelas[2]!, produtos_aplicados: [{ nome: 'Referência', dose: 1, custo: 120 }] }),
];

const { ensaios, caso } = fixture();
/** Equal to R to 1e-6, relative (absolute near zero: τ² = 0). */
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected), `${actual} vs R's ${expected}`).toBeLessThanOrEqual(Math.max(1e-12, 1e-6 * Math.abs(expected)));

async function createFixtureTrials(overrides: Partial<ExperimentRequest> = {}) {
  const ids: number[] = [];
  for (const e of ensaios) {
    ids.push(
      await create({
        tipo_estatistica: e.design as ExperimentRequest['tipo_estatistica'],
        regional: REGIONAL[e.regional],
        cidade: `Cidade ${e.n}`,
        preco_saca: 110 + e.n,
        tratamentos: treatments(e.parcelas),
        ...overrides,
      }),
    );
  }
  return ids;
}

describe('POST /api/analises/meta', () => {
  it("answers R's per-trial effects and metafor's REML model, the probability of a return and the subgroups", async () => {
    const ids = await createFixtureTrials();
    const r = caso('diferenca');
    const a = await ok({ produto: PRODUTO, experimentIds: ids, preco_saca: 120, custo_ha: 90 });
    expect(a.k).toBe(6);
    expect(a.estudos.map((s) => s.experimentId)).toEqual(ids);
    a.estudos.forEach((s, i) => {
      near(s.efeito, r('efeito')[i]!);
      near(s.variancia, r('variancia')[i]!);
      near(s.peso, r('pesos')[i]!);
      expect(s.tratamento).toBe('Fungicida X 0,5 L');
      expect(s.testemunha).toBe('Testemunha');
    });
    near(a.estimativa, r('estimativa')[0]!);
    near(a.ep, r('ep')[0]!);
    near(a.ic95[0], r('ic95')[0]!);
    near(a.ic95[1], r('ic95')[1]!);
    near(a.p, r('p')[0]!);
    near(a.tau2, r('tau2')[0]!);
    near(a.i2, r('i2')[0]!);
    near(a.q, r('q')[0]!);
    near(a.q_p, r('q')[1]!);
    near(a.predicao[0], r('predicao')[0]!);
    near(a.predicao[1], r('predicao')[1]!);
    expect(a.equilibrio).toBe(45);
    near(a.prob_retorno!, r('prob_retorno')[0]!);
    // The noisy sixth trial is named, with its small weight.
    expect(a.avisos).toHaveLength(1);
    expect(a.avisos[0]).toContain(`nº ${ids[5]}`);
    // By regional, each pooled on its own: R's numbers again.
    for (const [grupo, nome] of [
      ['PR SC PY', 'sul'],
      ['GO', 'cerrado'],
    ] as const) {
      const g = a.subgrupos.find((s) => s.por === 'regional' && s.grupo === grupo)!;
      expect(g.k).toBe(3);
      near(g.estimativa, caso(nome)('estimativa')[0]!);
      near(g.tau2!, caso(nome)('tau2')[0]!);
      near(g.prob_retorno!, caso(nome)('prob_retorno')[0]!);
    }
    // The trials' median bag price and the product's cost are offered as prices.
    expect(a.sugestoes).toEqual({ preco_saca: 113.5, custo_ha: 90 });
    expect(a.variavel).toEqual({ nome: 'Produtividade', unidade: 'kg/ha' });
    // Six cities in one season: IN SDA 13/2011's network holds.
    expect(a.rede).toMatchObject({ locais: 6, safras: 1, atende: true });
  });

  it('gives the relative effect (log ratio) on request, with no economics', async () => {
    const ids = await createFixtureTrials({ cultura: 'Milho' });
    const r = caso('razao');
    const a = await ok({ produto: 'fungicida x', experimentIds: ids, escala: 'razao', preco_saca: 120, custo_ha: 90 });
    a.estudos.forEach((s, i) => {
      near(s.efeito, r('efeito')[i]!);
      near(s.variancia, r('variancia')[i]!);
    });
    near(a.estimativa, r('estimativa')[0]!);
    near(a.tau2, r('tau2')[0]!);
    near(a.predicao[1], r('predicao')[1]!);
    expect(a.equilibrio).toBeNull();
    expect(a.prob_retorno).toBeNull();
  });

  it('without ids takes every concluded trial holding the product under the filters, the name whole and case aside', async () => {
    const regional = 'Nordeste';
    const produto = `Produto Único ${Date.now()}`;
    const parcelas = ensaios[0]!.parcelas;
    const a1 = await create({ regional, tratamentos: treatments(parcelas, produto) });
    const a2 = await create({ regional, tratamentos: treatments(ensaios[1]!.parcelas, produto.toUpperCase()) });
    // A longer name holding this one is another product.
    await create({ regional, tratamentos: treatments(parcelas, `${produto} Plus`) });
    // A planned trial is not an indicator's.
    await create({ regional, situacao: 'planejado', tratamentos: treatments(parcelas, produto) });
    const a = await ok({ produto, filtros: { regional } });
    expect(a.estudos.map((s) => s.experimentId).sort()).toEqual([a1, a2].sort());
    expect(a.excluidos).toEqual([]);
    // Another regional's filter leaves fewer than two: 422 with the reason.
    const none = await post({ produto, filtros: { regional: 'GO' } });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toContain('pelo menos 2 ensaios');
  });

  it('lists the trials it leaves out with the reason, and says how a product in two treatments is taken', async () => {
    const [p1, p2] = [ensaios[0]!.parcelas, ensaios[1]!.parcelas];
    const good = [await create({ tratamentos: treatments(p1) }), await create({ tratamentos: treatments(p2) })];
    const semRepeticoes = await create({
      tratamentos: [
        buildTreatment({ nome: 'Testemunha', produtividade: 3000 }),
        buildTreatment({ nome: 'X', produtividade: 3300, produtos_aplicados: [{ nome: PRODUTO, dose: 1, custo: 90 }] }),
      ],
    });
    const naTestemunha = await create({
      tratamentos: [
        buildTreatment({ nome: 'Testemunha', repeticoes: p1[0]!, produtos_aplicados: [{ nome: PRODUTO, dose: 1, custo: 90 }] }),
        buildTreatment({ nome: 'Outro', repeticoes: p1[1]! }),
      ],
    });
    const semProduto = await create({ tratamentos: treatments(p1, 'Outro produto') });
    const iguais = await create({
      tratamentos: [
        buildTreatment({ nome: 'Testemunha', repeticoes: [3000, 3000, 3000] }),
        buildTreatment({ nome: 'X', repeticoes: [3000, 3000, 3000], produtos_aplicados: [{ nome: PRODUTO, dose: 1, custo: 90 }] }),
      ],
    });
    const doisTratamentos = await create({
      tratamentos: [
        buildTreatment({ nome: 'Testemunha', repeticoes: p2[0]! }),
        buildTreatment({ nome: 'X + adjuvante', repeticoes: p2[2]!, produtos_aplicados: [{ nome: PRODUTO }, { nome: 'Óleo' }] }),
        buildTreatment({ nome: 'X sozinho', repeticoes: p2[1]!, produtos_aplicados: [{ nome: PRODUTO }] }),
      ],
    });
    const a = await ok({ produto: PRODUTO, experimentIds: [...good, semRepeticoes, naTestemunha, semProduto, iguais, doisTratamentos] });
    expect(a.k).toBe(3);
    const dois = a.estudos.find((s) => s.experimentId === doisTratamentos)!;
    expect(dois.tratamento).toBe('X sozinho');
    expect(dois.outrosTratamentos).toEqual(['X + adjuvante']);
    const motivo = (id: number) => a.excluidos.find((x) => x.experimentId === id)?.motivo;
    expect(motivo(semRepeticoes)).toMatch(/^Sem repetições/);
    expect(motivo(naTestemunha)).toContain('está na testemunha');
    expect(motivo(semProduto)).toContain('Nenhum tratamento tem o produto');
    expect(motivo(iguais)).toBeTruthy();
    expect(a.excluidos).toHaveLength(4);
  });

  it("takes each trial's effect and residual from the trial's own analysis, a Latin square once its layout is drawn", async () => {
    const dbc = await createFixtureTrials();
    const tratamentos = ['Testemunha', 'X', 'Y', 'Z'].map((nome, i) =>
      buildTreatment({
        nome,
        // Rows and columns are the plots' order and layout; a treatment effect and some noise.
        repeticoes: [0, 1, 2, 3].map((row) => 3000 + i * 90 + row * 40 + ((i * 7 + row * 3) % 5) * 23),
        produtos_aplicados: i === 1 ? [{ nome: PRODUTO }] : [],
      }),
    );
    const latin = await create({ tipo_estatistica: 'Quadrado Latino', blocos: 4, tratamentos });
    const before = await ok({ produto: PRODUTO, experimentIds: [dbc[0]!, dbc[1]!, latin] });
    expect(before.excluidos).toEqual([expect.objectContaining({ experimentId: latin, motivo: expect.stringContaining('croqui') })]);
    const draw = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/experiments/${latin}/croqui`,
      headers: ctx.me.auth,
      payload: { semente: 99 },
    });
    expect(draw.statusCode, draw.body).toBe(201);
    const after = await ok({ produto: PRODUTO, experimentIds: [dbc[0]!, dbc[1]!, latin] });
    expect(after.excluidos).toEqual([]);
    expect(after.k).toBe(3);
    // The same numbers as GET …/analise: the gain over the control, and 2·QMres/r.
    for (const s of after.estudos) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/experiments/${s.experimentId}/analise`, headers: ctx.me.auth });
      expect(res.statusCode, res.body).toBe(200);
      const analise = res.json() as { anova: { residuo: { qm: number } }; ganhos: { nome: string; kgHa: number }[] };
      near(s.efeito, analise.ganhos.find((g) => g.nome === s.tratamento)!.kgHa);
      near(s.variancia, (2 * analise.anova.residuo.qm) / s.repeticoes);
    }
  });

  it('compares with the treatment declared the absolute control, wherever it stands', async () => {
    const [p1, p2] = [ensaios[0]!.parcelas, ensaios[1]!.parcelas];
    const declared = await create({
      tratamentos: [
        buildTreatment({ nome: 'Padrão', repeticoes: p1[2]!, papel: 'padrao', produtos_aplicados: [{ nome: 'Referência' }] }),
        buildTreatment({ nome: 'X', repeticoes: p1[1]!, papel: 'teste', produtos_aplicados: [{ nome: PRODUTO }] }),
        buildTreatment({ nome: 'Sem aplicação', repeticoes: p1[0]!, papel: 'testemunha' }),
      ],
    });
    const plain = await create({ tratamentos: treatments(p2) });
    const a = await ok({ produto: PRODUTO, experimentIds: [declared, plain] });
    const s = a.estudos.find((e) => e.experimentId === declared)!;
    expect(s.testemunha).toBe('Sem aplicação');
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    near(s.efeito, mean(p1[1]!) - mean(p1[0]!));
    expect(a.estudos.find((e) => e.experimentId === plain)!.testemunha).toBe('Testemunha');
  });

  it('pools an assessment by name, the latest date of each trial', async () => {
    const sev = (chave: string, data: string) => ({ chave, nome: 'Severidade', unidade: '%', tipo: 'porcentagem' as const, data });
    const rated = (controle: number[], produto: number[]) =>
      create({
        avaliacoes: [sev('sev1', '2026-01-10'), sev('sev2', '2026-01-24')],
        tratamentos: [
          buildTreatment({ nome: 'Testemunha', repeticoes: [3000, 3100, 3050], observacoes: { sev1: [10, 12, 11], sev2: controle } }),
          buildTreatment({
            nome: 'X',
            repeticoes: [3300, 3350, 3310],
            produtos_aplicados: [{ nome: PRODUTO }],
            observacoes: { sev1: [2, 3, 2], sev2: produto },
          }),
        ],
      });
    const ids = [await rated([40, 44, 42], [10, 14, 9]), await rated([30, 35, 31], [12, 11, 13])];
    const semAvaliacao = await create({ tratamentos: treatments(ensaios[0]!.parcelas) });
    const a = await ok({ produto: PRODUTO, avaliacao: ' severidade ', experimentIds: [...ids, semAvaliacao] });
    expect(a.estudos.map((s) => s.efeito)).toEqual([11 - 42, 12 - 32]);
    expect(a.variavel).toEqual({ nome: 'Severidade', unidade: '%' });
    expect(a.excluidos).toEqual([expect.objectContaining({ experimentId: semAvaliacao, motivo: 'Sem a avaliação "severidade".' })]);
    expect(a.equilibrio).toBeNull();
  });

  it('refuses to add kg/ha across crops, and answers 404, 422 and 400 in words', async () => {
    const soja = await create({ cultura: 'Soja', tratamentos: treatments(ensaios[0]!.parcelas) });
    const milho = await create({ cultura: 'Milho', tratamentos: treatments(ensaios[1]!.parcelas) });
    const mixed = await post({ produto: PRODUTO, experimentIds: [soja, milho] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.message).toContain('culturas diferentes');
    expect((await post({ produto: PRODUTO, experimentIds: [soja, milho], escala: 'razao' })).statusCode).toBe(200);

    const unknown = await post({ produto: 'Produto que não existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Nenhum experimento tem o produto "Produto que não existe".');
    expect((await post({ produto: PRODUTO, experimentIds: [soja, 2_000_000_000] })).statusCode).toBe(404);

    for (const [body, field] of [
      [{}, 'produto'],
      [{ produto: '  ' }, 'produto'],
      [{ produto: PRODUTO, preco_saca: -1 }, 'preco_saca'],
      [{ produto: PRODUTO, custo_ha: 'muito' }, 'custo_ha'],
      [{ produto: PRODUTO, escala: 'log' }, 'escala'],
      [{ produto: PRODUTO, experimentIds: [soja] }, 'experimentIds'],
      [{ produto: PRODUTO, filtros: { ano: 'ontem' } }, 'filtros.ano'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/analises/meta', payload: { produto: PRODUTO } })).statusCode).toBe(401);
  });
});
