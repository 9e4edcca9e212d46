import { describe, expect, it } from 'vitest';
// The numbers base R printed for tests/fixtures/stats/conjunta.R (read as text by Vite).
import printed from '../../../tests/fixtures/stats/conjunta.out?raw';
import { analiseConjunta, type LocalInput } from './conjunta.js';
import { relClose } from './r-fixture.test-helper.js';
import { StatsInputError } from './stats-input-error.js';

interface Caso {
  nome: string;
  locais: LocalInput[];
  keys: Map<string, string[][]>;
}

function casos(): Caso[] {
  const byCase = new Map<string, Map<string, string[][]>>();
  for (const line of (printed as string).split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [nome = '', key = '', ...values] = line.trim().split(/\s+/);
    const keys = byCase.get(nome) ?? new Map<string, string[][]>();
    byCase.set(nome, keys);
    keys.set(key, [...(keys.get(key) ?? []), values]);
  }
  return [...byCase.entries()].map(([nome, keys]) => ({
    nome,
    keys,
    locais: (keys.get('local') ?? []).map(([design = '', kText, rText, ...ys], s) => {
      const r = Number(rText);
      return {
        experimentId: s + 1,
        nome: `Local ${s + 1}`,
        design,
        tratamentos: Array.from({ length: Number(kText) }, (_, i) => ({
          nome: `T${i + 1}`,
          repeticoes: ys.slice(i * r, (i + 1) * r).map(Number),
        })),
      };
    }),
  }));
}

const num = (v: string | undefined) => (v === undefined || v === 'NA' ? null : Number(v));
const one = (c: Caso, key: string) => c.keys.get(key)?.[0] ?? [];

describe('joint analysis against base R (tests/fixtures/stats/conjunta.R)', () => {
  const all = casos();
  let worst = 0;
  const close = (actual: number | null | undefined, expected: number | null, what: string) => {
    if (expected !== null && typeof actual === 'number') {
      worst = Math.max(worst, Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-300));
    }
    expect(relClose(actual, expected, 1e-9), `${what}: ${actual} vs ${expected}`).toBe(true);
  };

  it('has the committed cases (3–6 sites; DBC, DIC and both)', () => {
    expect(all.map((c) => c.nome)).toEqual(['dbc4', 'dic3', 'heterogeneo', 'misto6', 'nulo3']);
    expect(all.map((c) => c.locais.length)).toEqual([4, 3, 5, 6, 3]);
  });

  it('every ANOVA row (gl, SQ, QM, F, p), the error of Tratamentos, QMres ratio, means and CV to 1e-9 relative; DMS to 1e-6', () => {
    for (const c of all) {
      const a = analiseConjunta(c.locais);
      const rows = (c.keys.get('anova') ?? []).map(([fonte = '', gl, sq, qm, f, p]) => ({
        fonte: fonte.replace('×', ' × '),
        gl: Number(gl),
        sq: Number(sq),
        qm: num(qm),
        f: num(f),
        p: num(p),
      }));
      expect(
        a.anova.linhas.map((l) => l.fonte),
        c.nome,
      ).toEqual(rows.map((r) => r.fonte));
      a.anova.linhas.forEach((l, i) => {
        const e = rows[i]!;
        expect(l.gl, `${c.nome} ${l.fonte} gl`).toBe(e.gl);
        close(l.sq, e.sq, `${c.nome} ${l.fonte} SQ`);
        close(l.qm, e.qm, `${c.nome} ${l.fonte} QM`);
        close(l.f, e.f, `${c.nome} ${l.fonte} F`);
        close(l.p, e.p, `${c.nome} ${l.fonte} p`);
      });
      const [fonte, gl, qm] = one(c, 'erro');
      expect(a.erroTratamentos.fonte).toBe(fonte!.replace('×', ' × '));
      expect(a.erroTratamentos.gl).toBe(Number(gl));
      close(a.erroTratamentos.qm, Number(qm), `${c.nome} erro`);
      one(c, 'qm_locais').forEach((v, s) => close(a.locais[s]!.qmRes, Number(v), `${c.nome} QMres local ${s + 1}`));
      close(a.razao_qmr, Number(one(c, 'razao_qmr')[0]), `${c.nome} razão QMR`);
      close(a.media, Number(one(c, 'media')[0]), `${c.nome} média`);
      close(a.cv, Number(one(c, 'cv')[0]), `${c.nome} CV`);
      const medias = one(c, 'medias').map(Number);
      medias.forEach((m, i) => close(a.grupos.find((g) => g.nome === `T${i + 1}`)!.media, m, `${c.nome} média T${i + 1}`));
      // R's own qtukey is accurate to about 1e-8 (comparacoes.test.ts): the DMS is held to 1e-6.
      const dms = Number(one(c, 'dms')[0]);
      expect(relClose(a.tukey.dms, dms, 1e-6), `${c.nome} DMS: ${a.tukey.dms} vs ${dms}`).toBe(true);
    }
    // Measured: the worst relative difference over every number above.
    expect(worst).toBeLessThan(1e-9);
  });

  it("Tukey's letters separate exactly the pairs R finds farther apart than the DMS", () => {
    for (const c of all) {
      const a = analiseConjunta(c.locais);
      const letras = new Map(a.grupos.map((g) => [g.nome, g.letras]));
      const significativo = one(c, 'significativo')[0] === 'TRUE';
      const pares = new Set(one(c, 'pares_diferentes').filter((p) => p !== '-'));
      const k = c.locais[0]!.tratamentos.length;
      for (let i = 1; i < k; i++) {
        for (let j = i + 1; j <= k; j++) {
          const li = letras.get(`T${i}`)!;
          const lj = letras.get(`T${j}`)!;
          const partilham = [...li].some((ch) => /[a-z]/.test(ch) && lj.includes(ch));
          const diferentes = significativo && pares.has(`${i}-${j}`);
          expect(partilham, `${c.nome} T${i} (${li}) × T${j} (${lj})`).toBe(!diferentes);
        }
      }
    }
  });

  it('win rates over the control: sites where each treatment beat the first', () => {
    for (const c of all) {
      const a = analiseConjunta(c.locais);
      expect(
        a.vitorias.map((v) => v.vitorias),
        c.nome,
      ).toEqual(one(c, 'vitorias').map(Number));
      expect(a.vitorias.every((v) => v.locais === c.locais.length && v.taxa === v.vitorias / v.locais)).toBe(true);
    }
  });

  it('warns above a QMres ratio of 7 and says which error tested the treatments', () => {
    const byName = Object.fromEntries(all.map((c) => [c.nome, analiseConjunta(c.locais)]));
    expect(byName.heterogeneo!.razao_qmr).toBeGreaterThan(7);
    expect(byName.heterogeneo!.avisos[0]).toMatch(/maior que 7/);
    expect(byName.misto6!.avisos.join(' ')).not.toMatch(/maior que 7/);
    expect(byName.dic3!.avisos.join(' ')).toMatch(/interação Tratamentos × Locais foi significativa/);
    expect(byName.nulo3!.grupos.every((g) => g.letras === 'a')).toBe(true);
    expect(byName.nulo3!.avisos.join(' ')).toMatch(/todas recebem a letra "a"/);
  });
});

describe('joint analysis: what cannot be analysed together is refused in pt-BR', () => {
  const local = (experimentId: number, tratamentos: LocalInput['tratamentos'], design = 'DBC'): LocalInput => ({
    experimentId,
    nome: `Sorriso/MT · 202${experimentId}`,
    design,
    tratamentos,
  });
  const t = (nome: string, repeticoes: number[] | null = [3000, 3100, 2950]) => ({ nome, repeticoes });
  const base = [t('Testemunha'), t('Produto A', [3300, 3350, 3290])];
  const refuses = (locais: LocalInput[], message: RegExp) => {
    expect(() => analiseConjunta(locais)).toThrow(StatsInputError);
    expect(() => analiseConjunta(locais)).toThrow(message);
  };

  it('matches names trimmed and in any case, in any order', () => {
    const a = analiseConjunta([local(1, base), local(2, [t(' produto a ', [3200, 3400, 3310]), t('TESTEMUNHA', [2900, 3010, 3080])])]);
    expect(a.tratamentos).toEqual(['Testemunha', 'Produto A']);
    expect(a.locais[1]!.medias[0]).toBeCloseTo((2900 + 3010 + 3080) / 3, 9);
    expect(a.testemunha.nome).toBe('Testemunha');
  });

  it('one experiment, different treatments, replicates or designs', () => {
    refuses([local(1, base)], /pelo menos 2 experimentos/);
    refuses([local(1, base), local(2, [t('Testemunha'), t('Produto B')])], /nº 2 .*não tem "Produto A" e tem "Produto B"/);
    refuses([local(1, base), local(2, [...base, t('Produto C')])], /tem "Produto C", que o experimento nº 1/);
    refuses([local(1, base), local(2, [t('Testemunha', [1, 2, 3, 4]), t('Produto A', [5, 6, 7, 8])])], /números de repetições diferentes/);
    refuses([local(1, base), local(2, [t('Testemunha', null), t('Produto A')])], /não tem as produtividades por repetição/);
    refuses(
      [local(1, base), local(2, [t('Testemunha', [1, 2]), t('Produto A', [5, 6, 7])])],
      /nº 2 .*repetições diferente entre os tratamentos/,
    );
    refuses([local(1, base), local(2, base, 'Fatorial DBC')], /nº 2 .*"Fatorial DBC"/);
    refuses([local(1, base), local(2, [t('Testemunha', [5, 5, 5]), t('Produto A', [5, 5, 5])])], /nº 2 .*Todos os valores são iguais/);
    refuses([local(1, base), local(2, [t('Testemunha', [1, -2, 3]), t('Produto A')])], /valor inválido na repetição 2/);
    refuses([local(1, base), local(2, [t('Testemunha'), t('testemunha')])], /dois tratamentos chamados/);
    refuses(
      Array.from({ length: 51 }, (_, i) => local(i + 1, base)),
      /no máximo 50 experimentos/,
    );
    // A long list of names is cut after five, so the message stays readable.
    const many = Array.from({ length: 8 }, (_, i) => t(`Produto ${i}`));
    refuses([local(1, [t('Testemunha'), ...many]), local(2, [t('Testemunha'), t('Outro')])], /"Produto 4" e mais 3 e tem "Outro"/);
  });
});
