import { describe, expect, it } from 'vitest';
import { duncan, letrasPorAmplitude, lsd, snk } from './comparacoes.js';
import { rCases, relClose } from './r-fixture.test-helper.js';
import { anova } from './anova.js';
import { BATATA_DOCE, SORGO, comparisonOf, expectSig, lettersByName } from './test-helpers.js';
import type { TukeyInput } from './tukey.js';

/** Each R case as the comparison input analyze() builds, with the letters computed whatever F says. */
function inputs() {
  return rCases().map((c) => {
    const a = anova(c.repeticoes, c.design);
    const nomes = c.repeticoes.map((_, i) => `T${i + 1}`);
    const input: TukeyInput = { nomes, medias: a.medias, r: a.r, qmRes: a.residuo.qm, glRes: a.residuo.gl, significativo: true };
    const inOrder = (grupos: { nome: string; letras: string }[]) => nomes.map((n) => lettersByName(grupos)[n]);
    return { c, input, inOrder };
  });
}

describe('LSD, SNK and Duncan against base R (tests/fixtures/stats/comparacoes.R)', () => {
  it('has the committed cases', () => {
    expect(rCases().length).toBeGreaterThanOrEqual(10);
  });

  it('critical differences to 1e-6 relative (R: qt for LSD, qtukey for SNK and Duncan)', () => {
    for (const { c, input } of inputs()) {
      expect(relClose(lsd(input).dms, c.lsdDms, 1e-9), `${c.nome} LSD`).toBe(true);
      const s = snk(input).amplitudes;
      const d = duncan(input).amplitudes;
      expect(s.map((x) => x.medias)).toEqual(c.snkDms.map((_, i) => i + 2));
      s.forEach((x, i) =>
        expect(relClose(x.dms, c.snkDms[i]!, 1e-6), `${c.nome} SNK p=${x.medias}: ${x.dms} vs ${c.snkDms[i]}`).toBe(true),
      );
      d.forEach((x, i) =>
        expect(relClose(x.dms, c.duncanDms[i]!, 1e-6), `${c.nome} Duncan p=${x.medias}: ${x.dms} vs ${c.duncanDms[i]}`).toBe(true),
      );
    }
  });

  it('letters exactly as R printed them, including the trials where the three tests disagree', () => {
    let disagree = 0;
    for (const { c, input, inOrder } of inputs()) {
      const l = inOrder(lsd(input).grupos);
      const s = inOrder(snk(input).grupos);
      const d = inOrder(duncan(input).grupos);
      expect(l, `${c.nome} LSD`).toEqual(c.letras.lsd);
      expect(s, `${c.nome} SNK`).toEqual(c.letras.snk);
      expect(d, `${c.nome} Duncan`).toEqual(c.letras.duncan);
      if (l.join() !== s.join() || s.join() !== d.join()) disagree++;
    }
    expect(disagree).toBeGreaterThanOrEqual(4);
  });

  it("matches agricolae's printed LSD for sweetpotato (8.928965) and orders the means highest first", () => {
    const r = lsd(comparisonOf(BATATA_DOCE, 'DIC'));
    expectSig(r.dms, 8.928965, 7);
    expect(r.grupos.map((g) => g.nome)).toEqual(['oo', 'ff', 'cc', 'fc']);
    expect(lettersByName(r.grupos)).toEqual({ oo: 'a', ff: 'a', cc: 'b', fc: 'c' });
  });
});

describe('letrasPorAmplitude', () => {
  it('a range inside a homogeneous one is not tested again (protection)', () => {
    // 10 − 7 = 3 ≤ 3 for the 3 means: all homogeneous, though 10 − 8 = 2 > 1.5 for p = 2.
    expect(letrasPorAmplitude([10, 8, 7], (p) => (p === 3 ? 3 : 1.5))).toEqual(['a', 'a', 'a']);
    // Without it the pairs split: 10 | 8, 7.
    expect(letrasPorAmplitude([10, 8, 7], (p) => (p === 3 ? 2.5 : 1.5))).toEqual(['a', 'b', 'b']);
  });

  it('overlapping ranges give "ab"; equal means share letters; one mean is "a"', () => {
    expect(letrasPorAmplitude([10, 9, 8], () => 1)).toEqual(['a', 'ab', 'b']);
    expect(letrasPorAmplitude([5, 5, 1], () => 1)).toEqual(['a', 'a', 'b']);
    expect(letrasPorAmplitude([5], () => 1)).toEqual(['a']);
  });

  it('past 26 groups the letters go on as a1, b1 … like Tukey', () => {
    const means = Array.from({ length: 28 }, (_, i) => 100 - 10 * i);
    expect(letrasPorAmplitude(means, () => 1).slice(25)).toEqual(['z', 'a1', 'b1']);
  });
});

describe('when F is not significant', () => {
  it('every treatment gets "a" in the three tests, and the critical differences are still reported', () => {
    const input = { ...comparisonOf(SORGO, 'DBC'), significativo: false };
    for (const r of [lsd(input), snk(input), duncan(input)]) expect(r.grupos.every((g) => g.letras === 'a')).toBe(true);
    expect(snk(input).amplitudes).toHaveLength(4);
  });
});
