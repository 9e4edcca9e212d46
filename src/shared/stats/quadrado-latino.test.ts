/**
 * The Latin square (DQL) against base R (tests/fixtures/stats/quadrado-latino.R and the .out it
 * printed): aov(y ~ linha + coluna + trat), means, CV, Tukey's DMS and TukeyHSD, Shapiro-Wilk,
 * Bartlett, residuals and fitted values, the Box-Cox maximiser.
 */
import { describe, expect, it } from 'vitest';
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/quadrado-latino.out?raw';
import { anova } from './anova.js';
import { eficaciaAbbott, parcelasCompletas } from './avaliacoes.js';
import { ptukey } from './distributions.js';
import { analyze, analyzeCore, resumoEnsaio, StatsInputError, type AnalyzeInput } from './index.js';
import { boxCox } from './pressupostos.js';
import { num, rAnovaRows, relClose, rOutputCases } from './r-fixture.test-helper.js';
import { sortearCroqui } from '../croqui.js';
import { QUADRADO_LATINO } from '../field-plan.js';

interface RLatino {
  nome: string;
  t: number;
  repeticoes: number[][];
  colunas: number[][];
  keys: Map<string, string[][]>;
}

const casos: RLatino[] = rOutputCases(printed).map(([nome, keys]) => {
  const [, tText, ...ys] = keys.get('dados')?.[0] ?? [];
  const t = Number(tText);
  const cols = (keys.get('colunas')?.[0] ?? []).map(Number);
  const porTratamento = <T>(values: T[]): T[][] => Array.from({ length: t }, (_, i) => values.slice(i * t, (i + 1) * t));
  return { nome, t, repeticoes: porTratamento(ys.map(Number)), colunas: porTratamento(cols), keys };
});

const valores = (c: RLatino, key: string): (number | null)[] => (c.keys.get(key)?.[0] ?? []).map((v) => num(v));
const um = (c: RLatino, key: string): number | null => valores(c, key)[0] ?? null;

const entrada = (c: RLatino): AnalyzeInput => ({
  design: QUADRADO_LATINO,
  tratamentos: c.repeticoes.map((repeticoes, i) => ({ nome: `T${i + 1}`, repeticoes })),
  colunas: c.colunas,
});

const expectClose = (actual: number | null | undefined, expected: number | null, rel = 1e-6): void => {
  expect(relClose(actual, expected, rel), `${String(actual)} ≈ ${String(expected)}`).toBe(true);
};

describe('Latin square against R', () => {
  it('reads both cases', () => {
    expect(casos.map((c) => [c.nome, c.t])).toEqual([
      ['soja4', 4],
      ['milho5', 5],
    ]);
  });

  describe.each(casos)('$nome', (c) => {
    const resultado = analyze(entrada(c));

    it("gives aov(y ~ linha + coluna + trat)'s table", () => {
      const r = rAnovaRows(c.keys.get('anova'));
      const linhas = resultado.anova.linhas;
      expect(linhas.map((l) => l.fonte)).toEqual(r.map((l) => l.fonte));
      linhas.forEach((l, i) => {
        const e = r[i];
        expect(l.gl).toBe(e?.gl);
        expectClose(l.sq, e?.sq ?? null);
        expectClose(l.qm, e?.qm ?? null);
        expectClose(l.f, e?.f ?? null);
        expectClose(l.p, e?.p ?? null);
      });
      expect(resultado.delineamento).toBe('DQL');
      expect(resultado.anova.residuo.gl).toBe((c.t - 1) * (c.t - 2));
      expectClose(resultado.anova.blocos?.sq, r[0]?.sq ?? null);
      expectClose(resultado.anova.colunas?.sq, r[1]?.sq ?? null);
      expectClose(resultado.anova.tratamentos.p, r[2]?.p ?? null);
    });

    it('gives the means, the CV and Tukey (DMS, letters as TukeyHSD splits the pairs)', () => {
      expectClose(resultado.media, um(c, 'media'));
      expectClose(resultado.cv, um(c, 'cv'));
      const medias = new Map(resultado.tukey.grupos.map((g) => [g.nome, g.media]));
      valores(c, 'medias').forEach((m, i) => expectClose(medias.get(`T${i + 1}`), m));
      expectClose(resultado.tukey.dms, um(c, 'tukey_dms'));
      const letras = new Map(resultado.tukey.grupos.map((g) => [g.nome, g.letras]));
      const erro = Math.sqrt(resultado.anova.residuo.qm / c.t);
      for (const [j, i, diff, pAdj] of c.keys.get('tukeyhsd') ?? []) {
        const d = Number(diff);
        const p = Number(pAdj);
        expectClose(medias.get(`T${j}`)! - medias.get(`T${i}`)!, d);
        // TukeyHSD's adjusted p is ptukey's upper tail of |diff| / √(QMres/r) with the square's df.
        expect(Math.abs(1 - ptukey(Math.abs(d) / erro, c.t, resultado.anova.residuo.gl) - p)).toBeLessThan(1e-6);
        const compartilham = [...(letras.get(`T${j}`) ?? '')].some((l) => (letras.get(`T${i}`) ?? '').includes(l));
        expect(compartilham).toBe(p >= 0.05);
      }
    });

    it('gives the residuals, fitted values, Shapiro-Wilk and Bartlett', () => {
      const pontos = resultado.diagnostico.pontos;
      valores(c, 'residuos').forEach((e, i) => expect(Math.abs((pontos[i]?.residuo ?? NaN) - (e ?? NaN))).toBeLessThan(1e-6));
      valores(c, 'ajustados').forEach((y, i) => expectClose(pontos[i]?.ajustado, y));
      expect(pontos.map((p) => p.repeticao)).toEqual(c.repeticoes.flatMap((row) => row.map((_, j) => j + 1)));
      const [w, p] = valores(c, 'shapiro');
      expectClose(resultado.shapiroWilk.w, w ?? null);
      expectClose(resultado.shapiroWilk.p, p ?? null);
      const [k2, pb] = valores(c, 'bartlett');
      expectClose(resultado.bartlett.estatistica, k2 ?? null);
      expectClose(resultado.bartlett.p, pb ?? null);
    });

    it("gives Box-Cox's maximiser of the square's model", () => {
      expectClose(boxCox(c.repeticoes, 'DQL', c.colunas)?.lambda, um(c, 'boxcox'));
      expect(resultado.transformacao.lambda).toBe(boxCox(c.repeticoes, 'DQL', c.colunas)?.lambda);
    });

    it('runs every other piece with the residual df and mean square of the square', () => {
      expect(resultado.lsd.grupos).toHaveLength(c.t);
      expect(resultado.duncan.grupos).toHaveLength(c.t);
      expect(resultado.snk.grupos).toHaveLength(c.t);
      expect(resultado.scottKnott.grupos).toHaveLength(c.t);
      expect(resultado.dunnett.bilateral).toHaveLength(c.t - 1);
      expect(resultado.fatorial).toBeNull();
      // Every transformation runs on the square's model (the yields are all > 0).
      for (const transformacao of ['log', 'raiz', 'boxcox'] as const) {
        const t = analyze(entrada(c), { transformacao });
        expect(t.anova.linhas.map((l) => l.fonte)).toEqual(['Linhas', 'Colunas', 'Tratamentos', 'Resíduo', 'Total']);
        expect(t.anova.residuo.gl).toBe((c.t - 1) * (c.t - 2));
      }
      // The dashboard's summary is the same analysis.
      expect(resumoEnsaio(entrada(c)).cv).toBe(analyzeCore(entrada(c)).cv);
    });
  });
});

describe('Latin square input', () => {
  const c = casos[0] as RLatino;
  const refusal = (input: AnalyzeInput): Error => {
    try {
      analyze(input);
    } catch (err) {
      expect(err).toBeInstanceOf(StatsInputError);
      return err as Error;
    }
    throw new Error('expected a StatsInputError');
  };

  it('needs the columns, a square, and every column once per row and per treatment (pt-BR)', () => {
    expect(refusal({ ...entrada(c), colunas: undefined }).message).toMatch(/precisa da coluna de cada parcela/);
    expect(refusal({ ...entrada(c), colunas: c.colunas.slice(1) }).message).toMatch(/informar a coluna de cada parcela/);
    const semUmaLinha = { ...entrada(c), tratamentos: entrada(c).tratamentos.map((t) => ({ ...t, repeticoes: t.repeticoes.slice(1) })) };
    expect(refusal(semUmaLinha).message).toMatch(/tantas repetições \(linhas\) quanto tratamentos: 4 tratamentos e 3 repetições/);
    const trocada = c.colunas.map((row) => [...row]);
    trocada[0]![0] = trocada[1]![0]!;
    expect(refusal({ ...entrada(c), colunas: trocada }).message).toMatch(/a linha 1 não tem uma parcela em cada coluna/);
    // Rows swapped within one treatment: each row still has every column, the treatment repeats one.
    const repetida = c.colunas.map((row) => [...row]);
    repetida[0] = [repetida[0]![0]!, ...repetida[0]!.slice(0, -1)];
    expect(refusal({ ...entrada(c), colunas: repetida }).message).toMatch(/Não é um quadrado latino/);
    expect(refusal({ ...entrada(c), colunas: c.colunas.map((row) => row.map((v) => v + 10)) }).message).toMatch(/Coluna inválida/);
  });

  it('is analysed from the columns a drawn croqui gives', () => {
    const t = 5;
    const croqui = sortearCroqui({
      delineamento: QUADRADO_LATINO,
      tratamentos: Array.from({ length: t }, () => ({})),
      blocos: t,
      semente: 2024,
      numeracao: 'serpentina',
    });
    const colunas = Array.from({ length: t }, () => new Array<number>(t).fill(0));
    const repeticoes = Array.from({ length: t }, () => new Array<number>(t).fill(0));
    for (const p of croqui.parcelas) {
      colunas[p.tratamento]![p.repeticao - 1] = p.coluna;
      // A treatment effect, a row gradient, a column gradient and a little noise from the plot number.
      repeticoes[p.tratamento]![p.repeticao - 1] = 3000 + 150 * p.tratamento + 40 * p.linha + 25 * p.coluna + ((p.numero * 37) % 23);
    }
    const result = anova(repeticoes, 'DQL', colunas);
    expect(result.residuo.gl).toBe(12);
    expect(result.colunas?.gl).toBe(4);
    expect(result.tratamentos.p).toBeLessThan(1e-6);
  });

  it("assessments: a missing plot is refused (a row cannot be dropped); Abbott's letters take the rows as blocks", () => {
    const tratamentos = c.repeticoes.map((valores, i) => ({ nome: `T${i + 1}`, valores: [...valores] as (number | null)[] }));
    expect(parcelasCompletas(QUADRADO_LATINO, tratamentos).tratamentos).toHaveLength(4);
    tratamentos[1]!.valores[2] = null;
    expect(() => parcelasCompletas(QUADRADO_LATINO, tratamentos)).toThrow(StatsInputError);
    expect(() => parcelasCompletas(QUADRADO_LATINO, tratamentos)).toThrow(/T2 \(T2\) linha 3.*No quadrado latino/);
    const severidade = [
      [40, 44, 38, 42],
      [20, 24, 18, 22],
      [12, 15, 10, 14],
      [30, 28, 33, 31],
    ];
    const abbott = eficaciaAbbott(
      QUADRADO_LATINO,
      severidade.map((repeticoes, i) => ({ nome: `T${i + 1}`, repeticoes })),
    );
    expect(abbott.map((a) => a.nome)).toEqual(['T2', 'T3', 'T4']);
    expect(abbott.every((a) => a.pct !== null && a.letras.length > 0)).toBe(true);
  });
});
