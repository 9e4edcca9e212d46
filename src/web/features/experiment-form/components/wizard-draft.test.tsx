// @vitest-environment happy-dom
/**
 * An old draft offered while a new trial is typed. Nothing typed is replaced
 * without a word: "Continuar rascunho" over typed values asks first, the offered draft is not
 * overwritten while the user has not chosen, and "Descartar" keeps what was typed as the draft.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.js';
import { newExperimentDefaults } from '../form-values.js';
import { draftKey, readDraft, writeDraft } from '../storage.js';
import { ExperimentWizard } from './wizard.js';

stubApi({
  '/api/lookups/marcas': { marcas: ['Aminoagro'] },
  '/api/lookups/regioes': { regioes: [{ nome: 'GO' }] },
});

const KEY = draftKey(undefined);
const OLD = 'Rascunho de Ontem Ltda';

beforeEach(() => {
  localStorage.clear();
  writeDraft(localStorage, KEY, {
    values: { ...newExperimentDefaults(), consultoria: OLD },
    step: 1,
    savedAt: '2026-11-20T12:00:00.000Z',
  });
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/novo-experimento']}>
        <ExperimentWizard extractor={() => null} />
        <ConfirmHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const consultoria = () => document.querySelector<HTMLInputElement>('input[name="consultoria"]')!;

async function typeNew(text: string) {
  await act(async () => {
    fireEvent.change(consultoria(), { target: { value: text } });
  });
}

describe('an old draft offered while a new trial is typed', () => {
  it('asks before "Continuar rascunho" replaces what was typed, and keeps it when the user says so', async () => {
    open();
    screen.getByText(/Deseja continuar de onde parou\?/);
    await typeNew('Ensaio Novo Agro');
    screen.getByText(/Você já começou a preencher este formulário/);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar rascunho' }));
    });
    await screen.findByRole('alertdialog', { name: 'Substituir o que você digitou?' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Manter o que digitei' }));
    });
    expect(consultoria().value).toBe('Ensaio Novo Agro');
    screen.getByRole('button', { name: 'Continuar rascunho' });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar rascunho' }));
    });
    await screen.findByRole('alertdialog', { name: 'Substituir o que você digitou?' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Substituir pelo rascunho' }));
    });
    expect(consultoria().value).toBe(OLD);
    expect(screen.queryByRole('button', { name: 'Continuar rascunho' })).toBeNull();
  });

  it('continues at once on an untouched form', async () => {
    open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continuar rascunho' }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(consultoria().value).toBe(OLD);
  });

  it('does not overwrite the offered draft while the user has not chosen; "Descartar" keeps what was typed', async () => {
    open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await typeNew('Ensaio Novo Agro');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(readDraft(localStorage, KEY)?.values.consultoria).toBe(OLD);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    });
    expect(readDraft(localStorage, KEY)?.values.consultoria).toBe('Ensaio Novo Agro');
    await typeNew('Ensaio Novo Agro 2');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(readDraft(localStorage, KEY)?.values.consultoria).toBe('Ensaio Novo Agro 2');
  });
});
