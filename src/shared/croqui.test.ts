import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BLOCKS } from './constants.js';
import {
  CroquiInputError,
  croquiCsv,
  embaralhar,
  inteiroAte,
  mulberry32,
  novaSemente,
  ordemDeCaminhada,
  SEMENTE_MAX,
  sortearCroqui,
  type CroquiInput,
} from './croqui.js';
import { QUADRADO_LATINO, type Croqui, type Numeracao, type ParcelaCroqui } from './field-plan.js';
import { chiSquareUpperTail } from './stats/distributions.js';

/** Seed 12345, DBC 4 × 2, serpentine: [numero, coluna, tratamento], pinned when the generator was written. */
const FIXO = [
  [101, 1, 3],
  [102, 2, 2],
  [103, 3, 0],
  [104, 4, 1],
  [201, 4, 0],
  [202, 3, 3],
  [203, 2, 1],
  [204, 1, 2],
];
const DIC = ['Inteiramente Casualizado', 'DIC', 'Fatorial DIC'];
const DBC = ['DBC', 'Blocos Casualizados', 'ANOVA', 'Fatorial DBC', 'Fatorial DBC com adicional'];
const PSUB = 'Parcelas Subdivididas DBC';

const simples = (t: number) => Array.from({ length: t }, () => ({}));
const cruzados = (a: number, b: number) =>
  Array.from({ length: a * b }, (_, i) => ({ nivel_a: `A${Math.floor(i / b) + 1}`, nivel_b: `B${(i % b) + 1}` }));

const numeracao = fc.constantFrom<Numeracao>('serpentina', 'sequencial');
const semente = fc.integer({ min: 1, max: SEMENTE_MAX });

const contar = (values: number[]): Map<number, number> => {
  const m = new Map<number, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
};

/** What every design shares: t·blocos plots, numbers 100·b + k unique, the walking order. */
function geometria(c: Croqui, t: number): void {
  expect(c.parcelas).toHaveLength(t * c.blocos);
  expect(new Set(c.parcelas.map((p) => p.numero)).size).toBe(c.parcelas.length);
  expect(c.parcelas.map((p) => p.numero)).toEqual([...c.parcelas.map((p) => p.numero)].sort((a, b) => a - b));
  // One expect for all plots (an expect per plot makes the property runs slow).
  const erradas = c.parcelas.filter((p) => {
    const k = p.numero - 100 * p.bloco;
    const esperado = c.numeracao === 'serpentina' && p.bloco % 2 === 0 ? t + 1 - p.coluna : p.coluna;
    return p.linha !== p.bloco || p.coluna < 1 || p.coluna > t || k !== esperado;
  });
  expect(erradas).toEqual([]);
  // Every (row, column) holds exactly one plot.
  expect(new Set(c.parcelas.map((p) => `${p.linha},${p.coluna}`)).size).toBe(c.parcelas.length);
}

const porBloco = (c: Croqui): ParcelaCroqui[][] =>
  Array.from({ length: c.blocos }, (_, b) => c.parcelas.filter((p) => p.bloco === b + 1).sort((x, y) => x.coluna - y.coluna));

describe('mulberry32 and the integer draws', () => {
  it('gives the outputs of the reference mulberry32 (bryc, "PRNGs.md", JavaScript) for seed 1', () => {
    const g = mulberry32(1);
    // The reference returns these divided by 2^32 (0.6270739405881613, …).
    expect([g(), g(), g()]).toEqual([2693262067, 11749833, 2265367787]);
  });

  it('draws each integer below n and shuffles into a permutation', () => {
    fc.assert(
      fc.property(semente, fc.integer({ min: 1, max: 60 }), (s, n) => {
        const g = mulberry32(s);
        const x = inteiroAte(g, n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        const itens = Array.from({ length: n }, (_, i) => i);
        expect([...embaralhar(g, itens)].sort((a, b) => a - b)).toEqual(itens);
      }),
    );
  });

  it('novaSemente gives integers in 1..2^31 − 1', () => {
    for (let i = 0; i < 50; i++) {
      const s = novaSemente();
      expect(Number.isInteger(s) && s >= 1 && s <= SEMENTE_MAX).toBe(true);
    }
  });
});

describe('sortearCroqui: completely randomised (DIC)', () => {
  it('every treatment r times in total, replicates numbered in plot order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DIC),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 2, max: MAX_BLOCKS }),
        semente,
        numeracao,
        (delineamento, t, blocos, s, num) => {
          const c = sortearCroqui({ delineamento, tratamentos: simples(t), blocos, semente: s, numeracao: num });
          geometria(c, t);
          const vezes = contar(c.parcelas.map((p) => p.tratamento));
          for (let i = 0; i < t; i++) expect(vezes.get(i)).toBe(blocos);
          for (let i = 0; i < t; i++) {
            expect(c.parcelas.filter((p) => p.tratamento === i).map((p) => p.repeticao)).toEqual(
              Array.from({ length: blocos }, (_, j) => j + 1),
            );
          }
        },
      ),
    );
  });
});

describe('sortearCroqui: randomised blocks (DBC)', () => {
  it('every treatment once per block, the replicate is the block', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DBC),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 2, max: MAX_BLOCKS }),
        semente,
        numeracao,
        (delineamento, t, blocos, s, num) => {
          const c = sortearCroqui({ delineamento, tratamentos: simples(t), blocos, semente: s, numeracao: num });
          geometria(c, t);
          for (const bloco of porBloco(c)) {
            expect(bloco.map((p) => p.tratamento).sort((a, b) => a - b)).toEqual(Array.from({ length: t }, (_, i) => i));
            expect(bloco.every((p) => p.repeticao === p.bloco)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('sortearCroqui: split plot', () => {
  it('main plots contiguous, each A level once per block, each B level once per main plot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: MAX_BLOCKS }),
        semente,
        numeracao,
        (na, nb, blocos, s, num) => {
          const tratamentos = cruzados(na, nb);
          const c = sortearCroqui({ delineamento: PSUB, tratamentos, blocos, semente: s, numeracao: num });
          geometria(c, na * nb);
          for (const bloco of porBloco(c)) {
            const principais: string[] = [];
            for (let m = 1; m <= na; m++) {
              const parcela = bloco.filter((p) => p.parcela_principal === m);
              // A contiguous run of nb columns.
              expect(parcela.map((p) => p.coluna)).toEqual(Array.from({ length: nb }, (_, j) => (m - 1) * nb + j + 1));
              const as = new Set(parcela.map((p) => tratamentos[p.tratamento]?.nivel_a));
              expect(as.size).toBe(1);
              principais.push([...as][0] ?? '');
              expect(parcela.map((p) => tratamentos[p.tratamento]?.nivel_b).sort()).toEqual(
                Array.from({ length: nb }, (_, j) => `B${j + 1}`).sort(),
              );
              expect(parcela.every((p) => p.repeticao === p.bloco)).toBe(true);
            }
            expect([...principais].sort()).toEqual(Array.from({ length: na }, (_, i) => `A${i + 1}`).sort());
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses treatments that do not cross A and B, naming what is missing', () => {
    const base = { delineamento: PSUB, blocos: 3, semente: 7, numeracao: 'serpentina' as const };
    const faltando = cruzados(2, 3).slice(0, 5);
    expect(() => sortearCroqui({ ...base, tratamentos: faltando })).toThrow(/Faltam as combinações: A2 × B3/);
    expect(() => sortearCroqui({ ...base, tratamentos: [...cruzados(2, 2).slice(0, 3), { nivel_a: 'A2' }] })).toThrow(
      /informe os níveis de T4/,
    );
    expect(() => sortearCroqui({ ...base, tratamentos: [...cruzados(2, 2), { nivel_a: 'A1', nivel_b: 'B1' }] })).toThrow(
      /Combinações repetidas/,
    );
  });
});

describe('sortearCroqui: Latin square', () => {
  it('each treatment once per row and once per column; the replicate is the row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), semente, numeracao, (t, s, num) => {
        const c = sortearCroqui({ delineamento: QUADRADO_LATINO, tratamentos: simples(t), blocos: t, semente: s, numeracao: num });
        geometria(c, t);
        const todos = Array.from({ length: t }, (_, i) => i);
        for (let i = 1; i <= t; i++) {
          expect(
            c.parcelas
              .filter((p) => p.linha === i)
              .map((p) => p.tratamento)
              .sort((a, b) => a - b),
          ).toEqual(todos);
          expect(
            c.parcelas
              .filter((p) => p.coluna === i)
              .map((p) => p.tratamento)
              .sort((a, b) => a - b),
          ).toEqual(todos);
        }
        expect(c.parcelas.every((p) => p.repeticao === p.linha)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('needs as many blocks as treatments, and 3 to 12 treatments', () => {
    const base = { delineamento: QUADRADO_LATINO, semente: 1, numeracao: 'sequencial' as const };
    expect(() => sortearCroqui({ ...base, tratamentos: simples(4), blocos: 3 })).toThrow(
      /O quadrado latino precisa de tantos blocos \(linhas\) quanto tratamentos: 4 tratamentos e 3 blocos/,
    );
    expect(() => sortearCroqui({ ...base, tratamentos: simples(2), blocos: 2 })).toThrow(/de 3 a 12 tratamentos/);
    expect(() => sortearCroqui({ ...base, tratamentos: simples(13), blocos: 12 })).toThrow(/de 3 a 12 tratamentos/);
  });
});

describe('sortearCroqui: seeds', () => {
  const designs = [...DIC, ...DBC, QUADRADO_LATINO, PSUB];
  const entrada = (delineamento: string, s: number, num: Numeracao): CroquiInput => ({
    delineamento,
    tratamentos: delineamento === PSUB ? cruzados(2, 3) : simples(delineamento === QUADRADO_LATINO ? 5 : 6),
    blocos: delineamento === QUADRADO_LATINO ? 5 : 4,
    semente: s,
    numeracao: num,
  });

  it('the same seed draws the same layout', () => {
    fc.assert(
      fc.property(fc.constantFrom(...designs), semente, numeracao, (d, s, num) => {
        expect(sortearCroqui(entrada(d, s, num))).toEqual(sortearCroqui(entrada(d, s, num)));
      }),
    );
  });

  it('different seeds draw different layouts (most of the time)', () => {
    for (const d of designs) {
      const layouts = new Set(
        Array.from({ length: 20 }, (_, s) =>
          JSON.stringify(sortearCroqui(entrada(d, s + 1, 'serpentina')).parcelas.map((p) => p.tratamento)),
        ),
      );
      expect(layouts.size).toBeGreaterThan(15);
    }
  });

  it('a fixed seed draws a fixed layout (a change to the generator or the draws fails here)', () => {
    const c = sortearCroqui({ delineamento: 'DBC', tratamentos: simples(4), blocos: 2, semente: 12345, numeracao: 'serpentina' });
    expect(c.parcelas.map((p) => [p.numero, p.coluna, p.tratamento])).toEqual(FIXO);
  });

  it('treatments of plot 101 are uniform over seeds 1..1000 (chi-square goodness of fit)', () => {
    const casos = [
      { delineamento: 'DBC', t: 5 },
      { delineamento: QUADRADO_LATINO, t: 4 },
      { delineamento: 'Inteiramente Casualizado', t: 5 },
    ];
    for (const { delineamento, t } of casos) {
      const observados = new Array<number>(t).fill(0);
      const blocos = delineamento === QUADRADO_LATINO ? t : 4;
      for (let s = 1; s <= 1000; s++) {
        const c = sortearCroqui({ delineamento, tratamentos: simples(t), blocos, semente: s, numeracao: 'serpentina' });
        const p = c.parcelas[0] as ParcelaCroqui;
        observados[p.tratamento] = (observados[p.tratamento] ?? 0) + 1;
      }
      const esperado = 1000 / t;
      const chi2 = observados.reduce((acc, o) => acc + (o - esperado) ** 2 / esperado, 0);
      expect(chiSquareUpperTail(chi2, t - 1)).toBeGreaterThan(0.001);
    }
  });
});

describe('sortearCroqui: validation (pt-BR)', () => {
  const ok: CroquiInput = { delineamento: 'DBC', tratamentos: simples(3), blocos: 3, semente: 1, numeracao: 'serpentina' };
  it.each([
    [{ delineamento: 'Látice' }, /Delineamento não reconhecido para o croqui: "Látice". Use .*Quadrado Latino/],
    [{ blocos: 1 }, /Número de blocos inválido: 1/],
    [{ blocos: 13 }, /Número de blocos inválido: 13/],
    [{ blocos: 2.5 }, /Número de blocos inválido/],
    [{ tratamentos: simples(1) }, /pelo menos 2 tratamentos/],
    [{ tratamentos: simples(51) }, /no máximo 50 tratamentos/],
    [{ semente: 0 }, /Semente inválida: 0/],
    [{ semente: 2 ** 31 }, /Semente inválida/],
    [{ semente: 1.5 }, /Semente inválida/],
    [{ numeracao: 'zigue-zague' as Numeracao }, /Numeração desconhecida/],
  ])('%o', (patch, message) => {
    expect(() => sortearCroqui({ ...ok, ...patch })).toThrow(CroquiInputError);
    expect(() => sortearCroqui({ ...ok, ...patch })).toThrow(message);
  });
});

describe('ordemDeCaminhada and croquiCsv', () => {
  it('walks block by block along the numbers; the serpentine comes back along the next block', () => {
    const c = sortearCroqui({ delineamento: 'DBC', tratamentos: simples(3), blocos: 2, semente: 9, numeracao: 'serpentina' });
    const ordem = ordemDeCaminhada([...c.parcelas].reverse());
    expect(ordem.map((p) => p.numero)).toEqual([101, 102, 103, 201, 202, 203]);
    expect(ordem.map((p) => p.coluna)).toEqual([1, 2, 3, 3, 2, 1]);
  });

  it('writes a pt-BR CSV: ; separated, CRLF, quoted names, split plots add the main plot', () => {
    const c = sortearCroqui({ delineamento: 'DBC', tratamentos: simples(2), blocos: 2, semente: 3, numeracao: 'sequencial' });
    const csv = croquiCsv(c, ['Testemunha', 'Produto; "X"']);
    const linhas = csv.split('\r\n');
    expect(linhas[0]).toBe('parcela;bloco;linha;coluna;tratamento;nome_tratamento;repeticao');
    expect(linhas).toHaveLength(6);
    expect(linhas[5]).toBe('');
    const t2 = linhas.find((l) => l.includes('T2'));
    expect(t2).toMatch(/;T2;"Produto; ""X""";/);
    const sub = sortearCroqui({ delineamento: PSUB, tratamentos: cruzados(2, 2), blocos: 2, semente: 3, numeracao: 'sequencial' });
    const cabecalho = croquiCsv(sub, ['=a', 'b', 'c', 'd']).split('\r\n')[0];
    expect(cabecalho).toBe('parcela;bloco;linha;coluna;tratamento;nome_tratamento;repeticao;parcela_principal');
    expect(croquiCsv(sub, ['=a', 'b', 'c', 'd'])).toContain(";'=a;");
  });
});
