import { describe, expect, it } from 'vitest';
import { analyze, StatsInputError, type AnalyzeInput, type TratamentoInput } from './index.js';
import { formatarDose, precoPorDose, type RegressaoDose } from './regressao.js';
import { relClose } from './r-fixture.test-helper.js';
import { rRegressaoCases, type RRegressaoCase } from './regressao.test-helper.js';
import { expectSig } from './test-helpers.js';

/** The R case as analyze() receives it: each dosed treatment applies one product costing c per unit of dose. */
function inputOf(c: RRegressaoCase): AnalyzeInput {
  return {
    design: c.design,
    precoSaca: c.precoSaca,
    tratamentos: c.repeticoes.map((repeticoes, i): TratamentoInput => {
      const dose = c.doses[i] ?? null;
      return {
        nome: `T${i + 1}`,
        repeticoes,
        dose,
        produtos: dose !== null && dose > 0 && c.precoDose !== null ? [{ dose, custo: c.precoDose * dose }] : [],
      };
    }),
  };
}

function regressaoOf(c: RRegressaoCase): RegressaoDose {
  const reg = analyze(inputOf(c)).regressao;
  expect(reg, c.nome).not.toBeNull();
  return reg as RegressaoDose;
}

const close = (actual: number | null | undefined, expected: number | null, label: string, rel = 1e-6) =>
  expect(relClose(actual, expected, rel), `${label}: ${actual} vs ${expected}`).toBe(true);

describe('dose–response regression against base R (tests/fixtures/stats/regressao.R)', () => {
  const cases = rRegressaoCases();

  it('has the committed cases: DIC and DBC, linear, quadratic, none, pooled doses', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((c) => c.design))).toEqual(new Set(['DIC', 'DBC']));
    expect(new Set(cases.map((c) => c.modelo))).toEqual(new Set(['linear', 'quadratico', null]));
  });

  it('splits the treatment SS into linear, quadratic and cubic terms with F and p against the residual, to 1e-6', () => {
    for (const c of cases) {
      const a = analyze(inputOf(c));
      close(a.anova.residuo.qm, c.residuo.qm, `${c.nome} QMres`, 1e-9);
      const reg = regressaoOf(c);
      expect(
        reg.termos.map((t) => t.grau),
        c.nome,
      ).toEqual(c.termos.map((t) => t.grau));
      reg.termos.forEach((t, i) => {
        const e = c.termos[i]!;
        expect(t.gl).toBe(1);
        close(t.sq, e.sq, `${c.nome} SQ grau ${t.grau}`, 1e-8);
        close(t.qm, e.qm, `${c.nome} QM grau ${t.grau}`, 1e-8);
        close(t.f, e.f, `${c.nome} F grau ${t.grau}`, 1e-8);
        close(t.p, e.p, `${c.nome} p grau ${t.grau}`);
      });
    }
  });

  it('chooses the highest significant degree ≤ 2, with its coefficients, R², p and lack of fit', () => {
    for (const c of cases) {
      const reg = regressaoOf(c);
      expect(reg.modelo, c.nome).toBe(c.modelo);
      if (c.modelo === null) {
        expect(reg.coeficientes).toBeNull();
        expect(reg.r2).toBeNull();
        expect(reg.falta_ajuste_p).toBeNull();
        continue;
      }
      expect(reg.coeficientes).toHaveLength(c.coeficientes!.length);
      reg.coeficientes!.forEach((b, i) => close(b, c.coeficientes![i]!, `${c.nome} b${i}`, 1e-8));
      close(reg.r2, c.r2, `${c.nome} R²`, 1e-9);
      close(reg.p, c.termos[c.modelo === 'linear' ? 0 : 1]!.p, `${c.nome} p`);
      if (c.faltaAjuste === null) {
        expect(reg.falta_ajuste).toBeNull();
        expect(reg.falta_ajuste_p).toBeNull();
      } else {
        expect(reg.falta_ajuste!.gl).toBe(c.faltaAjuste.gl);
        close(reg.falta_ajuste!.sq, c.faltaAjuste.sq, `${c.nome} SQ falta de ajuste`, 1e-7);
        close(reg.falta_ajuste!.f, c.faltaAjuste.f, `${c.nome} F falta de ajuste`, 1e-7);
        close(reg.falta_ajuste_p, c.faltaAjuste.p, `${c.nome} p falta de ajuste`);
      }
    }
  });

  it('gives the dose of maximum yield and the economic dose inside the tested range, null with a note outside it', () => {
    let dentro = 0;
    let fora = 0;
    for (const c of cases) {
      const reg = regressaoOf(c);
      const doses = c.doses.filter((d): d is number => d !== null);
      const inRange = (d: number) => d >= Math.min(...doses) && d <= Math.max(...doses);
      if (c.doseMaxima && inRange(c.doseMaxima[0])) {
        close(reg.dose_maxima, c.doseMaxima[0], `${c.nome} dose máxima`, 1e-8);
        close(reg.produtividade_maxima, c.doseMaxima[1], `${c.nome} produtividade máxima`, 1e-9);
      } else {
        expect(reg.dose_maxima, c.nome).toBeNull();
        if (c.doseMaxima) expect(reg.avisos.some((a) => a.includes('fora da faixa testada'))).toBe(true);
      }
      if (c.doseEconomica && inRange(c.doseEconomica[0])) {
        dentro++;
        close(reg.preco_dose, c.precoDose, `${c.nome} preço por dose`, 1e-12);
        close(reg.dose_economica, c.doseEconomica[0], `${c.nome} dose econômica`, 1e-8);
        close(reg.produtividade_economica, c.doseEconomica[1], `${c.nome} produtividade econômica`, 1e-9);
        close(reg.margem_economica, c.doseEconomica[2], `${c.nome} margem`, 1e-7);
      } else {
        expect(reg.dose_economica, c.nome).toBeNull();
        if (c.doseEconomica) fora++;
      }
    }
    expect(dentro).toBeGreaterThanOrEqual(4);
    expect(fora).toBeGreaterThanOrEqual(2);
  });
});

describe('Banzatto & Kronka, Quadro 7.2.1 (gypsum on beans, DIC): the published table', () => {
  const c = rRegressaoCases().find((x) => x.nome === 'banzatto_gesso')!;

  it('linear 423,2, quadratic 1285,8, cubic 155,0, residual 886,3 (21 gl); quadratic model', () => {
    const a = analyze(inputOf(c));
    const reg = a.regressao!;
    expectSig(reg.termos[0]!.sq, 423.2, 4);
    expectSig(reg.termos[1]!.sq, 1285.8, 5);
    expectSig(reg.termos[2]!.sq, 155.0, 4);
    expectSig(a.anova.residuo.sq, 886.3, 4);
    expect(a.anova.residuo.gl).toBe(21);
    expect(reg.modelo).toBe('quadratico');
    // Lack of fit of the quadratic = cubic + deviations (155,0 + 77,8 on 1 + 3 gl).
    expect(reg.falta_ajuste!.gl).toBe(4);
    expectSig(reg.falta_ajuste!.sq, 155.0 + 77.8, 4);
  });
});

const base = (doses: (number | null | undefined)[], extra: Partial<AnalyzeInput> = {}): AnalyzeInput => ({
  design: 'DBC',
  tratamentos: doses.map((dose, i) => ({
    nome: `D${i}`,
    dose,
    repeticoes: [0, 1, 2, 3].map(
      (j) => 3000 + 12 * (dose ?? 0) - 0.04 * (dose ?? 0) ** 2 + [30, -20, 10, -25][j]! * ((i % 3) + 1) + 15 * j,
    ),
  })),
  ...extra,
});

describe('regressao in analyze()', () => {
  it('is null when no treatment carries a dose', () => {
    expect(analyze(base([undefined, null, undefined])).regressao).toBeNull();
  });

  it('needs 3 distinct doses: with 2 it answers no terms and says why', () => {
    const reg = analyze(base([0, 100, 100])).regressao!;
    expect(reg.termos).toEqual([]);
    expect(reg.modelo).toBeNull();
    expect(reg.avisos).toContain('A regressão precisa de pelo menos 3 doses diferentes (informadas: 2).');
  });

  it('leaves a treatment without a dose out, and says how to bring the control in', () => {
    const reg = analyze(base([null, 0, 50, 100, 150])).regressao!;
    expect(reg.medias_por_dose.map((m) => m.dose)).toEqual([0, 50, 100, 150]);
    expect(reg.avisos[0]).toBe(
      'Sem dose informada, "D0" ficou fora da regressão. Se for a testemunha sem o produto, informe a dose 0 para incluí-la.',
    );
  });

  it('pools treatments that share a dose and says so', () => {
    const reg = analyze(base([0, 50, 50, 100, 150])).regressao!;
    expect(reg.medias_por_dose).toHaveLength(4);
    expect(reg.avisos.some((a) => a.startsWith('Tratamentos com a mesma dose foram agrupados na regressão: "D1", "D2" (dose 50)'))).toBe(
      true,
    );
  });

  it('says what to fill in for the economic dose: the bag price, the product, or both', () => {
    const semNada = analyze(base([0, 50, 100, 150, 200])).regressao!;
    expect(semNada.modelo).toBe('quadratico');
    expect(semNada.dose_maxima).toBeCloseTo(150, 0);
    expect(semNada.dose_economica).toBeNull();
    expect(semNada.avisos).toContain(
      'Para calcular a dose de máxima eficiência econômica, informe o preço da saca (passo 6) e a dose e o custo do produto aplicado nos tratamentos com dose.',
    );
    const comPreco = analyze(base([0, 50, 100, 150, 200], { precoSaca: 120 })).regressao!;
    expect(comPreco.avisos).toContain(
      'Para calcular a dose de máxima eficiência econômica, informe a dose e o custo do produto aplicado nos tratamentos com dose.',
    );
  });

  it('computes d* = (c ÷ (preço/60) − b1) / (2·b2) with c = custo ÷ dose', () => {
    const input = base([0, 50, 100, 150, 200], { precoSaca: 120 });
    input.tratamentos.forEach((t) => {
      t.produtos = t.dose ? [{ dose: t.dose, custo: 1.5 * t.dose }] : [];
    });
    const reg = analyze(input).regressao!;
    const [, b1, b2] = reg.coeficientes!;
    expect(reg.preco_dose).toBe(1.5);
    expect(reg.dose_economica).toBeCloseTo((1.5 / 2 - b1!) / (2 * b2!), 10);
    expect(reg.dose_economica!).toBeLessThan(reg.dose_maxima!);
    expect(reg.margem_economica).toBeGreaterThan(0);
  });

  it('refuses a negative or non-numeric dose with a pt-BR message', () => {
    const comDose = (dose: number) => {
      const input = base([0, 1, 2]);
      input.tratamentos[1]!.dose = dose;
      return () => analyze(input);
    };
    expect(comDose(-1)).toThrow(StatsInputError);
    expect(comDose(Number.NaN)).toThrow('Dose inválida em "D1": informe um número maior ou igual a zero.');
  });

  it('survives JSON unchanged on a large trial (20 treatments × 12 replicates)', () => {
    const input: AnalyzeInput = {
      design: 'DBC',
      precoSaca: 100,
      tratamentos: Array.from({ length: 20 }, (_, i) => ({
        nome: `T${i}`,
        dose: 10 * i,
        produtos: i ? [{ dose: 10 * i, custo: 20 * i }] : [],
        repeticoes: Array.from({ length: 12 }, (_, j) => 4000 + 30 * i - 1.2 * i * i + ((i * 7 + j * 13) % 11) * 20),
      })),
    };
    const reg = analyze(input).regressao!;
    expect(reg.modelo).toBe('quadratico');
    expect(reg.termos).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(reg))).toEqual(reg);
  });
});

describe('precoPorDose', () => {
  it("takes the product whose dose is the treatment's, else the only priced one; the median over treatments", () => {
    const r = precoPorDose(
      [0, 100, 200, 300],
      [
        [],
        [
          { dose: 2, custo: 50 }, // an adjuvant at another dose
          { dose: 100, custo: 200 },
        ],
        [{ dose: 200, custo: 440 }],
        [{ dose: 3, custo: 900 }],
      ],
    );
    expect(r).toEqual({ preco: 2.2, min: 2, max: 300 });
  });

  it('is null when no dosed treatment has a product with dose and cost', () => {
    expect(precoPorDose([0, 1, 2], [[], [{ dose: 1, custo: null }], [{ dose: null, custo: 5 }]]).preco).toBeNull();
  });
});

describe('formatarDose', () => {
  it('prints doses from g to kg per hectare in pt-BR without losing small ones', () => {
    expect([153.82, 12.5, 0, 0.5739, 0.00025, 2500].map(formatarDose)).toEqual(['153,8', '12,5', '0', '0,574', '0,00025', '2.500']);
  });
});
