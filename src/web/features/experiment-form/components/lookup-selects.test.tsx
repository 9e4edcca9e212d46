// @vitest-environment happy-dom
/**
 * A state or crop already in the form (edit mode, a confirmed report) shows in
 * its native <select> once the list arrives from the API, not "Selecione o estado"; a value the
 * list lacks still shows, and choosing another one still reaches the form.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { type FormValues } from '../form-values.js';
import { renderInForm } from './form.test-helper.js';
import { StepCultura, StepLocalizacao } from './step-fields.js';

stubApi({
  '/api/lookups/estados': {
    estados: [
      { sigla: 'GO', nome: 'Goiás' },
      { sigla: 'MT', nome: 'Mato Grosso' },
    ],
  },
  '/api/lookups/culturas': { culturas: ['Soja', 'Milho'] },
});

function show(body: ReactNode, values: Partial<FormValues>) {
  const { form } = renderInForm(body, values, { schema: false });
  return { values: () => form().getValues() };
}

const select = (name: string) => {
  const el = document.querySelector(`select[name="${name}"]`);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`no select named ${name}`);
  return el;
};
const shownText = (el: HTMLSelectElement) => el.options[el.selectedIndex]?.textContent;

describe('selects whose options come from the API', () => {
  it('show the state set before its list arrived', async () => {
    show(<StepLocalizacao />, { estado: 'MT', cidade: 'Sorriso' });
    await screen.findByRole('option', { name: 'Mato Grosso (MT)' });
    expect(select('estado').value).toBe('MT');
    expect(shownText(select('estado'))).toBe('Mato Grosso (MT)');
  });

  it('show the crop set before its list arrived', async () => {
    show(<StepCultura />, { cultura: 'Milho' });
    await screen.findByRole('option', { name: 'Soja' });
    expect(select('cultura').value).toBe('Milho');
    expect(shownText(select('cultura'))).toBe('Milho');
  });

  it('show the value while the list loads, and a value the list lacks as an option of its own', async () => {
    show(<StepCultura />, { cultura: 'Sorgo sacarino' });
    expect(select('cultura').value).toBe('Sorgo sacarino');
    await screen.findByRole('option', { name: 'Soja' });
    expect(select('cultura').value).toBe('Sorgo sacarino');
    expect(shownText(select('cultura'))).toBe('Sorgo sacarino');
  });

  it('still hand a choice to the form', async () => {
    const form = show(<StepLocalizacao />, { estado: 'MT' });
    await screen.findByRole('option', { name: 'Goiás (GO)' });
    await act(async () => {
      fireEvent.change(select('estado'), { target: { value: 'GO' } });
    });
    expect(form.values().estado).toBe('GO');
    expect(shownText(select('estado'))).toBe('Goiás (GO)');
  });
});
