import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JointAnalysisResponse } from '../../../shared/api-types.js';
import { signedInApp } from '../../test/app.js';
import { type ExperimentRequest, buildTreatment, createExperiment } from '../../test/factories.js';

/** Case "dic3" of tests/fixtures/stats/conjunta.out: 3 sites, 4 treatments, 3 replicates, what R printed. */
function dic3() {
  const lines = readFileSync(new URL('../../../../tests/fixtures/stats/conjunta.out', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('dic3 '))
    .map((l) => l.trim().split(/\s+/).slice(1));
  const sites = lines.filter(([key]) => key === 'local').map(([, , k, r, ...ys]) => ({ k: Number(k), r: Number(r), ys: ys.map(Number) }));
  const anova = lines.filter(([key]) => key === 'anova').map(([, fonte, gl, sq, qm, f, p]) => ({ fonte, gl, sq, qm, f, p }));
  return {
    sites,
    anova,
    medias: lines
      .find(([key]) => key === 'medias')!
      .slice(1)
      .map(Number),
  };
}

const NOMES = ['Testemunha', 'Produto A', 'Produto B', 'Produto C'];
const ctx = signedInApp();
const post = (payload: unknown) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/analises/conjunta', headers: ctx.me.auth, payload: payload as object });

async function site(ys: number[], r: number, overrides: Partial<ExperimentRequest> = {}, nomes = NOMES) {
  const tratamentos = nomes.map((nome, i) => buildTreatment({ nome, repeticoes: ys.slice(i * r, (i + 1) * r) }));
  return (await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'Inteiramente Casualizado', tratamentos, ...overrides })).id;
}

describe('POST /api/analises/conjunta', () => {
  it("answers R's joint ANOVA, the means with letters and each site, treatments matched by name", async () => {
    const { sites, anova, medias } = dic3();
    const ids = [
      await site(sites[0]!.ys, 3, { cidade: 'Cascavel', ano: 2023 }),
      // Same treatments spelt in another case, with spaces: the same treatments.
      await site(
        sites[1]!.ys,
        3,
        { cidade: 'Toledo', ano: 2024 },
        NOMES.map((n) => ` ${n.toUpperCase()} `),
      ),
      await site(sites[2]!.ys, 3, { cidade: 'Cascavel', ano: 2024 }),
    ];
    const res = await post({ experimentIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as JointAnalysisResponse;
    expect(a.anova.linhas.map((l) => l.fonte)).toEqual(['Locais', 'Tratamentos', 'Tratamentos × Locais', 'Resíduo', 'Total']);
    a.anova.linhas.forEach((l, i) => {
      const e = anova[i]!;
      expect(l.gl).toBe(Number(e.gl));
      expect(l.sq).toBeCloseTo(Number(e.sq), 6);
      if (e.f !== 'NA') expect(l.f).toBeCloseTo(Number(e.f), 9);
      if (e.p !== 'NA') expect(l.p).toBeCloseTo(Number(e.p), 12);
    });
    expect(a.erroTratamentos.fonte).toBe('Tratamentos × Locais');
    expect(a.razao_qmr).toBeCloseTo(1.98332561371003, 9);
    expect(a.grupos.map((g) => g.nome)).toEqual(['Produto B', 'Produto A', 'Produto C', 'Testemunha']);
    expect(a.grupos.find((g) => g.nome === 'Testemunha')!.media).toBeCloseTo(medias[0]!, 9);
    expect(a.grupos.map((g) => g.letras)).toEqual(['a', 'ab', 'ab', 'b']);
    expect(a.locais.map((l) => [l.experimentId, l.nome])).toEqual([
      [ids[0], 'Cascavel/PR · 2023'],
      [ids[1], 'Toledo/PR · 2024'],
      [ids[2], 'Cascavel/PR · 2024'],
    ]);
    expect(a.vitorias.map((v) => [v.nome, v.vitorias, v.locais])).toEqual([
      ['Produto A', 2, 3],
      ['Produto B', 3, 3],
      ['Produto C', 2, 3],
    ]);
    expect(a.avisos.join(' ')).toMatch(/interação Tratamentos × Locais foi significativa/);
  });

  it('400 in pt-BR for a body that is not 2–50 distinct ids', async () => {
    for (const body of [
      {},
      { experimentIds: [1] },
      { experimentIds: [1, 1] },
      { experimentIds: ['1', '2'] },
      { experimentIds: [1, 2.5] },
      { experimentIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toMatch(/experiment|identificador/i);
    }
    expect((await post({ experimentIds: [1, 1] })).json().error.message).toMatch(/repetidos/);
  });

  it('404 naming the experiments that do not exist', async () => {
    const { sites } = dic3();
    const id = await site(sites[0]!.ys, 3);
    const res = await post({ experimentIds: [id, 999_998, 999_999] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Experimentos não encontrados: nº 999998, 999999.');
  });

  it('422 with the reason when they cannot be analysed together', async () => {
    const { sites } = dic3();
    const a = await site(sites[0]!.ys, 3);
    const other = await site(sites[1]!.ys, 3, {}, ['Testemunha', 'Produto A', 'Produto B', 'Produto D']);
    const fourReps = await site([...sites[1]!.ys, 3000, 3100, 3200, 3300].slice(0, 16), 4);
    const milho = await site(sites[2]!.ys, 3, { cultura: 'Milho' });
    const semRepeticoes = (
      await createExperiment(ctx.t.app, ctx.me, {
        tratamentos: NOMES.map((nome) => ({ nome, modalidade: 'Foliar', produtividade: 3500 })),
      })
    ).id;
    const cases: [number[], RegExp][] = [
      [[a, other], /não tem "Produto C" e tem "Produto D"/],
      [[a, fourReps], /números de repetições diferentes/],
      [[a, milho], /culturas diferentes \(Soja: nº \d+; Milho: nº \d+\)/],
      [[a, semRepeticoes], /nº \d+ .*não tem as produtividades por repetição/],
    ];
    for (const [ids, message] of cases) {
      const res = await post({ experimentIds: ids });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('tells two trials of the same city and year apart and warns about them', async () => {
    const { sites } = dic3();
    const ids = [
      await site(sites[0]!.ys, 3, { cidade: 'Londrina', ano: 2024, consultoria: 'Agro Norte' }),
      await site(sites[1]!.ys, 3, { cidade: 'Londrina', ano: 2024, consultoria: 'Campo Sul' }),
      await site(sites[2]!.ys, 3, { cidade: 'Maringá', ano: 2024 }),
    ];
    const res = await post({ experimentIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as JointAnalysisResponse;
    expect(a.locais.map((l) => l.nome)).toEqual(['Londrina/PR · 2024 · Agro Norte', 'Londrina/PR · 2024 · Campo Sul', 'Maringá/PR · 2024']);
    expect(a.locaisRepetidos).toEqual([{ local: 'Londrina/PR · 2024', experimentIds: [ids[0], ids[1]] }]);

    // Same consultoria too (the same trial entered twice, "londrina" typed in lower case): told apart by number.
    const again = await site(sites[1]!.ys, 3, { cidade: 'londrina', ano: 2024, consultoria: 'Agro Norte' });
    const b = (await post({ experimentIds: [ids[0], again, ids[2]] })).json() as JointAnalysisResponse;
    expect(b.locais.map((l) => l.nome)).toEqual([
      `Londrina/PR · 2024 · nº ${ids[0]}`,
      `londrina/PR · 2024 · nº ${again}`,
      'Maringá/PR · 2024',
    ]);
    expect(b.locaisRepetidos).toHaveLength(1);

    // Different years: distinct sites, no warning.
    const c = (await post({ experimentIds: [ids[0], await site(sites[1]!.ys, 3, { cidade: 'Londrina', ano: 2023 })] })).json();
    expect((c as JointAnalysisResponse).locaisRepetidos).toEqual([]);
  });
});
