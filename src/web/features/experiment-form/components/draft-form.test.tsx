// @vitest-environment happy-dom
/**
 * The import review's form: the wizard's sections on one page, prefilled from a report, the
 * unsure fields marked, the shared schema blocking an incomplete experiment, a 400's fields shown.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { ExperimentDraftForm } from './draft-form.js';
import { experimentFromReport } from '../report-to-experiment.js';

stubApi({
  '/api/lookups/estados': { estados: [{ sigla: 'GO', nome: 'Goiás' }] },
  '/api/lookups/marcas': { marcas: ['Aminoagro'] },
  '/api/lookups/regioes': { regioes: [{ nome: 'GO' }] },
  '/api/lookups/culturas': { culturas: ['Soja'] },
});

function show(props: Partial<Parameters<typeof ExperimentDraftForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onFieldFocus = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ExperimentDraftForm
        data={{ consultoria: 'Agro Alfa', cidade: 'Rio Verde', estado: 'GO', cultura: 'Soja' }}
        marked={['cidade']}
        onSubmit={onSubmit}
        onFieldFocus={onFieldFocus}
        submitLabel="Aprovar"
        {...props}
      />
    </QueryClientProvider>,
  );
  return { ...view, onSubmit, onFieldFocus };
}

describe('ExperimentDraftForm', () => {
  it('is prefilled from the report, marks the unsure fields and says which field has the focus', async () => {
    const { container, onFieldFocus } = show();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    const consultoria = container.querySelector<HTMLInputElement>('[name="consultoria"]')!;
    expect(consultoria.value).toBe('Agro Alfa');
    const cidade = container.querySelector('[name="cidade"]')!;
    expect(cidade.getAttribute('data-low-confidence')).toBe('true');
    expect(consultoria.hasAttribute('data-low-confidence')).toBe(false);
    expect(screen.getByTestId('low-confidence-fields').textContent).toContain('Cidade');
    fireEvent.focus(cidade);
    expect(onFieldFocus).toHaveBeenLastCalledWith('cidade');
  });

  it('does not approve what the schema refuses, and shows a 400 on its field', async () => {
    const { onSubmit, container, rerender } = show();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(onSubmit).not.toHaveBeenCalled();
    screen.getByText('Corrija os campos destacados.');
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ExperimentDraftForm
          data={{ consultoria: 'Agro Alfa' }}
          serverErrors={{ consultoria: 'Consultoria recusada' }}
          onSubmit={onSubmit}
          submitLabel="Aprovar"
        />
      </QueryClientProvider>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(container.textContent).toContain('Consultoria recusada');
  });

  it('turns a report into the experiment the form would save, or the fields it lacks', () => {
    const result = experimentFromReport({ consultoria: 'Agro Alfa' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain('cidade');
  });
});
