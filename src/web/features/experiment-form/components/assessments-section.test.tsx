// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newTreatment } from '../form-values.js';
import { AssessmentsSection } from './assessments-section.js';
import { StepTratamentos } from './step-tratamentos.js';
import { renderInForm } from './form.test-helper.js';

const treatments = () => [
  { ...newTreatment(true, 3), modalidade: 'Foliar' },
  { ...newTreatment(false, 3), nome: 'Fungicida A', modalidade: 'Foliar' },
];
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, text: string) => {
  fireEvent.change(input(name), { target: { value: text } });
  fireEvent.blur(input(name));
};

afterEach(cleanup);

describe('AssessmentsSection', () => {
  it('declares an assessment whose suggested name brings unit and type, and refuses in the cell what the type forbids', async () => {
    const { form } = renderInForm(<AssessmentsSection blocks={3} />, { tratamentos: treatments() });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar avaliação' }));
    fireEvent.change(input('avaliacoes.0.nome'), { target: { value: 'Severidade' } });
    expect(form().getValues('avaliacoes.0')).toMatchObject({ chave: 'avaliacao', nome: 'Severidade', unidade: '%', tipo: 'porcentagem' });

    type('tratamentos.0.observacoes.avaliacao.0', '150');
    expect(await screen.findByText('150 não é uma porcentagem válida: use de 0 a 100')).toBeTruthy();
    expect(input('tratamentos.0.observacoes.avaliacao.0').getAttribute('aria-invalid')).toBe('true');
    expect(Number.isNaN(form().getValues('tratamentos.0.observacoes.avaliacao.0'))).toBe(true);

    type('tratamentos.0.observacoes.avaliacao.0', '12,5');
    type('tratamentos.1.observacoes.avaliacao.2', '3');
    expect(screen.queryByText('150 não é uma porcentagem válida: use de 0 a 100')).toBeNull();
    // An empty plot stays empty, never 0.
    expect(form().getValues('tratamentos.0.observacoes.avaliacao')).toEqual([12.5, '', '']);
    expect(form().getValues('tratamentos.1.observacoes.avaliacao')).toEqual(['', '', 3]);
  });

  it('refuses a broken count and a score off its scale', async () => {
    const { form } = renderInForm(<AssessmentsSection blocks={3} />, { tratamentos: treatments() });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar avaliação' }));
    fireEvent.change(input('avaliacoes.0.nome'), { target: { value: 'Número de Vagens' } });
    expect(form().getValues('avaliacoes.0.tipo')).toBe('contagem');
    type('tratamentos.0.observacoes.avaliacao.1', '2,7');
    expect(await screen.findByText('2,7 não é uma contagem: use números inteiros')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar avaliação' }));
    fireEvent.change(input('avaliacoes.1.nome'), { target: { value: 'Fitotoxicidade' } });
    expect(form().getValues('avaliacoes.1')).toMatchObject({ tipo: 'nota', escala_min: 1, escala_max: 9 });
    type('tratamentos.1.observacoes.avaliacao-2.0', '10');
    expect(await screen.findByText('10 está fora da escala: use notas inteiras de 1 a 9')).toBeTruthy();
  });

  it('repeats an assessment for a new date, and removing one removes its values', async () => {
    const { form } = renderInForm(<AssessmentsSection blocks={3} />, { tratamentos: treatments() });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar avaliação' }));
    fireEvent.change(input('avaliacoes.0.nome'), { target: { value: 'Severidade' } });
    fireEvent.change(input('avaliacoes.0.alvo'), { target: { value: 'Ferrugem' } });
    fireEvent.change(input('avaliacoes.0.data'), { target: { value: '2026-01-07' } });
    type('tratamentos.0.observacoes.avaliacao.0', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Nova data da avaliação 1' }));
    expect(form().getValues('avaliacoes.1')).toMatchObject({ chave: 'severidade', nome: 'Severidade', alvo: 'Ferrugem', data: '' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remover avaliação 1' }));
    });
    expect(
      form()
        .getValues('avaliacoes')
        .map((a) => a.chave),
    ).toEqual(['severidade']);
    expect(form().getValues('tratamentos.0.observacoes')).toEqual({});
  });
});

describe('an additional analysis rated per plot', () => {
  // The step's product picker reads the catalogue; none is needed here.
  beforeEach(() => vi.stubGlobal('fetch', async () => Response.json([])));
  afterEach(() => vi.unstubAllGlobals());

  it('becomes an assessment of its name and unit, once, and the analysis stays', () => {
    const withAnalysis = treatments().map((t, i) =>
      i === 1 ? { ...t, analises_adicionais: [{ nome: 'Altura de Plantas', valor: 87.25, unidade: 'cm' }] } : t,
    );
    const { form } = renderInForm(<StepTratamentos />, { tratamentos: withAnalysis });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar por parcela' }));
    expect(form().getValues('avaliacoes')).toMatchObject([
      { chave: 'altura-de-plantas', nome: 'Altura de Plantas', unidade: 'cm', tipo: 'medida' },
    ]);
    expect(input('tratamentos.1.observacoes.altura-de-plantas.0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar por parcela' }));
    expect(form().getValues('avaliacoes')).toHaveLength(1);
    expect(form().getValues('tratamentos.1.analises_adicionais.0.valor')).toBe(87.25);
  });
});
