/**
 * Applied products and the untreated control's modality: names matched to the
 * catalogue of the migration or kept as written, doses in the units reports use, combinations,
 * and a whole report's treatments read through extractTreatments. Products other than the
 * catalogue's are invented ("Produto Alfa").
 */
import { describe, expect, it } from 'vitest';
import { MODALIDADE_SEM_APLICACAO } from '../../shared/constants.js';
import {
  catalogueProduct,
  columnDoses,
  fillAppliedProducts,
  findDose,
  headerDoseUnit,
  nameByDose,
  productsIn,
  withHeaderUnit,
} from './applied-products.js';
import { compiled as c, tablePage, textPage } from './test-support.js';
import { describe as describeTreatment } from './treatment-text.js';
import { describedBy, doseColumnOf, type ExtractedTreatment, extractTreatments } from './treatments.js';

describe('doses', () => {
  it.each([
    ['0,5 L/ha', 0.5, 'L/ha'],
    ['2 L ha-1', 2, 'L/ha'],
    ['1.500 mL/ha', 1500, 'mL/ha'],
    ['200 mL/100 kg de sementes', 200, 'mL/100 kg de sementes'],
    ['150 g p.c./ha', 150, 'g/ha'],
    ['3 kg/t', 3, 'kg/t'],
  ])('reads %j', (text, dose, unidade) => {
    expect(findDose(`Produto Alfa ${text} em V4`)).toMatchObject({ dose, unidade });
  });

  it('finds no dose in a yield or a plain number', () => {
    expect(findDose('Produto Alfa 3.612 kg')).toBeNull();
    expect(findDose('Produto Alfa: 3.790 kg/ha')).toBeNull();
    expect(findDose('Maximus Amino 17')).toBeNull();
  });
});

describe('product names', () => {
  it('names a catalogue product by the catalogue, whatever the case and accents of the report', () => {
    expect(catalogueProduct('DIMICRON FOSFORO FOLIAR 2 L/ha', c)).toBe('Dimicron Fósforo Foliar');
    expect(catalogueProduct('Produto Alfa', c)).toBeNull();
  });

  it('keeps a product outside the catalogue as written, without its dose, route and stage', () => {
    expect(productsIn('Produto Alfa 0,5 L/ha via foliar em V4', c)).toEqual([{ nome: 'Produto Alfa', dose: 0.5, unidade: 'L/ha' }]);
  });

  it('splits a combination into its products, each with its own dose', () => {
    expect(productsIn('Aminoagro Raiz 1 L/ha + Produto Beta 250 mL/ha', c)).toEqual([
      { nome: 'Aminoagro Raiz', dose: 1, unidade: 'L/ha' },
      { nome: 'Produto Beta', dose: 250, unidade: 'mL/ha' },
    ]);
  });

  it('takes no treatment code for a product', () => {
    expect(productsIn('T2', c)).toEqual([]);
  });
});

describe('fillAppliedProducts', () => {
  it('gives the untreated control no product and the modality "Sem aplicação"; keeps a stated mode', () => {
    const list = [
      { nome: 'Testemunha', modalidade: '' },
      { nome: 'Controle (sem aplicação)', modalidade: '' },
      { nome: 'Testemunha', modalidade: 'Foliar' },
      { nome: 'Maximus TS', modalidade: 'Sementes' },
    ];
    fillAppliedProducts(list, () => undefined, c);
    expect(list).toEqual([
      { nome: 'Testemunha', modalidade: MODALIDADE_SEM_APLICACAO },
      { nome: 'Controle (sem aplicação)', modalidade: MODALIDADE_SEM_APLICACAO },
      { nome: 'Testemunha', modalidade: 'Foliar' },
      { nome: 'Maximus TS', modalidade: 'Sementes', produtos_aplicados: [{ nome: 'Maximus TS' }] },
    ]);
  });

  it('takes the products and doses of the description the treatment was joined with', () => {
    const list: ExtractedTreatment[] = [{ nome: 'Produto Alfa', modalidade: 'Foliar' }];
    fillAppliedProducts(list, () => 'Produto Alfa, 0,5 L/ha, via foliar em V4', c);
    expect(list[0]?.produtos_aplicados).toEqual([{ nome: 'Produto Alfa', dose: 0.5, unidade: 'L/ha' }]);
  });

  it('adds the dose a name states to the description that names the product without it', () => {
    const list: ExtractedTreatment[] = [{ nome: 'Produto Alfa 1,0 L/ha', modalidade: '' }];
    fillAppliedProducts(list, () => 'Produto Alfa via foliar', c);
    expect(list[0]?.produtos_aplicados).toEqual([{ nome: 'Produto Alfa', dose: 1, unidade: 'L/ha' }]);
  });
});

describe('a combination "in the same doses"', () => {
  it('takes the dose each product has alone, unless it has several', () => {
    const list: ExtractedTreatment[] = [
      { nome: 'Produto Alfa', modalidade: 'Foliar' },
      { nome: 'Produto Beta', modalidade: 'Foliar' },
      { nome: 'Produto Gama', modalidade: 'Foliar' },
      { nome: 'Produto Gama forte', modalidade: 'Foliar' },
      { nome: 'Produto Alfa + Produto Beta', modalidade: 'Foliar' },
      { nome: 'Produto Alfa + Produto Gama', modalidade: 'Foliar' },
    ];
    const descriptions: Record<string, string> = {
      'Produto Alfa': 'Produto Alfa, 1,0 L/ha, via foliar em V5',
      'Produto Beta': 'Produto Beta, 0,5 L/ha, via foliar em R1',
      'Produto Gama': 'Produto Gama, 2 L/ha, via foliar',
      'Produto Gama forte': 'Produto Gama, 4 L/ha, via foliar',
      'Produto Alfa + Produto Beta': 'Produto Alfa (V5) + Produto Beta (R1), nas mesmas doses, via foliar',
      'Produto Alfa + Produto Gama': 'Produto Alfa + Produto Gama, nas mesmas doses',
    };
    fillAppliedProducts(list, (t) => descriptions[t.nome], c);
    expect(list[4]?.produtos_aplicados).toEqual([
      { nome: 'Produto Alfa', dose: 1, unidade: 'L/ha' },
      { nome: 'Produto Beta', dose: 0.5, unidade: 'L/ha' },
    ]);
    // Gama is given in two doses: which one the combination used cannot be told.
    expect(list[5]?.produtos_aplicados).toEqual([{ nome: 'Produto Alfa', dose: 1, unidade: 'L/ha' }, { nome: 'Produto Gama' }]);
  });
});

describe('a report read whole', () => {
  it('fills each treated treatment from its methods description, and the control stays without products', () => {
    const lines = textPage([
      'Tratamentos avaliados:',
      'T1 - Testemunha (sem aplicação)',
      'T2 - Maximus TS, 200 mL/100 kg de sementes, no tratamento de sementes',
      'T3 - Produto Alfa, 0,5 L/ha, via foliar em R1',
      'Resultados: a testemunha produziu 3.512 kg/ha, o T2 3.790 kg/ha e o T3 3.655 kg/ha.',
    ]);
    const prose = lines.map((l) => l.text).join(' ');
    const r = extractTreatments(lines, prose, c, 'Soja');
    fillAppliedProducts(r.tratamentos, describedBy, c);
    expect(r.tratamentos.map((t) => [t.nome, t.modalidade, t.produtos_aplicados])).toEqual([
      ['Testemunha', MODALIDADE_SEM_APLICACAO, undefined],
      ['Maximus TS', 'Sementes', [{ nome: 'Maximus TS', dose: 200, unidade: 'mL/100 kg de sementes' }]],
      ['Produto Alfa', 'Foliar', [{ nome: 'Produto Alfa', dose: 0.5, unidade: 'L/ha' }]],
    ]);
  });
});

describe('a results table with a dose column', () => {
  it('reads the unit of its header and the doses of a combination', () => {
    expect(headerDoseUnit('Dose (L/ha)')).toBe('L/ha');
    expect(headerDoseUnit('Doses p.c. (mL/100 kg)')).toBe('mL/100 kg de sementes');
    expect(headerDoseUnit('Dose')).toBe('');
    expect(withHeaderUnit('0,5', 'L/ha')).toBe('0,5 L/ha');
    expect(withHeaderUnit('200 mL/100 kg', 'L/ha')).toBe('200 mL/100 kg');
    expect(columnDoses('0,2 L/100 kg + 1,0 L/ha')).toEqual([
      { dose: 0.2, unidade: 'L/100 kg de sementes', printed: '0,2' },
      { dose: 1, unidade: 'L/ha', printed: '1,0' },
    ]);
    expect(columnDoses('0,5 + 1,0')).toEqual([
      { dose: 0.5, unidade: null, printed: '0,5' },
      { dose: 1, unidade: null, printed: '1,0' },
    ]);
    expect(columnDoses('conforme bula')).toBeNull();
  });

  const read = (header: string[], rows: string[][]) => {
    const columns = [50, 230, 300, 400];
    const lines = tablePage(columns, [header, ...rows]);
    const r = extractTreatments(lines, lines.map((l) => l.text).join(' '), c, 'Soja');
    fillAppliedProducts(r.tratamentos, describedBy, c, doseColumnOf);
    return r.tratamentos.map((t) => [t.nome, t.produtos_aplicados ?? []]);
  };

  it("gives each product its row's dose; a number alone takes the unit the product has in another row", () => {
    expect(
      read(
        ['Tratamento', 'Modalidade', 'Dose', 'Produtividade (kg/ha)'],
        [
          ['T1 Testemunha', '-', '-', '3.512,0'],
          ['T2 Produto Alfa', 'Sementes', '0,3 L/100 kg', '3.790,5'],
          ['T3 Produto Beta', 'Foliar', '1,5 L/ha', '3.655,1'],
          ['T4 Produto Alfa + Produto Beta', 'Foliar', '0,3 + 1,5', '3.902,7'],
        ],
      ),
    ).toEqual([
      ['Testemunha', []],
      ['Produto Alfa', [{ nome: 'Produto Alfa', dose: 0.3, unidade: 'L/100 kg de sementes' }]],
      ['Produto Beta', [{ nome: 'Produto Beta', dose: 1.5, unidade: 'L/ha' }]],
      [
        'Produto Alfa + Produto Beta',
        [
          { nome: 'Produto Alfa', dose: 0.3, unidade: 'L/100 kg de sementes' },
          { nome: 'Produto Beta', dose: 1.5, unidade: 'L/ha' },
        ],
      ],
    ]);
  });

  it('takes the unit from the header when the cells give numbers alone, and leaves a dose it cannot place', () => {
    expect(
      read(
        ['Tratamento', 'Modalidade', 'Dose (L/ha)', 'Produtividade (kg/ha)'],
        [
          ['T1 Testemunha', '-', '-', '3.512,0'],
          ['T2 Produto Alfa', 'Foliar', '0,5', '3.790,5'],
          ['T3 Produto Beta + Produto Gama', 'Foliar', '1,0', '3.655,1'],
        ],
      ),
    ).toEqual([
      ['Testemunha', []],
      ['Produto Alfa', [{ nome: 'Produto Alfa', dose: 0.5, unidade: 'L/ha' }]],
      // One dose for two products: whose it is cannot be told.
      ['Produto Beta + Produto Gama', [{ nome: 'Produto Beta' }, { nome: 'Produto Gama' }]],
    ]);
  });
});

describe('treatments told apart by their doses (issue 35)', () => {
  const t = (nome: string, dose?: number, unidade = 'L/ha'): ExtractedTreatment => ({
    nome,
    modalidade: 'Foliar',
    produtos_aplicados: [{ nome, ...(dose === undefined ? {} : { dose, unidade }) }],
  });

  it('a name shared by several treatments takes each one’s dose, and so does every treated one of that trial', () => {
    const list = [t('Testemunha'), t('Produto X', 0.5), t('Produto X', 1), t('Produto X', 1.5), t('Produto Y', 2), t('Produto Z')];
    list[0]!.produtos_aplicados = [];
    nameByDose(list);
    expect(list.map((x) => x.nome)).toEqual([
      'Testemunha',
      'Produto X 0,5 L/ha',
      'Produto X 1 L/ha',
      'Produto X 1,5 L/ha',
      'Produto Y 2 L/ha',
      'Produto Z',
    ]);
  });

  it('names each dose as the report prints it ("1,0", "0,250")', () => {
    const list = [
      { nome: 'Aminoagro Raiz', modalidade: 'Sulco' },
      { nome: 'Aminoagro Raiz', modalidade: 'Sulco' },
    ];
    fillAppliedProducts(list, (x) => (x === list[0] ? '0,250 L ha-1 de Aminoagro Raiz' : '1,0 L ha-1 de Aminoagro Raiz'), c);
    nameByDose(list);
    expect(list.map((x) => x.nome)).toEqual(['Aminoagro Raiz 0,250 L/ha', 'Aminoagro Raiz 1,0 L/ha']);
  });

  it('names nobody by dose when no name is shared', () => {
    const list = [t('Produto X', 0.5), t('Produto Y', 2)];
    nameByDose(list);
    expect(list.map((x) => x.nome)).toEqual(['Produto X', 'Produto Y']);
  });

  it('leaves the names when a dose is missing or two doses are the same', () => {
    const missing = [t('Produto X', 0.5), t('Produto X')];
    nameByDose(missing);
    expect(missing.map((x) => x.nome)).toEqual(['Produto X', 'Produto X']);
    const same = [t('Produto X', 1), t('Produto X', 1)];
    nameByDose(same);
    expect(same.map((x) => x.nome)).toEqual(['Produto X', 'Produto X']);
  });

  it('reads the product, not the dose, as the name of "250 mL ha-1 de Produto" (a dose written first)', () => {
    for (const text of [
      '250 mL ha-1 de Aminoagro Mol',
      '1,0 L ha⁻¹ de Aminoagro Mol',
      '100 mL/100 kg de sementes de Aminoagro Mol',
      '0,5 L ha -1 -1 de Aminoagro Mol',
    ])
      expect(describeTreatment(null, text, c)?.nome).toBe('Aminoagro Mol');
  });
});
