// @vitest-environment happy-dom
/**
 * The treatments step as a new user meets it: product names suggested from the
 * catalogue as they are typed (item 13), the cards folded to a summary line on a phone (item 14),
 * and step 6 naming the treatments a factorial design still needs levels for as soon as it is
 * chosen (item 12).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { type FormValues, type TratamentoForm, newProduct, newTreatment } from '../form-values.js';
import { renderInForm } from './form.test-helper.js';
import { StepEstatistica } from './step-fields.js';
import { StepTratamentos } from './step-tratamentos.js';

stubApi({
  '/api/lookups/produtos-por-marca': {
    produtosPorMarca: { Aminoagro: ['Aminoagro Raiz', 'Aminoagro Folha'], Maximus: ['Maximus Algas', 'Aminoagro Raiz'] },
  },
});

const show = (body: ReactNode, values: Partial<FormValues> = {}) => renderInForm(body, values);

const treatment = (nome: string, over: Partial<TratamentoForm> = {}): TratamentoForm => ({
  ...newTreatment(nome === 'Testemunha'),
  nome,
  modalidade: 'Foliar',
  produtividade: 3500,
  ...over,
});

const FOUR = [
  treatment('Testemunha'),
  treatment('Maximus Algas', { produtos_aplicados: [{ ...newProduct(), nome: 'Maximus Algas', dose: 1, unidade: 'L/ha' }] }),
  treatment('Aminoagro Raiz', { modalidade: 'Sementes', produtividade: 3612.5 }),
  treatment('Aminoagro Folha'),
];

/** The phone layout (below `sm`), or the wide one. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('item 13: the product field suggests the catalogue as it is typed', () => {
  beforeEach(() => viewport(false));

  it('names a datalist holding every catalogue product once, labelled with its brand', async () => {
    show(<StepTratamentos />, { tratamentos: FOUR });
    const input = document.querySelector<HTMLInputElement>('input[name="tratamentos.1.produtos_aplicados.0.nome"]')!;
    const listId = input.getAttribute('list');
    expect(listId).toBeTruthy();
    await vi.waitFor(() => expect(document.getElementById(listId!)?.querySelectorAll('option').length).toBe(3));
    const list = document.getElementById(listId!);
    expect(list?.tagName).toBe('DATALIST');
    const options = [...list!.querySelectorAll('option')].map((o) => [o.value, o.getAttribute('label')]);
    expect(options).toEqual([
      ['Aminoagro Folha', 'Aminoagro'],
      ['Aminoagro Raiz', 'Aminoagro'],
      ['Maximus Algas', 'Maximus'],
    ]);
    // Free text is still taken.
    await act(async () => {
      fireEvent.change(input, { target: { value: 'Produto fora do catálogo' } });
    });
    expect(input.value).toBe('Produto fora do catálogo');
  });
});

describe('item 14: treatment cards on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fold to a summary line, open on a tap, and keep what was typed', async () => {
    viewport(true);
    show(<StepTratamentos />, { tratamentos: FOUR });
    const t2 = screen.getByRole('article', { name: 'T2 - Tratamento 2' });
    const toggle = within(t2).getByRole('button', { name: /T2 - Tratamento 2/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    within(t2).getByText('Maximus Algas · Foliar · 3.500 kg/ha · Maximus Algas');
    expect(
      within(screen.getByRole('article', { name: 'T3 - Tratamento 3' })).getByText(
        /Aminoagro Raiz · Sementes · 3\.612,5 kg\/ha · Nenhum produto/,
      ),
    ).toBeTruthy();
    // Folded, its fields are still in the form.
    const name = document.querySelector<HTMLInputElement>('input[name="tratamentos.1.nome"]')!;
    expect(name.closest('[hidden]')).not.toBeNull();
    expect(name.value).toBe('Maximus Algas');

    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(name.closest('[hidden]')).toBeNull();
  });

  it('open the card just added and fold the others', async () => {
    viewport(true);
    show(<StepTratamentos />, { tratamentos: FOUR });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Adicionar Tratamento' }));
    });
    const expanded = screen.getAllByRole('article').map((a) => within(a).getAllByRole('button')[0]!.getAttribute('aria-expanded'));
    expect(expanded).toEqual(['false', 'false', 'false', 'false', 'true']);
  });

  it('are all open on a wide screen', () => {
    viewport(false);
    show(<StepTratamentos />, { tratamentos: FOUR });
    const expanded = screen.getAllByRole('article').map((a) => within(a).getAllByRole('button')[0]!.getAttribute('aria-expanded'));
    expect(expanded).toEqual(['true', 'true', 'true', 'true']);
  });
});

describe('item 12: a factorial design chosen after the treatments', () => {
  beforeEach(() => viewport(false));
  afterEach(() => vi.unstubAllGlobals());

  it('names the treatments still without levels as soon as it is chosen, and leads to them', async () => {
    const view = show(<StepEstatistica />, { tratamentos: FOUR });
    expect(screen.queryByText('Faltam os níveis dos fatores nos tratamentos')).toBeNull();
    await act(async () => {
      fireEvent.change(document.querySelector('select[name="tipo_estatistica"]')!, { target: { value: 'Fatorial DBC com adicional' } });
    });
    const alert = screen.getByText('Faltam os níveis dos fatores nos tratamentos').parentElement!;
    expect(alert.textContent).toContain('Ainda sem níveis: T2, T3, T4.');
    expect(alert.textContent).toContain('Informe-os no passo 5 (Tratamentos), em "Fatorial e dose" de cada tratamento.');

    // Named factors are named in the message; levels typed make it go.
    await act(async () => {
      fireEvent.change(document.querySelector('input[name="fator_a"]')!, { target: { value: 'Produto' } });
    });
    screen.getByText(/cada tratamento precisa do nível de Produto e do nível de fator B/);
    await act(async () => {
      for (const i of [1, 2, 3]) {
        view.form().setValue(`tratamentos.${i}.nivel_a`, `A${i}`);
        view.form().setValue(`tratamentos.${i}.nivel_b`, `B${i}`);
      }
      fireEvent.change(document.querySelector('input[name="fator_b"]')!, { target: { value: 'Dose' } });
    });
    expect(screen.queryByText('Faltam os níveis dos fatores nos tratamentos')).toBeNull();
  });

  it('hands the wizard the levels to fill, in order', async () => {
    const asked: string[][] = [];
    show(<StepEstatistica onFixLevels={(paths) => asked.push(paths)} />, { tratamentos: FOUR.slice(0, 2) });
    await act(async () => {
      fireEvent.change(document.querySelector('select[name="tipo_estatistica"]')!, { target: { value: 'Fatorial DBC' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Informar os níveis no passo 5' }));
    });
    expect(asked).toEqual([['tratamentos.0.nivel_a', 'tratamentos.0.nivel_b', 'tratamentos.1.nivel_a', 'tratamentos.1.nivel_b']]);
  });
});
