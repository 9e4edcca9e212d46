import { describe, expect, it } from 'vitest';
import {
  CaldaInputError,
  MOTIVO_DOSE_AUSENTE,
  MOTIVO_DOSE_SEMENTE,
  MOTIVO_UNIDADE_AUSENTE,
  apresentarQuantidade,
  calcularCalda,
  lerUnidadeDose,
  type CaldaInput,
} from './calda.js';

/** 4 blocks × 3 treatments; each treatment has 4 plots of 3 m × 5 m. */
function parcelas(treatments = 3, blocks = 4): { numero: number; tratamento: number }[] {
  const out: { numero: number; tratamento: number }[] = [];
  for (let b = 1; b <= blocks; b++) {
    for (let i = 0; i < treatments; i++) out.push({ numero: b * 100 + i + 1, tratamento: (i + b) % treatments });
  }
  return out;
}

function input(overrides: Partial<CaldaInput> = {}): CaldaInput {
  return {
    aplicacao: { chave: 'A1', volume_calda_l_ha: 200, tratamentos: [] },
    tratamentos: [
      { nome: 'Testemunha', produtos_aplicados: [] },
      {
        nome: 'Fungicida + adjuvante',
        produtos_aplicados: [
          { nome: 'Fungicida X', dose: 0.5, unidade: 'L/ha' },
          { nome: 'Adjuvante Y', dose: 250, unidade: 'mL/ha' },
        ],
      },
      {
        nome: 'Pós',
        produtos_aplicados: [
          { nome: 'Pó molhável', dose: 2, unidade: 'kg/ha' },
          { nome: 'Granulado', dose: 300, unidade: 'g/ha' },
        ],
      },
    ],
    parcelas: parcelas(),
    parcela: { comprimento_m: 5, largura_m: 3 },
    ...overrides,
  };
}

describe('calcularCalda: golden values by hand', () => {
  // Plot 3 m × 5 m = 15 m²; 4 plots per treatment = 60 m² = 60 / 10 000 ha = 0,006 ha.
  const calda = calcularCalda(input());

  it('gives each treatment its plots (sorted), area and spray volume', () => {
    expect(calda.aplicacao).toBe('A1');
    expect(calda.area_parcela_m2).toBe(15);
    expect(calda.tratamentos.map((t) => t.tratamento)).toEqual([0, 1, 2]);
    // Treatment 0 sits in plot 103 (block 1: (2+1)%3 = 0), 202, 301, 403.
    expect(calda.tratamentos[0]?.parcelas).toEqual([103, 202, 301, 403]);
    for (const t of calda.tratamentos) {
      expect(t.parcelas).toHaveLength(4);
      expect(t.area_m2).toBe(60);
      // 200 L/ha × 0,006 ha = 1,2 L of spray per treatment.
      expect(t.volume_calda_l).toBe(1.2);
    }
    // 3 treatments × 1,2 L = 3,6 L (200 L/ha × 180 m² / 10 000).
    expect(calda.volume_calda_l).toBe(3.6);
  });

  it('measures litres and millilitres per hectare in mL', () => {
    const [fungicida, adjuvante] = calda.itens.filter((i) => i.tratamento === 1);
    // 0,5 L/ha × 0,006 ha = 0,003 L = 3 mL.
    expect(fungicida).toEqual({
      tratamento: 1,
      produto: 'Fungicida X',
      dose: 0.5,
      unidade: 'L/ha',
      quantidade: 3,
      unidade_quantidade: 'mL',
      motivo: null,
    });
    // 250 mL/ha × 0,006 ha = 1,5 mL.
    expect(adjuvante).toMatchObject({ quantidade: 1.5, unidade_quantidade: 'mL', motivo: null });
  });

  it('weighs kilograms and grams per hectare in g', () => {
    const [po, granulado] = calda.itens.filter((i) => i.tratamento === 2);
    // 2 kg/ha × 0,006 ha = 0,012 kg = 12 g.
    expect(po).toMatchObject({ quantidade: 12, unidade_quantidade: 'g', motivo: null });
    // 300 g/ha × 0,006 ha = 1,8 g.
    expect(granulado).toMatchObject({ quantidade: 1.8, unidade_quantidade: 'g', motivo: null });
  });

  it('has no item for a treatment without products', () => {
    expect(calda.itens.filter((i) => i.tratamento === 0)).toEqual([]);
    expect(calda.itens).toHaveLength(4);
  });

  it('crosses to L and kg on a large area', () => {
    // Plot 10 m × 50 m = 500 m²; 6 plots = 3 000 m² = 0,3 ha.
    const big = calcularCalda({
      aplicacao: { chave: 'A2', volume_calda_l_ha: 150, tratamentos: [0] },
      tratamentos: [
        {
          nome: 'T',
          produtos_aplicados: [
            { nome: 'Herbicida', dose: 4, unidade: 'L/ha' },
            { nome: 'Adubo foliar', dose: 5, unidade: 'kg/ha' },
            { nome: 'Óleo', dose: 3333.3, unidade: 'mL/ha' },
            { nome: 'Sal', dose: 1234.56, unidade: 'g/ha' },
          ],
        },
      ],
      parcelas: parcelas(1, 6),
      parcela: { comprimento_m: 50, largura_m: 10 },
    });
    expect(big.tratamentos[0]).toEqual({ tratamento: 0, parcelas: [101, 201, 301, 401, 501, 601], area_m2: 3000, volume_calda_l: 45 });
    // 150 L/ha × 0,3 ha = 45 L.
    expect(big.volume_calda_l).toBe(45);
    const q = big.itens.map((i) => [i.quantidade, i.unidade_quantidade]);
    expect(q).toEqual([
      [1.2, 'L'], // 4 L/ha × 0,3 ha = 1,2 L (1 200 mL ≥ 1 000 mL → L)
      [1.5, 'kg'], // 5 kg/ha × 0,3 ha = 1,5 kg
      [1, 'L'], // 3 333,3 mL/ha × 0,3 ha = 999,99 mL → 1 000,0 mL at 0,1 mL → 1 L (to the mL: 1,000 L)
      [370.4, 'g'], // 1 234,56 g/ha × 0,3 ha = 370,368 g → 370,4 g
    ]);
  });

  it('keeps two decimals of a small amount', () => {
    // 1 plot of 1 m × 2 m = 2 m² = 0,0002 ha; 0,25 L/ha × 0,0002 ha = 0,00005 L = 0,05 mL.
    const small = calcularCalda({
      aplicacao: { chave: 'A', volume_calda_l_ha: 100, tratamentos: [] },
      tratamentos: [{ nome: 'T', produtos_aplicados: [{ nome: 'P', dose: 0.25, unidade: 'L/ha' }] }],
      parcelas: [{ numero: 101, tratamento: 0 }],
      parcela: { comprimento_m: 2, largura_m: 1 },
    });
    expect(small.itens[0]).toMatchObject({ quantidade: 0.05, unidade_quantidade: 'mL' });
    // 100 L/ha × 0,0002 ha = 0,02 L.
    expect(small.volume_calda_l).toBe(0.02);
  });
});

describe('calcularCalda: what has no amount', () => {
  function item(dose: number | null, unidade: string) {
    const c = calcularCalda(input({ tratamentos: [{ nome: 'T', produtos_aplicados: [{ nome: 'P', dose, unidade }] }] }));
    return c.itens[0];
  }

  it('seed treatment doses give a reason', () => {
    for (const u of ['mL/100 kg de sementes', 'g/100 kg de sementes', 'kg/t', 'mL/kg', 'g/100kg sementes']) {
      expect(item(100, u)).toMatchObject({ quantidade: null, unidade_quantidade: null, motivo: MOTIVO_DOSE_SEMENTE });
    }
  });

  it('a missing dose gives a reason', () => {
    expect(item(null, 'L/ha')).toMatchObject({ quantidade: null, unidade_quantidade: null, motivo: MOTIVO_DOSE_AUSENTE });
  });

  it('an unknown or empty unit gives a reason naming it', () => {
    expect(item(1, 'sacos/alqueire')).toMatchObject({ quantidade: null, motivo: 'Unidade não reconhecida: sacos/alqueire' });
    expect(item(1, '  ')).toMatchObject({ quantidade: null, motivo: MOTIVO_UNIDADE_AUSENTE });
  });

  it('spray volume is null without the application volume', () => {
    const c = calcularCalda(input({ aplicacao: { chave: 'A1', volume_calda_l_ha: null, tratamentos: [1] } }));
    expect(c.volume_calda_l).toBeNull();
    expect(c.tratamentos).toHaveLength(1);
    expect(c.tratamentos[0]?.volume_calda_l).toBeNull();
    expect(c.itens.map((i) => i.quantidade)).toEqual([3, 1.5]);
  });
});

describe('calcularCalda: selection and validation', () => {
  it('sprays only the listed treatments, each once, in order', () => {
    const c = calcularCalda(input({ aplicacao: { chave: 'A1', volume_calda_l_ha: 200, tratamentos: [2, 1, 2] } }));
    expect(c.tratamentos.map((t) => t.tratamento)).toEqual([1, 2]);
    expect(c.volume_calda_l).toBe(2.4);
  });

  it('refuses plots without size', () => {
    expect(() => calcularCalda(input({ parcela: { comprimento_m: 0, largura_m: 3 } }))).toThrow(CaldaInputError);
    expect(() => calcularCalda(input({ parcela: { comprimento_m: 5, largura_m: -1 } }))).toThrow(/maiores que zero/);
    expect(() => calcularCalda(input({ parcela: { comprimento_m: Number.NaN, largura_m: 3 } }))).toThrow(CaldaInputError);
  });

  it('refuses a treatment that does not exist', () => {
    const call = () => calcularCalda(input({ aplicacao: { chave: 'A1', volume_calda_l_ha: 200, tratamentos: [3] } }));
    expect(call).toThrow(CaldaInputError);
    expect(call).toThrow('A aplicação A1 indica o tratamento 4, que não existe (o experimento tem 3)');
    expect(() => calcularCalda(input({ aplicacao: { chave: 'A1', volume_calda_l_ha: 200, tratamentos: [-1] } }))).toThrow(CaldaInputError);
  });

  it('refuses a negative spray volume', () => {
    expect(() => calcularCalda(input({ aplicacao: { chave: 'A1', volume_calda_l_ha: -5, tratamentos: [] } }))).toThrow(CaldaInputError);
  });
});

describe('lerUnidadeDose', () => {
  it.each([
    ['L/ha', 'volume', 1000],
    ['l/ha', 'volume', 1000],
    ['L ha-1', 'volume', 1000],
    ['L.ha-1', 'volume', 1000],
    ['L ha^-1', 'volume', 1000],
    ['litros/ha', 'volume', 1000],
    ['L por ha', 'volume', 1000],
    ['mL/ha', 'volume', 1],
    ['mL ha⁻¹', 'volume', 1],
    ['ML / HA', 'volume', 1],
    ['Kg/ha', 'massa', 1000],
    ['kg ha-1', 'massa', 1000],
    ['g/ha', 'massa', 1],
    [' g.ha⁻¹ ', 'massa', 1],
  ])('%s is per hectare', (u, medida, fator) => {
    expect(lerUnidadeDose(u)).toEqual({ tipo: 'por_ha', medida, fator });
  });

  it('tells seed doses and unknown units apart', () => {
    expect(lerUnidadeDose('mL/100 kg de sementes').tipo).toBe('semente');
    expect(lerUnidadeDose('kg/t').tipo).toBe('semente');
    expect(lerUnidadeDose('L/m²').tipo).toBe('desconhecida');
    expect(lerUnidadeDose('ha').tipo).toBe('desconhecida');
    expect(lerUnidadeDose('').tipo).toBe('vazia');
  });
});

describe('apresentarQuantidade', () => {
  it('switches unit at 1 000 and rounds for the field', () => {
    expect(apresentarQuantidade(999.94, 'volume')).toEqual({ quantidade: 999.9, unidade: 'mL' });
    expect(apresentarQuantidade(999.96, 'volume')).toEqual({ quantidade: 1, unidade: 'L' });
    expect(apresentarQuantidade(1234.5678, 'massa')).toEqual({ quantidade: 1.235, unidade: 'kg' });
    expect(apresentarQuantidade(1.005, 'massa')).toEqual({ quantidade: 1.01, unidade: 'g' });
    expect(apresentarQuantidade(12.34, 'massa')).toEqual({ quantidade: 12.3, unidade: 'g' });
  });
});
