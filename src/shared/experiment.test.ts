import { describe, expect, it } from 'vitest';
import {
  EXP_MSG,
  custoTratamento,
  experimentInputSchema,
  produtividadeMedia,
  step1Schema,
  step2Schema,
  step3Schema,
  step4Schema,
  step5Schema,
  step6Schema,
} from './experiment.js';
import { PRICE_PER_BAG_MAX, YIELD_MAX_KG_HA } from './constants.js';
import { formatBRL } from './format.js';
import { buildExperimentData } from './factories.test-helper.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const first = (r: Result) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

/** The who and where of the whole experiments parsed below (same in every one). */
const WHERE_AND_WHO = { consultoria: 'Agro', marca: 'Aminoagro', bu: 'BU2', regional: 'GO', cidade: 'Jataí', estado: 'GO' };

describe('step 1', () => {
  const ok = { consultoria: 'Agro', marca: 'Aminoagro', bu: 'BU1', regional: 'GO' };
  it('accepts valid data and trims', () => {
    expect(step1Schema.parse({ ...ok, consultoria: '  Agro  ' }).consultoria).toBe('Agro');
  });
  it.each([
    [{ consultoria: '' }, 'consultoria', 'Nome da consultoria é obrigatório'],
    [{ consultoria: '   ' }, 'consultoria', 'Nome da consultoria é obrigatório'],
    [{ consultoria: 'A' }, 'consultoria', 'Nome deve ter pelo menos 2 caracteres'],
    [{ marca: '' }, 'marca', 'Marca é obrigatória'],
    [{ bu: '' }, 'bu', 'Business Unit é obrigatória'],
    [{ bu: 'BU4' }, 'bu', 'Business Unit é obrigatória'],
    [{ regional: '' }, 'regional', 'Regional é obrigatória'],
  ])('%o → %s', (patch, path, message) => {
    expect(first(step1Schema.safeParse({ ...ok, ...patch }))[path]).toBe(message);
  });
});

describe('step 2', () => {
  const ok = { cidade: 'Rio Verde', estado: 'GO', latitude: '', longitude: '' };
  it("reads text with the product's one number parser: a coordinate's dot is always decimal", () => {
    expect(step2Schema.parse({ ...ok, latitude: '-12.542', longitude: '-55,725' })).toMatchObject({
      latitude: -12.542,
      longitude: -55.725,
    });
    expect(first(step2Schema.safeParse({ ...ok, latitude: '1,234.5' })).latitude).toBe('Informe um número válido');
    expect(step3Schema.parse({ teor_argila: '38,5', teor_materia_organica: '3,2' })).toEqual({
      teor_argila: 38.5,
      teor_materia_organica: 3.2,
    });
    expect(step6Schema.parse({ tipo_estatistica: 'DBC', custo_protocolo: '1.234,5', roi: '' }).custo_protocolo).toBe(1234.5);
  });
  it('latitude and longitude are optional; empty and 0 become null', () => {
    expect(step2Schema.parse(ok)).toMatchObject({ latitude: null, longitude: null });
    expect(step2Schema.parse({ ...ok, latitude: 0, longitude: '0' })).toMatchObject({ latitude: null, longitude: null });
  });
  it.each([
    ['latitude', -90, true],
    ['latitude', 90, true],
    ['latitude', -90.000001, false],
    ['latitude', 90.5, false],
    ['longitude', -180, true],
    ['longitude', 180, true],
    ['longitude', -180.1, false],
    ['longitude', 181, false],
  ] as const)('%s %d valid: %s', (field, value, valid) => {
    const r = step2Schema.safeParse({ ...ok, [field]: value });
    expect(r.success).toBe(valid);
    const range = field === 'latitude' ? 'Latitude deve ser entre -90 e 90' : 'Longitude deve ser entre -180 e 180';
    if (!valid) expect(first(r)[field]).toBe(range);
  });
  it('reads a decimal comma and rejects words', () => {
    expect(step2Schema.parse({ ...ok, latitude: '-17,7923' }).latitude).toBe(-17.7923);
    expect(first(step2Schema.safeParse({ ...ok, latitude: 'norte' })).latitude).toBe('Informe um número válido');
  });
  it('requires city and state', () => {
    expect(first(step2Schema.safeParse({ cidade: '', estado: '' }))).toEqual({
      cidade: 'Cidade é obrigatória',
      estado: 'Estado é obrigatório',
    });
  });
});

describe('step 3', () => {
  it.each([
    [{ teor_argila: 0, teor_materia_organica: 0 }, true],
    [{ teor_argila: 100, teor_materia_organica: 100 }, true],
    [{ teor_argila: '35,5', teor_materia_organica: '2.5' }, true],
  ])('%o valid', (v, ok) => expect(step3Schema.safeParse(v).success).toBe(ok));
  it('keeps 0 as a value', () => {
    expect(step3Schema.parse({ teor_argila: 0, teor_materia_organica: '0' })).toEqual({ teor_argila: 0, teor_materia_organica: 0 });
  });
  it('messages: required, below 0, above 100', () => {
    expect(first(step3Schema.safeParse({ teor_argila: '', teor_materia_organica: undefined }))).toEqual({
      teor_argila: 'Teor de argila é obrigatório',
      teor_materia_organica: 'Teor de matéria orgânica é obrigatório',
    });
    expect(first(step3Schema.safeParse({ teor_argila: -0.1, teor_materia_organica: 100.1 }))).toEqual({
      teor_argila: 'Valor deve ser maior que 0',
      teor_materia_organica: 'Valor deve ser menor que 100',
    });
  });
});

describe('step 4', () => {
  const ok = { cultura: 'Soja', cultivar: 'M6410', ano: 2024 };
  it.each([
    [2020, true],
    [2030, true],
    [2019, false],
    [2031, false],
    [2024.5, false],
  ])('ano %d valid: %s', (ano, valid) => expect(step4Schema.safeParse({ ...ok, ano }).success).toBe(valid));
  it('messages', () => {
    expect(first(step4Schema.safeParse({ cultura: '', cultivar: '', ano: '' }))).toEqual({
      cultura: 'Cultura é obrigatória',
      cultivar: 'Cultivar é obrigatório',
      ano: 'Ano é obrigatório',
    });
  });
});

describe('step 5', () => {
  const t = { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3500 };
  it('needs at least one treatment', () => {
    expect(first(step5Schema.safeParse({ tratamentos: [] })).tratamentos).toBe('Adicione pelo menos um tratamento');
  });
  it('defaults cost to 0 and empty lists', () => {
    expect(step5Schema.parse({ tratamentos: [t] }).tratamentos[0]).toEqual({
      ...t,
      custo: 0,
      papel: null,
      nivel_a: '',
      nivel_b: '',
      dose: null,
      produtos_aplicados: [],
      analises_adicionais: [],
      observacoes: {},
    });
  });
  it('messages with index paths', () => {
    const r = step5Schema.safeParse({
      tratamentos: [t, { nome: '', modalidade: '', produtividade: '', custo: -1, produtos_aplicados: [{ nome: 'P', dose: -0.01 }] }],
    });
    expect(first(r)).toEqual({
      'tratamentos.1.nome': 'Nome é obrigatório',
      'tratamentos.1.modalidade': 'Modalidade é obrigatória',
      'tratamentos.1.custo': 'Custo deve ser positivo',
      'tratamentos.1.produtos_aplicados.0.dose': 'Dose deve ser positiva',
    });
    expect(first(step5Schema.safeParse({ tratamentos: [{ ...t, produtividade: -1 }] }))['tratamentos.0.produtividade']).toBe(
      'Produtividade deve ser positiva',
    );
  });
  it('rounds analysis values to 2 decimals and keeps doses of 0', () => {
    const r = step5Schema.parse({
      tratamentos: [
        {
          ...t,
          produtos_aplicados: [{ nome: 'P', dose: 0, custo: '' }],
          analises_adicionais: [{ nome: 'Altura', valor: '12,345', unidade: 'cm' }],
        },
      ],
    });
    expect(r.tratamentos[0]?.produtos_aplicados[0]).toEqual({ nome: 'P', dose: 0, unidade: '', custo: null });
    expect(r.tratamentos[0]?.analises_adicionais[0]).toEqual({ nome: 'Altura', valor: 12.35, unidade: 'cm' });
  });
  it("a dose's unit is optional free text up to 30 characters", () => {
    const parse = (unidade: unknown) =>
      step5Schema.safeParse({ tratamentos: [{ ...t, produtos_aplicados: [{ nome: 'P', dose: 2, unidade }] }] });
    expect(parse(' mL/100 kg de sementes ').data?.tratamentos[0]?.produtos_aplicados[0]).toEqual({
      nome: 'P',
      dose: 2,
      unidade: 'mL/100 kg de sementes',
      custo: null,
    });
    expect(parse(undefined).data?.tratamentos[0]?.produtos_aplicados[0]?.unidade).toBe('');
    expect(first(parse('x'.repeat(31)))['tratamentos.0.produtos_aplicados.0.unidade']).toBe('Texto muito longo');
  });
  it('yields up to 1.000.000 kg/ha, in a treatment and in a plot', () => {
    expect(YIELD_MAX_KG_HA.toLocaleString('pt-BR')).toBe('1.000.000');
    expect(step5Schema.safeParse({ tratamentos: [{ ...t, produtividade: YIELD_MAX_KG_HA }] }).success).toBe(true);
    expect(first(step5Schema.safeParse({ tratamentos: [{ ...t, produtividade: 1e7 }] }))['tratamentos.0.produtividade']).toBe(
      'Produtividade deve ser no máximo 1.000.000 kg/ha',
    );
    const plots = [
      { ...t, repeticoes: [3000, 1_000_001] },
      { ...t, repeticoes: [3000, -1] },
    ];
    expect(first(step5Schema.safeParse({ tratamentos: plots }))).toEqual({
      'tratamentos.0.repeticoes.1': 'Produtividade deve ser no máximo 1.000.000 kg/ha',
      'tratamentos.1.repeticoes.1': 'Produtividade deve ser positiva',
    });
  });
});

describe('numbers that are not numbers', () => {
  // The number input reports NaN for a text that is not a number; a client may send anything.
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 'Infinity', 'abc', '3,2,1', true, {}])(
    '%o is refused with the message',
    (bad) => {
      const steps = [
        [step2Schema.safeParse({ cidade: 'Rio Verde', estado: 'GO', latitude: bad, longitude: '' }), 'latitude'],
        [step3Schema.safeParse({ teor_argila: bad, teor_materia_organica: 3 }), 'teor_argila'],
        [step5Schema.safeParse({ tratamentos: [{ nome: 'T', modalidade: 'Foliar', produtividade: bad }] }), 'tratamentos.0.produtividade'],
        [
          step5Schema.safeParse({
            tratamentos: [{ nome: 'T', modalidade: 'Foliar', produtividade: 1, produtos_aplicados: [{ nome: 'P', dose: bad }] }],
          }),
          'tratamentos.0.produtos_aplicados.0.dose',
        ],
        [
          step5Schema.safeParse({
            tratamentos: [{ nome: 'T', modalidade: 'Foliar', produtividade: 1, analises_adicionais: [{ nome: 'A', valor: bad }] }],
          }),
          'tratamentos.0.analises_adicionais.0.valor',
        ],
        [step6Schema.safeParse({ tipo_estatistica: 'DBC', custo_protocolo: bad }), 'custo_protocolo'],
        [step6Schema.safeParse({ tipo_estatistica: 'DBC', custo_protocolo: 1, roi: bad }), 'roi'],
      ] as const;
      for (const [r, path] of steps) expect(first(r)[path]).toBe('Informe um número válido');
    },
  );
  it('empty required numbers say they are required; empty optional ones are null', () => {
    expect(first(step3Schema.safeParse({ teor_argila: null, teor_materia_organica: '' }))).toEqual({
      teor_argila: 'Teor de argila é obrigatório',
      teor_materia_organica: 'Teor de matéria orgânica é obrigatório',
    });
    expect(step2Schema.parse({ cidade: 'Rio Verde', estado: 'GO', latitude: null, longitude: null })).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('step 6', () => {
  it('roi optional, 0 is null; negative cost refused', () => {
    expect(step6Schema.parse({ tipo_estatistica: 'DBC', custo_protocolo: 0, roi: 0 })).toEqual({
      tipo_estatistica: 'DBC',
      fator_a: '',
      fator_b: '',
      custo_protocolo: 0,
      roi: null,
      preco_saca: null,
      parcela: null,
      aplicacoes: [],
    });
    expect(first(step6Schema.safeParse({ tipo_estatistica: '', custo_protocolo: '', roi: -1 }))).toEqual({
      tipo_estatistica: 'Tipo de estatística é obrigatório',
      custo_protocolo: 'Custo do protocolo é obrigatório',
      roi: 'ROI deve ser positivo',
    });
    expect(first(step6Schema.safeParse({ tipo_estatistica: 'DBC', custo_protocolo: -0.01 })).custo_protocolo).toBe(
      'Custo deve ser positivo',
    );
  });
});

describe('whole experiment (API)', () => {
  it('accepts null soil contents but refuses out-of-range ones', () => {
    const base = {
      ...WHERE_AND_WHO,
      cultura: 'Milho',
      cultivar: 'DKB 390',
      ano: 2025,
      tipo_estatistica: 'ANOVA',
      custo_protocolo: 1000,
      tratamentos: [{ nome: 'Testemunha', modalidade: 'Solo', produtividade: 9000 }],
    };
    expect(experimentInputSchema.parse({ ...base, teor_argila: null, teor_materia_organica: null }).teor_argila).toBeNull();
    expect(first(experimentInputSchema.safeParse({ ...base, teor_argila: 101, teor_materia_organica: null })).teor_argila).toBe(
      'Valor deve ser menor que 100',
    );
    expect(first(experimentInputSchema.safeParse(base)).teor_argila).toBe('Teor de argila é obrigatório');
  });
});

describe('derived values', () => {
  it('treatment cost = sum of product costs when they have costs', () => {
    expect(custoTratamento({ custo: 99, produtos_aplicados: [{ custo: 10.1 }, { custo: 20.2 }, { custo: null }] })).toBe(30.3);
    expect(custoTratamento({ custo: 99, produtos_aplicados: [{ custo: null }] })).toBe(99);
    expect(custoTratamento({ custo: null, produtos_aplicados: [] })).toBe(0);
  });
  it('mean yield', () => {
    expect(produtividadeMedia([{ produtividade: 3000 }, { produtividade: 3600 }])).toBe(3300);
    expect(produtividadeMedia([])).toBeNull();
  });
});

describe('replicates (trial statistics)', () => {
  const t = (nome: string, repeticoes?: unknown[]) => ({
    nome,
    modalidade: 'Foliar',
    ...(repeticoes ? { repeticoes } : { produtividade: 1 }),
  });
  it('the yield becomes the mean of the replicates', () => {
    const r = step5Schema.parse({ tratamentos: [t('Testemunha', ['3000', 3200, '3.400,5']), t('B', [1, 2, 3])] });
    expect(r.tratamentos[0]).toMatchObject({ produtividade: 3200.17, repeticoes: [3000, 3200, 3400.5] });
    expect(r.tratamentos[1]?.produtividade).toBe(2);
  });
  it('the same count in every treatment, 2 to 12', () => {
    expect(first(step5Schema.safeParse({ tratamentos: [t('A', [1, 2, 3]), t('B', [1, 2])] }))['tratamentos.1.repeticoes']).toBe(
      'Número de repetições diferente entre os tratamentos: informe o mesmo número de blocos em todos',
    );
    expect(first(step5Schema.safeParse({ tratamentos: [t('A', [1, 2, 3]), t('B')] }))['tratamentos.1.repeticoes']).toMatch(/diferente/);
    expect(first(step5Schema.safeParse({ tratamentos: [t('A', [1]), t('B', [2])] }))['tratamentos.0.repeticoes']).toBe(
      'Use de 2 a 12 repetições por tratamento',
    );
    expect(first(step5Schema.safeParse({ tratamentos: [t('A', [1, '']), t('B', [2, 3])] }))['tratamentos.0.repeticoes.1']).toBe(
      'Informe a produtividade desta repetição',
    );
  });
  it('without replicates nothing changes', () => {
    const r = step5Schema.parse({ tratamentos: [t('A'), t('B')] });
    expect(r.tratamentos[0]).not.toHaveProperty('repeticoes');
    expect(r.tratamentos[0]?.produtividade).toBe(1);
  });
  it('plot yields take at most 3 decimals (1 g/ha): finer differences are refused, not analysed as noise', () => {
    expect(
      step5Schema.parse({ tratamentos: [t('A', [3456.789, '1.000,125']), t('B', [0.001, 999_999.999])] }).tratamentos[0],
    ).toMatchObject({
      repeticoes: [3456.789, 1000.125],
    });
    const res = first(step5Schema.safeParse({ tratamentos: [t('A', [1000, 1000.00000000001]), t('B', [1000.0001, 1000])] }));
    expect(res['tratamentos.0.repeticoes.1']).toBe('Use no máximo 3 casas decimais na produtividade da repetição');
    expect(res['tratamentos.1.repeticoes.0']).toBe('Use no máximo 3 casas decimais na produtividade da repetição');
    expect(res['tratamentos.0.repeticoes.0']).toBeUndefined();
    // Values the PDF extractor writes (rounded to 3 places after a unit conversion) pass.
    const converted = [3.4567 * 1000, (55.5 * 60) / 1, 4.1234567 * 1000].map((v) => Math.round(v * 1000) / 1000);
    expect(step5Schema.safeParse({ tratamentos: [t('A', converted), t('B', converted)] }).success).toBe(true);
  });
  it('non-finite and absurd values are refused with a message, never passed on to the analysis', () => {
    for (const bad of [1e308, -1e308, Number.POSITIVE_INFINITY, Number.NaN, '1e999']) {
      const r = step5Schema.safeParse({ tratamentos: [t('A', [bad, 1]), t('B', [1, 2])] });
      expect(r.success, String(bad)).toBe(false);
      expect(first(r)['tratamentos.0.repeticoes.0'], String(bad)).toMatch(/\S/);
    }
    expect(first(step6Schema.safeParse({ tipo_estatistica: 'DBC', custo_protocolo: 1, preco_saca: 1e308 })).preco_saca).toBe(
      'Preço da saca deve ser no máximo R$ 1.000.000,00',
    );
    expect(EXP_MSG.precoSacaMax).toContain(formatBRL(PRICE_PER_BAG_MAX).replace(/\s/g, ' '));
  });
  it('bag price is optional and positive', () => {
    expect(step6Schema.parse({ tipo_estatistica: 'DBC', custo_protocolo: 1, preco_saca: '132,50' }).preco_saca).toBe(132.5);
    expect(first(step6Schema.safeParse({ tipo_estatistica: 'DBC', custo_protocolo: 1, preco_saca: -1 })).preco_saca).toBe(
      'Preço deve ser positivo',
    );
  });
});

describe('two-factor designs', () => {
  const base = {
    ...WHERE_AND_WHO,
    teor_argila: 40,
    teor_materia_organica: 3,
    cultura: 'Milho',
    cultivar: 'DKB 390',
    ano: 2025,
    custo_protocolo: 1000,
    fator_a: ' Produto ',
    fator_b: 'Dose',
  };
  const t = (nome: string, nivel_a?: string, nivel_b?: string, dose?: unknown) => ({
    nome,
    modalidade: 'Solo',
    produtividade: 9000,
    ...(nivel_a !== undefined ? { nivel_a } : {}),
    ...(nivel_b !== undefined ? { nivel_b } : {}),
    ...(dose !== undefined ? { dose } : {}),
  });
  const crossed = [t('A1B1', 'A1', 'B1'), t('A1B2', 'A1', 'B2'), t('A2B1', 'A2', 'B1'), t('A2B2', 'A2', 'B2')];

  it('keeps the factors, levels and a pt-BR dose; trims them', () => {
    const r = experimentInputSchema.parse({ ...base, tipo_estatistica: 'Fatorial DBC', tratamentos: [t('X', ' A1 ', 'B1', '2,5')] });
    expect(r.fator_a).toBe('Produto');
    expect(r.tratamentos[0]).toMatchObject({ nivel_a: 'A1', nivel_b: 'B1', dose: 2.5 });
    expect(
      experimentInputSchema.parse({ ...base, tipo_estatistica: 'DBC', tratamentos: [t('X', '', '', '1.000')] }).tratamentos[0],
    ).toMatchObject({
      nivel_a: '',
      dose: 1000,
    });
  });

  it('a factorial design needs both levels on every treatment, named by the factor', () => {
    const r = first(
      experimentInputSchema.safeParse({ ...base, tipo_estatistica: 'Fatorial DIC', tratamentos: [...crossed, t('Sem B', 'A3', '')] }),
    );
    expect(r).toEqual({ 'tratamentos.4.nivel_b': EXP_MSG.nivelBRequired('Dose') });
    expect(EXP_MSG.nivelBRequired('Dose')).toBe('Informe o nível de Dose (fator B) deste tratamento');
    const unnamed = first(
      experimentInputSchema.safeParse({ ...base, fator_a: '', tipo_estatistica: 'Fatorial DBC', tratamentos: [t('X')] }),
    );
    expect(unnamed).toEqual({
      'tratamentos.0.nivel_a': 'Informe o nível do fator A deste tratamento',
      'tratamentos.0.nivel_b': 'Informe o nível de Dose (fator B) deste tratamento',
    });
    expect(experimentInputSchema.safeParse({ ...base, tipo_estatistica: 'Parcelas Subdivididas DBC', tratamentos: crossed }).success).toBe(
      true,
    );
  });

  it('"com adicional": exactly one treatment without levels (the first such is the additional)', () => {
    const design = { ...base, tipo_estatistica: 'Fatorial DBC com adicional' };
    expect(experimentInputSchema.safeParse({ ...design, tratamentos: [t('Testemunha'), ...crossed] }).success).toBe(true);
    expect(first(experimentInputSchema.safeParse({ ...design, tratamentos: [t('Testemunha'), ...crossed, t('Outro')] }))).toEqual({
      'tratamentos.5.nivel_a': EXP_MSG.nivelARequired('Produto'),
      'tratamentos.5.nivel_b': EXP_MSG.nivelBRequired('Dose'),
    });
    expect(first(experimentInputSchema.safeParse({ ...design, tratamentos: crossed }))).toEqual({
      tipo_estatistica: EXP_MSG.adicionalRequired,
    });
  });

  it('single-factor designs ignore levels; every missing level is reported even beside other errors', () => {
    expect(experimentInputSchema.safeParse({ ...base, tipo_estatistica: 'DBC', tratamentos: [t('X', 'A1')] }).success).toBe(true);
    const r = first(
      experimentInputSchema.safeParse({ ...base, cidade: '', tipo_estatistica: 'Fatorial DBC', tratamentos: [t('X', 'A1')] }),
    );
    expect(r).toMatchObject({ cidade: 'Cidade é obrigatória', 'tratamentos.0.nivel_b': EXP_MSG.nivelBRequired('Dose') });
  });

  it('dose is optional and not negative; levels at most 60 characters', () => {
    const r = first(experimentInputSchema.safeParse({ ...base, tipo_estatistica: 'DBC', tratamentos: [t('X', 'x'.repeat(61), '', -1)] }));
    expect(r).toEqual({ 'tratamentos.0.nivel_a': 'Texto muito longo', 'tratamentos.0.dose': 'Dose deve ser positiva' });
  });
});

describe('a trial’s situation (field plan)', () => {
  const base = buildExperimentData();
  const semProdutividade = base.tratamentos.map(({ repeticoes: _r, ...t }) => ({ ...t, produtividade: null }));
  it('a concluded trial (or one without a situation) needs every yield', () => {
    for (const situacao of ['concluido', undefined]) {
      const r = experimentInputSchema.safeParse({ ...base, situacao, tratamentos: semProdutividade });
      expect(first(r)).toEqual({
        'tratamentos.0.produtividade': EXP_MSG.produtividadeRequired,
        'tratamentos.1.produtividade': EXP_MSG.produtividadeRequired,
      });
    }
  });
  it('a planned or running trial is saved without yields, which stay null (not a 0 nobody measured)', () => {
    for (const situacao of ['planejado', 'em_andamento'] as const) {
      const r = experimentInputSchema.parse({ ...base, situacao, tratamentos: semProdutividade });
      expect(r.situacao).toBe(situacao);
      expect(r.tratamentos.map((t) => t.produtividade)).toEqual([null, null]);
      expect(produtividadeMedia(r.tratamentos)).toBeNull();
    }
  });
  it('an unknown situation is refused in pt-BR; an absent one is concluded', () => {
    expect(first(experimentInputSchema.safeParse({ ...base, situacao: 'arquivado' })).situacao).toBe(EXP_MSG.situacaoInvalida);
    expect(experimentInputSchema.parse({ ...base, situacao: undefined }).situacao).toBe('concluido');
  });
  it('plot size: both sides or neither; applications: a date, known treatments, unique keys', () => {
    expect(experimentInputSchema.parse({ ...base, parcela: { comprimento_m: '', largura_m: '' } }).parcela).toBeNull();
    expect(experimentInputSchema.parse({ ...base, parcela: { comprimento_m: '5,5', largura_m: 3 } }).parcela).toEqual({
      comprimento_m: 5.5,
      largura_m: 3,
    });
    expect(first(experimentInputSchema.safeParse({ ...base, parcela: { comprimento_m: 5 } }))['parcela.largura_m']).toBe(
      EXP_MSG.parcelaMedidaRequired,
    );
    const aplicacao = { chave: 'ap-1', data: '2025-01-10', tratamentos: [1, 1, 0] };
    expect(experimentInputSchema.parse({ ...base, aplicacoes: [aplicacao] }).aplicacoes[0]).toMatchObject({
      chave: 'ap-1',
      data: '2025-01-10',
      estadio: null,
      volume_calda_l_ha: null,
      tratamentos: [0, 1],
    });
    expect(
      first(
        experimentInputSchema.safeParse({
          ...base,
          aplicacoes: [
            { ...aplicacao, tratamentos: [5] },
            { ...aplicacao, data: '2025-02-30', umidade_pct: 120 },
          ],
        }),
      ),
    ).toEqual({
      'aplicacoes.0.tratamentos.0': EXP_MSG.aplicacaoTratamentoInvalido,
      'aplicacoes.1.chave': EXP_MSG.aplicacaoChaveRepetida,
      'aplicacoes.1.data': EXP_MSG.avaliacaoDataInvalida,
      'aplicacoes.1.umidade_pct': EXP_MSG.umidadeFaixa,
    });
  });
});
