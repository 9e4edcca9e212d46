// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ensaioDoFormulario, PlanningChecklist } from './planning-checklist.js';

afterEach(cleanup);

type Values = Record<string, unknown>;

const tratamento = (nome: string, papel = '') => ({
  nome,
  papel,
  dose: null,
  nivel_a: '',
  nivel_b: '',
  produtividade: null,
  repeticoes: [],
});

function renderChecklist(values: Values) {
  let form!: UseFormReturn<Values>;
  function Harness() {
    form = useForm<Values>({ defaultValues: values });
    return (
      <FormProvider {...form}>
        <PlanningChecklist />
      </FormProvider>
    );
  }
  render(<Harness />);
  return () => form;
}

const glItem = () =>
  within(screen.getByRole('list', { name: 'Regras da IN 53/2013' }))
    .getAllByRole('listitem')
    .find((li) => li.dataset.codigo === 'gl_residuo')!;

describe('PlanningChecklist', () => {
  it('checks the trial being typed: 5 treatments in 3 blocks of a DBC fall short, 5 blocks hold', () => {
    const form = renderChecklist({
      tipo_estatistica: 'DBC',
      blocos: 3,
      latitude: '',
      longitude: null,
      tratamentos: ['Testemunha', 'T2', 'T3', 'T4', 'T5'].map((n, i) => tratamento(n, i === 0 ? 'testemunha' : '')),
      aplicacoes: [],
    });
    expect(glItem().textContent).toContain('8 graus de liberdade do resíduo: mínimo 15');
    expect(glItem().textContent).toContain('Com 5 blocos (2 a mais): 16 graus de liberdade do resíduo.');
    expect(glItem().dataset.status).toBe('nao_atende');
    const testemunha = within(screen.getByRole('list', { name: 'Regras da IN 53/2013' }))
      .getAllByRole('listitem')
      .find((li) => li.dataset.codigo === 'testemunha_absoluta')!;
    expect(testemunha.dataset.status).toBe('atende');
    act(() => form().setValue('blocos', 5));
    expect(glItem().dataset.status).toBe('atende');
    expect(glItem().textContent).toContain('16 graus de liberdade do resíduo: atende ao mínimo de 15');
  });

  it('reads numbers typed as text and empty values as missing', () => {
    const e = ensaioDoFormulario({
      tipo_estatistica: 'DBC',
      blocos: '4',
      latitude: '-15,5',
      longitude: '',
      tratamentos: [{ nome: ' T1 ', papel: '', dose: '2,5', nivel_a: '', nivel_b: '', produtividade: '', repeticoes: ['', ''] }],
      aplicacoes: [{ data: '', estadio: 'V4' }],
    });
    expect(e.blocos).toBe(4);
    expect(e.latitude).toBe(-15.5);
    expect(e.longitude).toBeNull();
    expect(e.tratamentos[0]).toMatchObject({ nome: 'T1', papel: null, dose: 2.5, produtividade: null });
    expect(e.tratamentos[0]!.repeticoes).toHaveLength(2);
    expect(e.aplicacoes).toEqual([{ data: null, estadio: 'V4' }]);
    expect(ensaioDoFormulario({ blocos: 0 }).blocos).toBeNull();
    expect(ensaioDoFormulario({ blocos: null }).tratamentos).toEqual([]);
  });
});
