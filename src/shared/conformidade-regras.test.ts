import { describe, expect, it } from 'vitest';
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../tests/fixtures/stats/gl-residuo.out?raw';
import type { Papel } from './constants.js';
import { produtividadeOficial } from './produtividade-oficial.js';
import {
  type AnaliseConformidade,
  type EnsaioConformidade,
  conformidade,
  eficienciaRelativa,
  glResiduo,
  redeDeEnsaios,
} from './conformidade-regras.js';

const DESIGN: Record<string, string> = { DBC: 'DBC', DIC: 'Inteiramente Casualizado', DQL: 'Quadrado Latino' };
const casos = printed
  .split('\n')
  .filter((l) => l.includes('|'))
  .map((l) => {
    const [caso, design, t, r, a, b, gl] = l.split('|');
    return { caso: caso!, design: DESIGN[design!] ?? design!, t: Number(t), r: Number(r), a: Number(a), b: Number(b), gl: Number(gl) };
  });

describe("residual degrees of freedom, equal to R's df.residual(aov(...))", () => {
  it('has every design the product analyses', () => {
    expect(casos.length).toBeGreaterThanOrEqual(12);
    expect(new Set(casos.map((c) => c.design))).toEqual(
      new Set([
        'DBC',
        'Inteiramente Casualizado',
        'Quadrado Latino',
        'Fatorial DIC',
        'Fatorial DBC',
        'Fatorial DBC com adicional',
        'Parcelas Subdivididas DBC',
      ]),
    );
  });

  it.each(casos)('$caso: $gl', ({ design, t, r, a, b, gl }) => {
    expect(glResiduo(design, t, r, { a, b })?.gl).toBe(gl);
  });

  it('has no formula for a design it does not know, nor without replicates', () => {
    expect(glResiduo('Outro', 5, 4)).toBeNull();
    expect(glResiduo('DBC', 5, 0)).toBeNull();
    expect(glResiduo('Parcelas Subdivididas DBC', 6, 4)).toBeNull();
  });
});

type T = EnsaioConformidade['tratamentos'][number];
const tr = (nome: string, papel: Papel | null = null, extra: Partial<T> = {}): T => ({
  nome,
  papel,
  dose: null,
  nivel_a: '',
  nivel_b: '',
  produtividade: null,
  ...extra,
});
const ensaio = (over: Partial<EnsaioConformidade> = {}): EnsaioConformidade => ({
  tipo_estatistica: 'DBC',
  blocos: 4,
  latitude: -24.95,
  longitude: -53.45,
  aplicacoes: [{ data: '2026-01-10', estadio: 'V4' }],
  produtividade_regional: 3300,
  cultura: 'Soja',
  estado: 'PR',
  tratamentos: [
    tr('Testemunha', 'testemunha'),
    tr('Padrão', 'padrao'),
    tr('X 1 L', 'teste', { dose: 1 }),
    tr('X 2 L', 'teste', { dose: 2 }),
    tr('X 3 L', 'teste', { dose: 3 }),
    tr('X 4 L', 'teste', { dose: 4 }),
  ],
  ...over,
});
const analisado: AnaliseConformidade = { erro: null, medias: [3000, 3400, 3100, 3300, 3500, 3450], regressao: true, media: 3291.67 };
const verdict = (e: EnsaioConformidade, a: AnaliseConformidade | null = analisado) =>
  Object.fromEntries(conformidade('in53', e, a).regras.map((r) => [r.codigo, r.atende]));

describe('IN 53/2013, rule by rule, over configurations with known verdicts', () => {
  it('a complete trial: 6 treatments × 4 blocks (15 df), both controls, 4 doses, coordinates, applications', () => {
    const c = conformidade('in53', ensaio(), analisado);
    expect(c.atende).toBe(true);
    expect(c.regras.map((r) => r.codigo)).toEqual([
      'gl_residuo',
      'testemunha_absoluta',
      'padrao',
      'analise_estatistica',
      'regressao_doses',
      'eficiencia_relativa',
      'media_regional',
      'coordenadas',
      'aplicacoes',
    ]);
    expect(c.regras[0]!.valor).toBe(15);
    expect(c.regras.every((r) => r.referencia.startsWith('IN 53/2013'))).toBe(true);
  });

  it('a planned trial of 5 treatments × 3 blocks says 8 df, and how many blocks reach 15', () => {
    const e = ensaio({ blocos: 3, tratamentos: ensaio().tratamentos.slice(0, 5) });
    const gl = conformidade('in53', e, null).regras[0]!;
    expect(gl.atende).toBe(false);
    expect(gl.detalhe).toBe('8 graus de liberdade do resíduo: mínimo 15 ((t − 1) × (b − 1) = (5 − 1) × (3 − 1)).');
    expect(gl.sugestao).toBe('Com 5 blocos (2 a mais): 16 graus de liberdade do resíduo.');
    // Planned: the analysis' rules wait for the yields.
    expect(verdict(e, null)).toMatchObject({ analise_estatistica: null, regressao_doses: null, eficiencia_relativa: null });
    // One block more is still short; two reach it.
    expect(verdict({ ...e, blocos: 4 }, null).gl_residuo).toBe(false);
    expect(verdict({ ...e, blocos: 5 }, null).gl_residuo).toBe(true);
  });

  it.each([
    [
      'DIC 5 × 3',
      { tipo_estatistica: 'Inteiramente Casualizado', blocos: 3 },
      5,
      false,
      'Com 4 repetições (1 a mais): 15 graus de liberdade do resíduo.',
    ],
    ['DIC 8 × 3', { tipo_estatistica: 'Inteiramente Casualizado', blocos: 3 }, 8, true, null],
    [
      'Latin square 5',
      { tipo_estatistica: 'Quadrado Latino', blocos: 5 },
      5,
      false,
      'No quadrado latino os graus de liberdade dependem só dos tratamentos: com 6 tratamentos (e 6 linhas e colunas), 20 graus de liberdade do resíduo.',
    ],
    ['DBC 4 × 6', { blocos: 6 }, 4, true, null],
  ] as const)('%s', (_, over, n, atende, sugestao) => {
    const trats = Array.from({ length: n }, (_, i) => tr(`T${i + 1}`, i === 0 ? 'testemunha' : i === 1 ? 'padrao' : 'teste'));
    const r = conformidade('in53', ensaio({ ...over, tratamentos: trats }), null).regras[0]!;
    expect(r.atende).toBe(atende);
    expect(r.sugestao).toBe(sugestao);
  });

  it('counts replicates from the plot yields when blocks are not set', () => {
    const trats = ensaio().tratamentos.map((t) => ({ ...t, repeticoes: [1, 2, 3] }));
    expect(conformidade('in53', ensaio({ blocos: null, tratamentos: trats }), analisado).regras[0]!.valor).toBe(10);
  });

  it('split plots: the subplot error from the factors’ levels', () => {
    const trats = ['A1', 'A2', 'A3'].flatMap((a) => ['B1', 'B2', 'B3', 'B4'].map((b) => tr(`${a}${b}`, null, { nivel_a: a, nivel_b: b })));
    const r = conformidade('in53', ensaio({ tipo_estatistica: 'Parcelas Subdivididas DBC', blocos: 3, tratamentos: trats }), null)
      .regras[0]!;
    expect(r.valor).toBe(18);
    expect(r.atende).toBe(true);
  });

  it('without declared roles: no absolute control, no standard, no tested product', () => {
    const trats = ['Testemunha', 'A', 'B', 'C', 'D', 'E'].map((n) => tr(n));
    const v = verdict(ensaio({ tratamentos: trats }));
    expect(v).toMatchObject({ testemunha_absoluta: false, padrao: false, regressao_doses: null, eficiencia_relativa: null });
    expect(conformidade('in53', ensaio({ tratamentos: trats }), analisado).atende).toBe(false);
  });

  it('a standard missing: the efficiency cannot be computed', () => {
    const trats = ensaio().tratamentos.map((t) => (t.papel === 'padrao' ? { ...t, papel: 'teste' as const } : t));
    expect(verdict(ensaio({ tratamentos: trats }))).toMatchObject({ padrao: false, eficiencia_relativa: false });
  });

  it('two doses: no regression asked for; four doses without the regression computed: fails', () => {
    const two = ensaio().tratamentos.map((t) => (t.dose && t.dose > 2 ? { ...t, dose: 2 } : t));
    expect(verdict(ensaio({ tratamentos: two })).regressao_doses).toBeNull();
    expect(verdict(ensaio(), { ...analisado, regressao: false }).regressao_doses).toBe(false);
  });

  it('the analysis refused (unbalanced): statistics fail with its reason', () => {
    const c = conformidade('in53', ensaio(), {
      erro: 'Número de repetições diferente entre os tratamentos',
      medias: null,
      media: null,
      regressao: false,
    });
    const r = c.regras.find((x) => x.codigo === 'analise_estatistica')!;
    expect(r.atende).toBe(false);
    expect(r.detalhe).toContain('repetições diferente');
  });

  it('no coordinates, an application without its stage, none at all', () => {
    expect(verdict(ensaio({ latitude: null, longitude: null })).coordenadas).toBe(false);
    expect(verdict(ensaio({ aplicacoes: [{ data: '2026-01-10', estadio: '' }] })).aplicacoes).toBe(false);
    expect(verdict(ensaio({ aplicacoes: [] })).aplicacoes).toBe(false);
  });

  it('relative efficiency: (Y − Y testemunha) / (Y padrão − Y testemunha) × 100', () => {
    expect(eficienciaRelativa(ensaio().tratamentos, analisado.medias!)).toEqual([
      { nome: 'X 1 L', pct: 25 },
      { nome: 'X 2 L', pct: 75 },
      { nome: 'X 3 L', pct: 125 },
      { nome: 'X 4 L', pct: 112.5 },
    ]);
    // A standard that yields as the control: no ratio, never an infinity.
    expect(eficienciaRelativa(ensaio().tratamentos, [3000, 3000, 3100, 3300, 3500, 3450])![0]!.pct).toBeNull();
  });
});

describe('IN SDA 13/2011 (inoculants): 2 sites × 2 seasons, or 4 sites in one season', () => {
  const t = (cidade: string, ano: number, estado = 'PR') => ({ cidade, estado, ano });
  it.each([
    ['2 sites in each of 2 seasons', [t('Cascavel', 2024), t('Toledo', 2024), t('Cascavel', 2025), t('Londrina', 2025)], true],
    ['4 sites in one season', [t('Cascavel', 2025), t('Toledo', 2025), t('Londrina', 2025), t('Rio Verde', 2025, 'GO')], true],
    ['3 sites in one season, 1 in another', [t('Cascavel', 2024), t('Toledo', 2024), t('Londrina', 2024), t('Cascavel', 2025)], false],
    ['one site over four seasons', [2022, 2023, 2024, 2025].map((a) => t('Cascavel', a)), false],
    [
      'the same city twice in a season, spelt in another case, is one site',
      [t('Cascavel', 2025), t('CASCAVEL ', 2025), t('Toledo', 2025)],
      false,
    ],
    ['no trial', [], false],
  ] as const)('%s', (_, ensaios, atende) => {
    expect(redeDeEnsaios(ensaios).atende).toBe(atende);
  });

  it('counts and says what is missing', () => {
    const r = redeDeEnsaios([t('Cascavel', 2024), t('Toledo', 2024), t('Londrina', 2024), t('Cascavel', 2025)]);
    expect(r).toMatchObject({
      locais: 3,
      safras: 2,
      porSafra: [
        { ano: 2024, locais: 3 },
        { ano: 2025, locais: 1 },
      ],
    });
    expect(r.detalhe).toBe('4 ensaios em 3 locais e 2 safras (2024: 3 locais; 2025: 1 local).');
    expect(r.sugestao).toBe('Repita o ensaio em 2 locais em outra safra, ou conduza 1 local a mais na safra de 3 locais.');
  });
});

describe('the comparison with the region’s average yield, and each verdict’s state', () => {
  it('holds with both means, waits for the yields; without a typed average it takes the official one, else fails', () => {
    const r = (e: EnsaioConformidade, a: AnaliseConformidade | null) =>
      conformidade('in53', e, a).regras.find((x) => x.codigo === 'media_regional')!;
    const ok = r(ensaio(), analisado);
    expect(ok).toMatchObject({ atende: true, situacao: 'atende' });
    expect(ok.detalhe).toBe('Média do ensaio 3.292 kg/ha, 100% da média da região (3.300 kg/ha; informada no ensaio).');
    expect(r(ensaio(), null)).toMatchObject({ atende: null, situacao: 'pendente' });
    // Conab's 2024/25 soybean average in Paraná, shipped with the product (produtividade-oficial.ts).
    const oficial = r(ensaio({ produtividade_regional: null }), analisado);
    expect(oficial).toMatchObject({ atende: true, valor: { regional: produtividadeOficial('Soja', 'PR') } });
    expect(oficial.detalhe).toContain('média de Soja em PR, Conab, safra 2024/25');
    expect(r(ensaio({ produtividade_regional: null, cultura: 'Uva' }), analisado)).toMatchObject({ atende: false, situacao: 'nao_atende' });
    expect(r(ensaio({ produtividade_regional: null, estado: '' }), analisado).detalhe).toContain('estado não informado');
  });

  it('tells "not applicable" from "pending"', () => {
    const two = ensaio().tratamentos.map((t) => (t.dose && t.dose > 2 ? { ...t, dose: 2 } : t));
    const s = (e: EnsaioConformidade, a: AnaliseConformidade | null) =>
      Object.fromEntries(conformidade('in53', e, a).regras.map((x) => [x.codigo, x.situacao]));
    expect(s(ensaio({ tratamentos: two }), analisado).regressao_doses).toBe('nao_se_aplica');
    expect(s(ensaio(), null)).toMatchObject({
      regressao_doses: 'pendente',
      analise_estatistica: 'pendente',
      eficiencia_relativa: 'pendente',
    });
  });
});
