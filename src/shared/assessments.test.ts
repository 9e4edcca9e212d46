import { describe, expect, it } from 'vitest';
import { type AvaliacaoInput, avaliacaoDeAnalise, isIsoDate, novaChave, rotuloAvaliacao, valueProblem } from './assessments.js';
import { experimentInputSchema } from './experiment.js';
import { SAMPLE } from './factories.test-helper.js';

const avaliacao = (over: Partial<AvaliacaoInput> = {}): AvaliacaoInput => ({
  chave: 'sev-7',
  nome: 'Severidade',
  unidade: '%',
  tipo: 'porcentagem',
  data: '2026-01-14',
  estadio: 'R5.1',
  alvo: 'Ferrugem-asiática',
  escala_min: null,
  escala_max: null,
  ...over,
});

/** SAMPLE with these assessments and, per treatment, these plot values. */
function withValues(avaliacoes: AvaliacaoInput[], ...observacoes: Record<string, unknown>[]) {
  return {
    ...SAMPLE,
    avaliacoes,
    tratamentos: SAMPLE.tratamentos.map((t, i) => ({ ...t, repeticoes: [3500, 3600, 3700], observacoes: observacoes[i] ?? {} })),
  };
}

const issuesOf = (body: unknown) => {
  const r = experimentInputSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('assessment values by type', () => {
  it.each([
    ['porcentagem', 150, '150 não é uma porcentagem válida: use de 0 a 100'],
    ['porcentagem', -1, '-1 não é uma porcentagem válida: use de 0 a 100'],
    ['contagem', 2.7, '2,7 não é uma contagem: use números inteiros'],
    ['contagem', -2, '-2 não é uma contagem: use 0 ou mais'],
    ['medida', -0.5, '-0,5 é negativo: a medida deve ser 0 ou mais'],
  ] as const)('refuses %s %d with a message naming it', (tipo, value, message) => {
    expect(valueProblem(value, { tipo, escala_min: null, escala_max: null })).toBe(message);
  });

  it('refuses a score outside its scale or between two scores', () => {
    const scale = { tipo: 'nota' as const, escala_min: 1, escala_max: 9 };
    expect(valueProblem(10, scale)).toBe('10 está fora da escala: use notas inteiras de 1 a 9');
    expect(valueProblem(0, scale)).toBe('0 está fora da escala: use notas inteiras de 1 a 9');
    expect(valueProblem(4.5, scale)).toBe('4,5 está fora da escala: use notas inteiras de 1 a 9');
    expect(valueProblem(9, scale)).toBeNull();
  });

  it('accepts the bounds of each type', () => {
    const free = { escala_min: null, escala_max: null };
    expect(valueProblem(0, { tipo: 'porcentagem', ...free })).toBeNull();
    expect(valueProblem(100, { tipo: 'porcentagem', ...free })).toBeNull();
    expect(valueProblem(0, { tipo: 'contagem', ...free })).toBeNull();
    expect(valueProblem(87.25, { tipo: 'medida', ...free })).toBeNull();
  });
});

describe('assessments in the experiment schema', () => {
  it('keeps the declared assessments and the plot values, empty plots as null', () => {
    const parsed = experimentInputSchema.parse(withValues([avaliacao()], { 'sev-7': [12.5, null, 14] }, { 'sev-7': [3, 2, ''] }));
    // Already in the stored form: nothing changes.
    expect(parsed.avaliacoes).toEqual([avaliacao()]);
    expect(parsed.tratamentos.map((t) => t.observacoes)).toEqual([{ 'sev-7': [12.5, null, 14] }, { 'sev-7': [3, 2, null] }]);
  });

  it('names the cell of every value its type forbids', () => {
    const issues = issuesOf(
      withValues(
        [avaliacao(), avaliacao({ chave: 'vagens', nome: 'Número de Vagens', tipo: 'contagem', unidade: 'unidades' })],
        { 'sev-7': [150, 10, 20], vagens: [40, 41, 42] },
        { 'sev-7': [5, 6, 7], vagens: [38, 2.7, 40] },
      ),
    );
    expect(issues).toEqual([
      { path: 'tratamentos.0.observacoes.sev-7.0', message: '150 não é uma porcentagem válida: use de 0 a 100' },
      { path: 'tratamentos.1.observacoes.vagens.1', message: '2,7 não é uma contagem: use números inteiros' },
    ]);
  });

  it('refuses values of an assessment the experiment does not declare, and text that is not a number', () => {
    expect(issuesOf(withValues([avaliacao()], { outra: [1, 2, 3] }))).toEqual([
      { path: 'tratamentos.0.observacoes.outra', message: 'Valores de uma avaliação que o experimento não declara' },
    ]);
    expect(issuesOf(withValues([avaliacao()], { 'sev-7': ['doze', 1, 2] }))).toEqual([
      { path: 'tratamentos.0.observacoes.sev-7.0', message: 'Informe um número válido' },
    ]);
  });

  it('says in pt-BR what is wrong with a malformed list, record or date', () => {
    const lista = 'Lista de avaliações inválida';
    const valores = 'Valores por parcela inválidos: envie, para cada avaliação, uma lista de números (vazio para parcela não avaliada)';
    expect(issuesOf({ ...SAMPLE, avaliacoes: 'x' })).toEqual([{ path: 'avaliacoes', message: lista }]);
    expect(issuesOf(withValues([avaliacao()], { 'sev-7': 'x' as never }))).toEqual([
      { path: 'tratamentos.0.observacoes.sev-7', message: valores },
    ]);
    expect(issuesOf({ ...withValues([avaliacao()]), tratamentos: [{ ...SAMPLE.tratamentos[0], observacoes: 7 }] })).toEqual([
      { path: 'tratamentos.0.observacoes', message: valores },
    ]);
    expect(issuesOf(withValues([avaliacao({ data: 20260114 as never })]))).toEqual([
      { path: 'avaliacoes.0.data', message: 'Data inválida: use dd/mm/aaaa' },
    ]);
  });

  it('checks the declaration: key, repeated key, type, date, scale', () => {
    const issues = issuesOf(
      withValues([
        avaliacao({ chave: 'Sev 7' }),
        avaliacao({ chave: 'a' }),
        avaliacao({ chave: 'a', data: '2026-02-30' }),
        avaliacao({ chave: 'b', tipo: 'nota', escala_min: 1, escala_max: null }),
        avaliacao({ chave: 'c', tipo: 'nota', escala_min: 5, escala_max: 1 }),
        avaliacao({ chave: 'd', tipo: 'indice' as never }),
      ]),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'avaliacoes.0.chave', message: 'Use na chave só letras minúsculas sem acento, números, "-" e "_" (até 40)' },
        { path: 'avaliacoes.2.data', message: 'Data inválida: use dd/mm/aaaa' },
        { path: 'avaliacoes.3.escala_max', message: 'Informe o mínimo e o máximo da escala da nota' },
        { path: 'avaliacoes.4.escala_max', message: 'O máximo da escala deve ser maior que o mínimo' },
        { path: 'avaliacoes.5.tipo', message: 'Escolha o tipo da avaliação' },
      ]),
    );
    // The repeated key is reported once the list is otherwise valid.
    expect(issuesOf(withValues([avaliacao({ chave: 'a' }), avaliacao({ chave: 'a' })]))).toEqual([
      { path: 'avaliacoes.1.chave', message: 'Chave repetida: cada avaliação precisa de uma chave própria' },
    ]);
  });

  it('drops the scale of a type that is not a score, and reads an empty date, stage or target as null', () => {
    const parsed = experimentInputSchema.parse(
      withValues([avaliacao({ tipo: 'medida', escala_min: 1, escala_max: 5, data: '', estadio: '', alvo: null })]),
    );
    expect(parsed.avaliacoes[0]).toMatchObject({ escala_min: null, escala_max: null, data: null, estadio: null, alvo: null });
  });
});

describe('assessment helpers', () => {
  it('reads only calendar dates', () => {
    expect(isIsoDate('2026-01-31')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('14/01/2026')).toBe(false);
  });

  it('makes a new key from the name, numbered when taken', () => {
    expect(novaChave('Severidade (%) — Ferrugem', [])).toBe('severidade-ferrugem');
    expect(novaChave('Severidade', ['severidade', 'severidade-2'])).toBe('severidade-3');
    expect(novaChave('***', [])).toBe('avaliacao');
  });

  it('names an assessment with unit, date and stage', () => {
    expect(rotuloAvaliacao({ nome: 'Severidade', unidade: '%', data: '2026-01-14', estadio: 'R5.1' })).toBe(
      'Severidade (%) · 14/01/2026, R5.1',
    );
    expect(rotuloAvaliacao({ nome: 'Altura de Plantas', unidade: '', data: null, estadio: null })).toBe('Altura de Plantas');
    expect(rotuloAvaliacao({ nome: 'Severidade', unidade: '%', data: '2026-01-14', estadio: 'R1', daa: 14 })).toBe(
      'Severidade (%) · 14/01/2026, R1, 14 DAA',
    );
    expect(rotuloAvaliacao({ nome: 'Severidade', unidade: '', data: null, estadio: null, daa: null })).toBe('Severidade');
  });
});

describe('an additional analysis as an assessment', () => {
  it('keeps its name and unit, takes the usual type of the name, and a key of its own', () => {
    expect(avaliacaoDeAnalise({ nome: 'Altura de Plantas', unidade: 'cm' }, ['altura-de-plantas'])).toEqual({
      chave: 'altura-de-plantas-2',
      nome: 'Altura de Plantas',
      unidade: 'cm',
      tipo: 'medida',
      escala_min: null,
      escala_max: null,
    });
    expect(avaliacaoDeAnalise({ nome: 'Número de Vagens', unidade: '' }, [])).toMatchObject({ tipo: 'contagem', unidade: 'unidades' });
    expect(avaliacaoDeAnalise({ nome: 'Brix', unidade: '°Brix' }, [])).toMatchObject({ chave: 'brix', tipo: 'medida' });
  });
});
