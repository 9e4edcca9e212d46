import { describe, expect, it } from 'vitest';
// The numbers base R printed for tests/fixtures/stats/avaliacoes.R (aov, TukeyHSD, qtukey, trapezoids).
import printed from '../../../tests/fixtures/stats/avaliacoes.out?raw';
import { anova } from './anova.js';
import { aacpd, curvaProgresso, eficaciaAbbott, parcelasCompletas } from './avaliacoes.js';
import { analyze, StatsInputError } from './index.js';
import { sugerirTransformacao, transformarTabela } from './pressupostos.js';
import { rOutputCases, relClose } from './r-fixture.test-helper.js';
import { tukey } from './tukey.js';

type Linhas = Map<string, string[][]>;
const casos = new Map(rOutputCases(printed));
const caso = (nome: string): Linhas => {
  const c = casos.get(nome);
  if (!c) throw new Error(`caso ${nome} ausente de avaliacoes.out`);
  return c;
};
const linha = (c: Linhas, chave: string): string[] => {
  const l = c.get(chave)?.[0];
  if (!l) throw new Error(`linha ${chave} ausente`);
  return l;
};
const numeros = (c: Linhas, chave: string): number[] => linha(c, chave).map(Number);
const valores = (c: Linhas, chave: string): (number | null)[] => linha(c, chave).map((v) => (v === 'NA' ? null : Number(v)));

/** `dados` as k treatments' plot values (null for NA). */
function dados(c: Linhas): { design: 'DBC' | 'DIC'; k: number; r: number; tabela: (number | null)[][] } {
  const [design, kText, rText, ...ys] = linha(c, 'dados');
  const k = Number(kText);
  const r = Number(rText);
  return {
    design: design === 'DBC' ? 'DBC' : 'DIC',
    k,
    r,
    tabela: Array.from({ length: k }, (_, i) => ys.slice(i * r, (i + 1) * r).map((v) => (v === 'NA' ? null : Number(v)))),
  };
}

const cheia = (t: (number | null)[][]): number[][] => t.map((row) => row.map((v) => v ?? Number.NaN));
const porTratamento = (ys: (number | null)[], k: number, r: number) => Array.from({ length: k }, (_, i) => ys.slice(i * r, (i + 1) * r));

/** F, p, QMres and residual df of an R `anova` line against ours, to 1e-9 relative. */
function compararAnova(c: Linhas, chave: string, tabela: number[][], design: 'DBC' | 'DIC') {
  const [f, p, qm, gl] = numeros(c, chave);
  const a = anova(tabela, design);
  expect(relClose(a.tratamentos.f, f ?? NaN, 1e-9), `${chave} F ${a.tratamentos.f} vs ${f}`).toBe(true);
  expect(relClose(a.tratamentos.p, p ?? NaN, 1e-6), `${chave} p ${a.tratamentos.p} vs ${p}`).toBe(true);
  expect(relClose(a.residuo.qm, qm ?? NaN, 1e-9), `${chave} QMres ${a.residuo.qm} vs ${qm}`).toBe(true);
  expect(a.residuo.gl).toBe(gl);
  return a;
}

const nomes = (k: number) => Array.from({ length: k }, (_, i) => (i === 0 ? 'Testemunha' : `Produto ${i + 1}`));

/**
 * Checks Abbott's efficacies, the efficacies' ANOVA, HSD and letters against R. Letters: two
 * treatments share one exactly when TukeyHSD does not separate them (p adj ≥ 0.05); "a" goes to the
 * highest efficacy.
 */
function compararAbbott(c: Linhas, design: 'DBC' | 'DIC', tabela: number[][]) {
  const trats = tabela.map((repeticoes, i) => ({ nome: nomes(tabela.length)[i] ?? '', repeticoes }));
  const ef = eficaciaAbbott(design, trats);
  const esperado = numeros(c, 'abbott');
  expect(ef.map((e) => e.nome)).toEqual(trats.slice(1).map((t) => t.nome));
  ef.forEach((e, i) => expect(e.pct).toBeCloseTo(esperado[i] ?? NaN, 9));

  const controle = (tabela[0] ?? []).reduce((a, v) => a + v, 0) / (tabela[0]?.length ?? 1);
  const plotEf = tabela.slice(1).map((row) => row.map((y) => (1 - y / controle) * 100));
  const a = compararAnova(c, 'efic_anova', plotEf, design);
  a.medias.forEach((m, i) => expect(m).toBeCloseTo(numeros(c, 'efic_medias')[i] ?? NaN, 9));
  const hsd = tukey({
    nomes: ef.map((e) => e.nome),
    medias: a.medias,
    r: a.r,
    qmRes: a.residuo.qm,
    glRes: a.residuo.gl,
    significativo: true,
  });
  // R's qtukey() ends its secant search at a step under 1e-4 (src/nmath/qtukey.c): its HSD is good
  // to ~1e-7 relative, so 1e-6 as comparacoes.test.ts does for SNK and Duncan.
  const rHsd = numeros(c, 'efic_hsd')[0] ?? NaN;
  expect(relClose(hsd.dms, rHsd, 1e-6), `HSD ${hsd.dms} vs ${rHsd}`).toBe(true);

  const significativo = a.tratamentos.p < 0.05;
  const maior = a.medias.indexOf(Math.max(...a.medias));
  expect(ef[maior]?.letras.startsWith('a')).toBe(true);
  for (const [par = '', diff, padj] of c.get('tukey') ?? []) {
    // R's levels 1..k-1 are the non-control treatments in order: row "j-i" is mean j − mean i.
    const [j = 0, i = 0] = par.split('-').map((v) => Number(v) - 1);
    expect((a.medias[j] ?? 0) - (a.medias[i] ?? 0)).toBeCloseTo(Number(diff), 9);
    const comum = [...(ef[i]?.letras ?? '')].some((l) => ef[j]?.letras.includes(l));
    expect(comum, `${par}: p adj ${padj}, letras ${ef[i]?.letras} / ${ef[j]?.letras}`).toBe(!significativo || Number(padj) >= 0.05);
  }
  return ef;
}

describe('assessments against base R (tests/fixtures/stats/avaliacoes.R)', () => {
  it('has the committed cases', () => {
    expect([...casos.keys()]).toEqual(['fungicida', 'inseticida', 'faltante', 'heterogenea']);
  });

  describe('fungicide trial, DBC 5 × 4, severity on three dates', () => {
    const c = caso('fungicida');
    const { k, r, tabela } = dados(c);
    const datas = linha(c, 'datas');
    const porData = datas.map((_, d) => porTratamento(valores(c, `sev${d + 1}`), k, r));

    it('ANOVA of the last date: F, p, QMres and means', () => {
      const a = compararAnova(c, 'anova', cheia(tabela), 'DBC');
      a.medias.forEach((m, i) => expect(m).toBeCloseTo(numeros(c, 'medias')[i] ?? NaN, 9));
    });

    it("Abbott's efficacy, its ANOVA, HSD and Tukey letters", () => {
      const ef = compararAbbott(c, 'DBC', cheia(tabela));
      expect(ef.map((e) => e.letras)).toEqual(['b', 'a', 'c', 'a']);
    });

    it('progress curve: mean per date, sorted by date whatever the input order', () => {
      const trats = nomes(k).map((nome, i) => ({ nome, valores: porData.map((t) => t[i] ?? []) }));
      const ordem = [2, 0, 1];
      const curvas = curvaProgresso(
        ordem.map((d) => datas[d] ?? ''),
        trats.map((t) => ({ nome: t.nome, valores: ordem.map((d) => t.valores[d] ?? []) })),
      );
      curvas.forEach((curva, i) => {
        expect(curva.pontos.map((p) => p.data)).toEqual(datas);
        curva.pontos.forEach((p, d) => expect(p.media).toBeCloseTo(numeros(c, `curva${d + 1}`)[i] ?? NaN, 9));
      });
    });

    it('AACPD per plot (trapezoids, 7 and 14 days across the new year) and its ANOVA', () => {
      const esperado = numeros(c, 'aacpd');
      const calculado: number[] = [];
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < r; j++) {
          // Dates given out of order: aacpd() sorts them.
          const pontos = datas.map((data, d) => ({ data, valor: porData[d]?.[i]?.[j] ?? null })).reverse();
          calculado.push(aacpd(pontos) ?? NaN);
        }
      }
      calculado.forEach((v, n) => expect(v).toBeCloseTo(esperado[n] ?? NaN, 9));
      const a = compararAnova(c, 'aacpd_anova', porTratamento(calculado, k, r) as number[][], 'DBC');
      a.medias.forEach((m, i) => expect(m).toBeCloseTo(numeros(c, 'aacpd_medias')[i] ?? NaN, 9));
    });

    it('arcsine of the severities and its ANOVA', () => {
      const t = transformarTabela(cheia(tabela), nomes(k), 'arcoseno', null);
      t.flat().forEach((v, n) => expect(v).toBeCloseTo(numeros(c, 'arcoseno')[n] ?? NaN, 12));
      compararAnova(c, 'arcoseno_anova', t, 'DBC');
      const a = analyze(
        { design: 'DBC', tratamentos: nomes(k).map((nome, i) => ({ nome, repeticoes: cheia(tabela)[i] ?? [] })) },
        { transformacao: 'arcoseno' },
      );
      expect(relClose(a.anova.tratamentos.f, numeros(c, 'arcoseno_anova')[0] ?? NaN, 1e-9)).toBe(true);
      // Means stay on the original scale.
      expect(a.testemunha?.media).toBeCloseTo(numeros(c, 'medias')[0] ?? NaN, 9);
    });
  });

  describe('insecticide trial, DIC 4 × 5, insect counts', () => {
    const c = caso('inseticida');
    const { tabela } = dados(c);

    it('ANOVA, Abbott with DIC letters, square root ANOVA', () => {
      compararAnova(c, 'anova', cheia(tabela), 'DIC');
      compararAbbott(c, 'DIC', cheia(tabela));
      compararAnova(c, 'raiz_anova', transformarTabela(cheia(tabela), nomes(4), 'raiz', null), 'DIC');
    });
  });

  describe('DBC with a missing plot', () => {
    const c = caso('faltante');
    const { k, tabela } = dados(c);
    const trats = nomes(k).map((nome, i) => ({ nome, valores: tabela[i] ?? [] }));

    it('drops the incomplete block and analyses the complete ones as R does', () => {
      const p = parcelasCompletas('DBC', trats);
      expect(p.blocosRemovidos).toEqual(numeros(c, 'blocos_removidos'));
      expect(p.faltantes).toEqual([{ tratamento: 'Produto 3', bloco: 3 }]);
      expect(p.tratamentos.flatMap((t) => t.repeticoes)).toEqual(numeros(c, 'completos'));
      const a = compararAnova(
        c,
        'anova',
        p.tratamentos.map((t) => t.repeticoes),
        'DBC',
      );
      a.medias.forEach((m, i) => expect(m).toBeCloseTo(numeros(c, 'medias')[i] ?? NaN, 9));
      compararAbbott(
        c,
        'DBC',
        p.tratamentos.map((t) => t.repeticoes),
      );
    });

    it('refuses DIC with a missing plot, and a block design left with fewer than 2 complete blocks', () => {
      expect(() => parcelasCompletas('Inteiramente Casualizado', trats)).toThrow(StatsInputError);
      expect(() => parcelasCompletas('DIC', trats)).toThrow(
        'Parcelas sem valor: T3 (Produto 3) parcela 3. No delineamento inteiramente casualizado todos os tratamentos precisam ter o mesmo número de parcelas',
      );
      const poucos = trats.map((t, i) => ({ ...t, valores: t.valores.map((v, j) => (i === j ? null : v)) }));
      expect(() => parcelasCompletas('DBC', poucos)).toThrow(
        /^Parcelas sem valor: T1 \(Testemunha\) bloco 1, T2 \(Produto 2\) bloco 2, .*pelo menos 2 blocos completos/,
      );
    });

    it('returns a complete table as it is', () => {
      const completa = trats.map((t) => ({ ...t, valores: t.valores.map((v) => v ?? 20) }));
      const p = parcelasCompletas('Inteiramente Casualizado', completa);
      expect(p).toEqual({
        tratamentos: completa.map((t) => ({ nome: t.nome, repeticoes: t.valores })),
        faltantes: [],
        blocosRemovidos: [],
      });
    });
  });

  describe('percentages whose assumptions fail', () => {
    const c = caso('heterogenea');
    const { k, tabela } = dados(c);
    const input = { design: 'DBC' as const, tratamentos: nomes(k).map((nome, i) => ({ nome, repeticoes: cheia(tabela)[i] ?? [] })) };

    it('the same tests fail as in R; a percentage is suggested the arcsine, a count the square root, yield Box-Cox as before', () => {
      const a = analyze(input);
      compararAnova(c, 'anova', cheia(tabela), 'DBC');
      expect(relClose(a.shapiroWilk.p, numeros(c, 'shapiro')[0] ?? NaN, 1e-6)).toBe(true);
      expect(relClose(a.bartlett.p, numeros(c, 'bartlett')[0] ?? NaN, 1e-6)).toBe(true);
      expect(a.transformacao.sugerida).not.toBeNull();
      expect(a.transformacao.sugerida).not.toBe('arcoseno');
      const pct = analyze(input, { natureza: 'porcentagem' });
      expect(pct.transformacao.sugerida).toBe('arcoseno');
      expect(pct.transformacao.motivo).toContain('sugere-se a transformação arco-seno da raiz de (y/100)');
      expect(analyze(input, { natureza: 'contagem' }).transformacao.sugerida).toBe('raiz');
      expect(analyze(input, { natureza: 'nota' }).transformacao).toEqual(a.transformacao);
    });

    it('the arcsine ANOVA and its assumption tests equal R', () => {
      const t = analyze(input, { natureza: 'porcentagem', transformacao: 'arcoseno' });
      const [f, p, qm] = numeros(c, 'arcoseno_anova');
      expect(relClose(t.anova.tratamentos.f, f ?? NaN, 1e-9)).toBe(true);
      expect(relClose(t.anova.tratamentos.p, p ?? NaN, 1e-6)).toBe(true);
      expect(relClose(t.anova.residuo.qm, qm ?? NaN, 1e-9)).toBe(true);
      expect(relClose(t.shapiroWilk.p, numeros(c, 'arcoseno_shapiro')[0] ?? NaN, 1e-6)).toBe(true);
      expect(relClose(t.bartlett.p, numeros(c, 'arcoseno_bartlett')[0] ?? NaN, 1e-6)).toBe(true);
      expect(t.transformacao.aplicada).toBe('arcoseno');
    });
  });
});

describe('assessment edge cases', () => {
  it('arcsine refuses values outside 0–100 (pt-BR); a percentage outside it keeps the Box-Cox rule', () => {
    expect(() => transformarTabela([[10, 101]], ['A'], 'arcoseno', null)).toThrow(
      'A transformação arco-seno da raiz de (y/100) é para porcentagens entre 0 e 100, e a repetição 2 de "A" é 101',
    );
    const [zero, cem, meio] = transformarTabela([[0, 100, 50]], ['A'], 'arcoseno', null)[0] ?? [];
    expect([zero, cem]).toEqual([0, Math.PI / 2]);
    expect(meio).toBeCloseTo(Math.PI / 4, 15);
    const tabela = [
      [120, 150, 90],
      [10, 12, 30],
    ];
    const testes = { shapiroWilk: { p: 0.001 }, bartlett: { p: 0.2 }, levene: null };
    expect(sugerirTransformacao(tabela, ['A', 'B'], 'DIC', testes, 'porcentagem')).toEqual(
      sugerirTransformacao(tabela, ['A', 'B'], 'DIC', testes),
    );
  });

  it('aacpd: null with a missing value or one date, repeated or invalid dates refused', () => {
    expect(aacpd([{ data: '2025-01-01', valor: 10 }])).toBeNull();
    expect(aacpd([])).toBeNull();
    expect(
      aacpd([
        { data: '2025-01-01', valor: 10 },
        { data: '2025-01-08', valor: null },
      ]),
    ).toBeNull();
    expect(
      aacpd([
        { data: '2025-01-08', valor: 20 },
        { data: '2025-01-01', valor: 10 },
      ]),
    ).toBe(105);
    expect(() =>
      aacpd([
        { data: '2025-01-01', valor: 10 },
        { data: '2025-01-01', valor: 20 },
      ]),
    ).toThrow(StatsInputError);
    expect(() => aacpd([{ data: '2025-02-30', valor: 10 }])).toThrow('Data de avaliação inválida: "2025-02-30". Use o formato AAAA-MM-DD.');
  });

  it('curvaProgresso: missing plots left out of the mean, null when a date has none', () => {
    const [curva] = curvaProgresso(
      ['2025-01-08', '2025-01-01'],
      [
        {
          nome: 'T1',
          valores: [
            [null, 30, 40],
            [null, null, null],
          ],
        },
      ],
    );
    expect(curva?.pontos).toEqual([
      { data: '2025-01-01', media: null },
      { data: '2025-01-08', media: 35 },
    ]);
  });

  it('Abbott: control mean 0 gives null, a single treatment "a", no difference all "a"', () => {
    expect(
      eficaciaAbbott('DBC', [
        { nome: 'T', repeticoes: [0, 0] },
        { nome: 'A', repeticoes: [1, 2] },
      ]),
    ).toEqual([{ nome: 'A', pct: null, letras: '' }]);
    expect(
      eficaciaAbbott('DBC', [
        { nome: 'T', repeticoes: [10, 20] },
        { nome: 'A', repeticoes: [5, 5] },
      ]),
    ).toEqual([{ nome: 'A', pct: (1 - 5 / 15) * 100, letras: 'a' }]);
    expect(
      eficaciaAbbott('DIC', [
        { nome: 'T', repeticoes: [10, 20, 30] },
        { nome: 'A', repeticoes: [0, 0, 0] },
        { nome: 'B', repeticoes: [0, 0, 0] },
      ]).map((e) => [e.pct, e.letras]),
    ).toEqual([
      [100, 'a'],
      [100, 'a'],
    ]);
  });
});
