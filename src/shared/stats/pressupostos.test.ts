import { describe, expect, it } from 'vitest';
import { anova } from './anova.js';
import { analyze, avisos, type AnalyzeInput } from './index.js';
import { arredondarLambda, boxCox, diagnostico, levene, sugerirTransformacao, transformarTabela } from './pressupostos.js';
import { rPressupostos, type RPressupostos } from './pressupostos-fixture.test-helper.js';
import { relClose } from './r-fixture.test-helper.js';
import { StatsInputError } from './stats-input-error.js';

const casos = rPressupostos();
const caso = (nome: string): RPressupostos => {
  const c = casos.find((x) => x.nome === nome);
  if (!c) throw new Error(`caso ${nome} ausente de pressupostos.out`);
  return c;
};
const valores = (c: RPressupostos, key: string): (number | null)[] => {
  const v = c.valores.get(key);
  if (!v) throw new Error(`${c.nome}: chave ${key} ausente`);
  return v;
};
const nomesDe = (c: RPressupostos) => c.repeticoes.map((_, i) => `T${i + 1}`);
const entrada = (c: RPressupostos): AnalyzeInput => ({
  design: c.design,
  tratamentos: c.repeticoes.map((repeticoes, i) => ({ nome: `T${i + 1}`, repeticoes })),
});

/** Largest relative error seen against R, per quantity (printed once at the end for the report). */
const maxErro = new Map<string, number>();
function perto(label: string, actual: number | null | undefined, expected: number | null, rel = 1e-6, abs = 0): void {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(actual, label).toBeTypeOf('number');
  const erro = Math.abs((actual as number) - expected);
  const escala = Math.max(Math.abs(expected), 1e-300);
  // Near zero (a residual, an intercept) the error is measured against the absolute tolerance's scale.
  const chave = label.split(' ')[0] ?? label;
  maxErro.set(chave, Math.max(maxErro.get(chave) ?? 0, erro / Math.max(escala, abs / rel)));
  expect(erro <= rel * escala || erro <= abs, `${label}: ${actual} vs R ${expected}`).toBe(true);
}

describe('pressupostos against base R (tests/fixtures/stats/pressupostos.R)', () => {
  it('has the committed cases, InsectSprays and the skewed ones among them', () => {
    expect(casos.map((c) => c.nome)).toEqual(
      expect.arrayContaining(['insetos', 'plantgrowth', 'sorgo', 'gama_dic', 'reciproco_dic', 'soja20x12', 'duas_rep']),
    );
    expect(casos.length).toBeGreaterThanOrEqual(12);
  });

  it('Levene (Brown-Forsythe) F, degrees of freedom and p', () => {
    for (const c of casos) {
      const [f, gl1, gl2, p] = valores(c, 'levene');
      const l = levene(c.repeticoes);
      if (f === null) {
        expect(l, c.nome).toBeNull();
        continue;
      }
      expect(l, c.nome).not.toBeNull();
      perto(`levene.f ${c.nome}`, l?.f, f ?? null, 1e-9);
      expect([l?.gl1, l?.gl2]).toEqual([gl1, gl2]);
      perto(`levene.p ${c.nome}`, l?.p, p ?? null, 1e-8);
    }
  });

  it('Box-Cox maximiser and profile log-likelihood (optimize on the hand-written profile; MASS::boxcox grid)', () => {
    for (const c of casos) {
      const bc = boxCox(c.repeticoes, c.design);
      const esperado = c.valores.get('boxcox');
      if (!esperado) {
        expect(bc, c.nome).toBeNull();
        continue;
      }
      const [lambda, ll] = esperado;
      perto(`boxcox.lambda ${c.nome}`, bc?.lambda, lambda ?? null, 1e-6, 1e-6);
      perto(`boxcox.loglik ${c.nome}`, bc?.logVerossimilhanca, ll ?? null, 1e-9);
      const mass = c.valores.get('boxcox_mass')?.[0];
      if (typeof mass === 'number') expect(Math.abs((bc?.lambda ?? NaN) - mass), `${c.nome} MASS`).toBeLessThanOrEqual(0.0005 + 1e-9);
      expect(arredondarLambda(bc?.lambda ?? NaN)).toBe(valores(c, 'boxcox_lambda_aplicado')[0]);
    }
  });

  it("residuals and fitted values of aov(), R's qqnorm positions (ties in input order) and qqline", () => {
    for (const c of casos) {
      const result = anova(c.repeticoes, c.design);
      const d = diagnostico(nomesDe(c), c.repeticoes, result);
      const escala = Math.max(...c.repeticoes.flat().map(Math.abs));
      const residuos = valores(c, 'residuos');
      const ajustados = valores(c, 'ajustados');
      const quantis = valores(c, 'quantis');
      const qm = valores(c, 'qmres')[0] ?? NaN;
      expect(d.pontos).toHaveLength(residuos.length);
      d.pontos.forEach((pt, i) => {
        perto(`residuo ${c.nome}[${i}]`, pt.residuo, residuos[i] ?? null, 1e-6, 1e-11 * escala);
        perto(`ajustado ${c.nome}[${i}]`, pt.ajustado, ajustados[i] ?? null, 1e-10);
        perto(`residuoPadronizado ${c.nome}[${i}]`, pt.residuoPadronizado, (residuos[i] ?? NaN) / Math.sqrt(qm), 1e-6, 1e-11 * escala);
        // Residuals tied in exact arithmetic may differ in their last bits between R's QR and our
        // means, and trade plotting positions: the quantile must be one R gave to an equal residual.
        const iguais = residuos.flatMap((e, j) => (Math.abs((e ?? NaN) - pt.residuo) <= 1e-9 * escala ? [quantis[j] ?? NaN] : []));
        expect(
          iguais.some((q) => relClose(pt.quantilTeorico, q, 1e-12)),
          `${c.nome}[${i}] quantil ${pt.quantilTeorico} ∉ ${iguais}`,
        ).toBe(true);
      });
      expect(d.pontos.map((pt) => pt.quantilTeorico).sort((a, b) => a - b)).toEqual(
        quantis
          .map((q) => q ?? NaN)
          .sort((a, b) => a - b)
          .map((q) => expect.closeTo(q, 12)),
      );
      const [intercepto, inclinacao] = valores(c, 'qqline');
      perto(`qqline.inclinacao ${c.nome}`, d.retaQQ.inclinacao, inclinacao ?? null, 1e-9);
      perto(`qqline.intercepto ${c.nome}`, d.retaQQ.intercepto, intercepto ?? null, 1e-7, 1e-12);
      expect(d.pontos[0]).toMatchObject({ nome: 'T1', repeticao: 1 });
      expect(d.pontos.at(-1)).toMatchObject({ nome: `T${c.repeticoes.length}`, repeticao: c.repeticoes[0]?.length });
    }
  });

  it('analyses the transformed data as aov() does: ANOVA, Shapiro-Wilk, Bartlett and Levene', () => {
    let checked = 0;
    for (const c of casos) {
      for (const t of ['raiz', 'log', 'boxcox'] as const) {
        const linha = c.valores.get(`${t}_anova`);
        if (!linha) continue;
        const a = analyze(entrada(c), { transformacao: t });
        expect(a.transformacao.aplicada).toBe(t);
        const fontes = c.design === 'DBC' ? 3 : 2;
        const linhas = a.anova.linhas.slice(0, fontes);
        linhas.forEach((l, i) => {
          expect(l.gl, `${c.nome} ${t} gl`).toBe(linha[i]);
          perto(`transformada.sq ${c.nome} ${t} ${l.fonte}`, l.sq, linha[fontes + i] ?? null, 1e-9);
        });
        perto(`transformada.f ${c.nome} ${t}`, a.anova.tratamentos.f, linha[2 * fontes] ?? null, 1e-9);
        perto(`transformada.p ${c.nome} ${t}`, a.anova.tratamentos.p, linha[2 * fontes + 1] ?? null, 1e-7);
        const [w, pw] = valores(c, `${t}_shapiro`);
        perto(`transformada.shapiro.w ${c.nome} ${t}`, a.shapiroWilk.w, w ?? null, 1e-9);
        perto(`transformada.shapiro.p ${c.nome} ${t}`, a.shapiroWilk.p, pw ?? null, 1e-6);
        const [k2, pb] = valores(c, `${t}_bartlett`);
        perto(`transformada.bartlett ${c.nome} ${t}`, a.bartlett.estatistica, k2 ?? null, 1e-8);
        perto(`transformada.bartlett.p ${c.nome} ${t}`, a.bartlett.p, pb ?? null, 1e-8);
        const [f, , , pl] = valores(c, `${t}_levene`);
        perto(`transformada.levene ${c.nome} ${t}`, a.levene?.f ?? null, f ?? null, 1e-8);
        perto(`transformada.levene.p ${c.nome} ${t}`, a.levene?.p ?? null, pl ?? null, 1e-7);
        // Groups in the order of the transformed means (the letters' order), each with its plain mean in kg/ha.
        const mediasT = valores(c, `${t}_medias`);
        const ordem = mediasT.map((m, i) => ({ m: m ?? NaN, nome: `T${i + 1}` })).sort((x, y) => y.m - x.m);
        expect(a.tukey.grupos.map((g) => g.nome)).toEqual(ordem.map((o) => o.nome));
        for (const g of [...a.tukey.grupos, ...a.scottKnott.grupos, ...a.lsd.grupos, ...a.snk.grupos, ...a.duncan.grupos]) {
          const i = Number(g.nome.slice(1)) - 1;
          const row = c.repeticoes[i] ?? [];
          expect(g.media).toBeCloseTo(row.reduce((s, v) => s + v, 0) / row.length, 9);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it('agrees with R to 1e-6 relative everywhere (absolute near zero), most quantities to 1e-12', () => {
    expect(maxErro.size).toBeGreaterThan(15);
    for (const [quantidade, erro] of maxErro) expect(erro, quantidade).toBeLessThan(1e-6);
  });
});

describe('the suggested transformation', () => {
  it('InsectSprays: counts with zeros fail both tests, so the square root (log and Box-Cox cannot take a 0)', () => {
    const c = caso('insetos');
    const a = analyze(entrada(c));
    expect(a.transformacao).toMatchObject({ sugerida: 'raiz', lambda: null, lambdaArredondado: null, aplicada: null });
    expect(a.transformacao.motivo).toBe(
      'Falha na normalidade dos resíduos (Shapiro-Wilk p = 0,022) e na homogeneidade das variâncias (Bartlett p < 0,001; Levene p = 0,004). ' +
        'Há parcelas com produtividade zero, o que impede o logaritmo e o Box-Cox: sugere-se a raiz quadrada. ' +
        'Nos dados transformados: Shapiro-Wilk p = 0,681, Bartlett p = 0,586, Levene p = 0,497, pressupostos atendidos a 5 %.',
    );
    expect(avisos(a)).toContain('Sugestão: analisar os dados com a transformação raiz quadrada; veja "Pressupostos da análise".');
    expect(avisos(a)).toContain(
      'As variâncias dos tratamentos não são homogêneas pelo teste de Levene (Brown-Forsythe, p = 0,004): interprete os testes com cautela.',
    );
    const raiz = analyze(entrada(c), { transformacao: 'raiz' });
    expect(raiz.transformacao).toMatchObject({ sugerida: 'raiz', aplicada: 'raiz' });
    expect(avisos(raiz)[0]).toBe(
      'Análise feita com os dados transformados (raiz quadrada): ANOVA, testes e letras; médias, ganhos e CV estão na escala original (kg/ha).',
    );
    expect(avisos(raiz).some((t) => t.startsWith('Sugestão'))).toBe(false);
    // What is reported in kg/ha stays that of the original data.
    expect(raiz.media).toBe(a.media);
    expect(raiz.cv).toBe(a.cv);
    expect(raiz.ganhos).toEqual(a.ganhos);
    expect(raiz.testemunha).toEqual(a.testemunha);
  });

  it('multiplicative (gamma) errors: λ near 0, the log', () => {
    const a = analyze(entrada(caso('gama_dic')));
    expect(a.transformacao.sugerida).toBe('log');
    expect(a.transformacao.motivo).toMatch(
      /^Falha na normalidade dos resíduos \(Shapiro-Wilk p < 0,001\) e na homogeneidade das variâncias \(Bartlett p < 0,001\)\. O λ de Box-Cox estimado é −0,15, próximo de 0: sugere-se o logaritmo\. Nos dados transformados: Shapiro-Wilk p = 0,436, .*pressupostos atendidos a 5 %\.$/,
    );
  });

  it('reciprocal errors: Box-Cox with λ rounded to −1,5', () => {
    const a = analyze(entrada(caso('reciproco_dic')));
    expect(a.transformacao).toMatchObject({ sugerida: 'boxcox', lambdaArredondado: -1.5 });
    expect(a.transformacao.lambda).toBeCloseTo(-1.3682, 4);
    expect(a.transformacao.motivo).toContain('sugere-se a transformação de Box-Cox com λ = −1,5.');
    expect(avisos(a)).toContain('Sugestão: analisar os dados com a transformação Box-Cox (λ = −1,5); veja "Pressupostos da análise".');
    expect(avisos(analyze(entrada(caso('reciproco_dic')), { transformacao: 'boxcox' }))[0]).toContain('(Box-Cox (λ = −1,5))');
  });

  it('suggests nothing when the assumptions hold, and says so', () => {
    for (const nome of ['plantgrowth', 'sorgo', 'enxerto']) {
      const a = analyze(entrada(caso(nome)));
      expect(a.transformacao).toMatchObject({
        sugerida: null,
        aplicada: null,
        motivo: 'Normalidade e homogeneidade das variâncias atendidas a 5 %: nenhuma transformação é necessária.',
      });
      expect(a.transformacao.lambda).not.toBeNull();
    }
  });

  it('says when the suggested transformation does not fix everything (20 treatments × 12 blocks, Bartlett)', () => {
    const a = analyze(entrada(caso('soja20x12')));
    expect(a.transformacao.sugerida).toBe('raiz');
    expect(a.transformacao.motivo).toMatch(
      /^Falha na homogeneidade das variâncias \(Bartlett p = 0,011\)\. O λ de Box-Cox estimado é 0,33, próximo de 0,5: sugere-se a raiz quadrada\. .*, ainda com falha a 5 %\.$/,
    );
  });

  it('λ near 1 with a failed test: no power transformation, look for outliers', () => {
    const tabela = [
      [3000, 3050, 2980, 3020],
      [3300, 3320, 3280, 4400],
      [3500, 3480, 3530, 3510],
    ];
    const info = sugerirTransformacao(tabela, ['A', 'B', 'C'], 'DIC', { shapiroWilk: { p: 0.001 }, bartlett: { p: 0.2 }, levene: null });
    expect(info.lambda).not.toBeNull();
    if (Math.abs((info.lambda ?? 0) - 1) < 0.25) {
      expect(info.sugerida).toBeNull();
      expect(info.motivo).toContain('próximo de 1: nenhuma transformação de potência deve corrigir a falha');
    }
  });

  it('the λ rule: ±0.25 around 0 is log, around 0.5 the square root, around 1 nothing, else the nearest 0.5', () => {
    expect([-2, -1.74, -1.26, -0.74, -0.26, 0, 0.24, 0.76, 1.3, 1.76].map(arredondarLambda)).toEqual([
      -2, -1.5, -1.5, -0.5, -0.5, 0, 0, 1, 1.5, 2,
    ]);
    expect(Object.is(arredondarLambda(-0.2), -0)).toBe(false);
  });
});

describe('Levene and Box-Cox edge cases', () => {
  it('2 replicates: Levene is undefined (null) and avisos() says why', () => {
    const c = caso('duas_rep');
    const a = analyze(entrada(c));
    expect(a.levene).toBeNull();
    expect(avisos(a)).toContain(
      'O teste de Levene não se aplica com 2 repetições por tratamento: os dois desvios em relação à mediana são sempre iguais.',
    );
  });

  it('refuses log and Box-Cox on a zero yield with a pt-BR message (422), and unknown transformations', () => {
    const input = entrada(caso('insetos'));
    for (const t of ['log', 'boxcox'] as const) {
      expect(() => analyze(input, { transformacao: t })).toThrow(StatsInputError);
    }
    expect(() => analyze(input, { transformacao: 'log' })).toThrow(
      'A transformação logarítmica (ln) exige produtividades maiores que zero, e a repetição 1 de "T3" é 0. Use a raiz quadrada ou confira a parcela.',
    );
    expect(() => analyze(input, { transformacao: 'exp' as never })).toThrow('Transformação desconhecida: "exp". Use log, raiz ou boxcox.');
    expect(
      boxCox(
        input.tratamentos.map((t) => t.repeticoes),
        'DIC',
      ),
    ).toBeNull();
  });

  it('Box-Cox keeps its precision for large yields and λ at the ends of the range', () => {
    const tabela = [
      [900000, 950000, 910000],
      [500000, 520000, 480000],
      [700000, 690000, 760000],
    ];
    const t = transformarTabela(tabela, ['A', 'B', 'C'], 'boxcox', -2);
    const a = anova(t, 'DIC');
    const viaRecíproco = anova(
      tabela.map((row) => row.map((v) => -1e12 / v ** 2)),
      'DIC',
    );
    expect(relClose(a.tratamentos.f, viaRecíproco.tratamentos.f, 1e-9)).toBe(true);
    expect(boxCox(tabela, 'DIC')?.lambda).toBeGreaterThanOrEqual(-2);
  });
});
