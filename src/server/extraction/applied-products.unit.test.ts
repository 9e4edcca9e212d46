/**
 * Applied products and the untreated control's modality (issue 29): names matched to the
 * catalogue of the migration or kept as written, doses in the units reports use, combinations,
 * and a whole report's treatments read through extractTreatments. Products other than the
 * catalogue's are invented ("Produto Alfa").
 */
import { describe, expect, it } from 'vitest';
import { MODALIDADE_SEM_APLICACAO } from '../../shared/constants.js';
import { catalogueProduct, fillAppliedProducts, findDose, productsIn } from './applied-products.js';
import { compiled as c, textPage } from './test-support.js';
import { describedBy, type ExtractedTreatment, extractTreatments } from './treatments.js';

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
