// @vitest-environment happy-dom
/** "Pendentes (N)": shown only when something waits, named for screen readers, and its panel's list. */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineQueue } from '../lib/offline-queue.js';
import { PendingButton, PendingPanel } from './pending-panel.js';
import { buildExperimentData, buildTreatmentData } from '../../shared/factories.test-helper.js';

const data = buildExperimentData({
  consultoria: 'Campo Forte',
  cultura: 'Soja',
  cidade: 'Rio Verde',
  estado: 'GO',
  tratamentos: [buildTreatmentData({ nome: 'Testemunha' })],
});

afterEach(async () => {
  for (const item of await offlineQueue.list()) await offlineQueue.remove(item.id);
});

describe('Pendentes (N)', () => {
  it('appears when an item is queued, with an accessible name that starts with its text', async () => {
    render(<PendingButton onOpen={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    await act(() => offlineQueue.add({ data, pdf: null }));
    const button = await screen.findByRole('button', { name: /^Pendentes \(1\): experimento salvo neste aparelho, aguardando envio$/ });
    expect(button.textContent).toContain('Pendentes (1)');
  });

  it('the panel lists each item with its state; a refused one shows the messages and "Corrigir"', async () => {
    await offlineQueue.add({ id: 'a', data, pdf: { blob: new Blob(['%PDF-']), filename: 'ensaio.pdf' } });
    await offlineQueue.add({ id: 'b', data: { ...data, consultoria: 'Agro Sul' }, pdf: null });
    await offlineQueue.update('b', {
      status: 'recusado',
      erro: {
        message: 'Dados inválidos',
        fields: { marca: 'Marca inválida', 'tratamentos.0.produtividade': 'Informe um número válido', 'x.y': 'Valor recusado' },
      },
    });
    render(
      <MemoryRouter>
        <PendingPanel open onClose={() => undefined} />
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pendentes (2)' });
    const [first, second] = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('p'));
    expect(first?.textContent).toContain('Campo Forte · Soja · Rio Verde/GO');
    expect(first?.textContent).toContain('Aguardando envio');
    expect(first?.textContent).toContain('ensaio.pdf');
    expect(second?.textContent).toContain('Recusado');
    // Each message named in words, never by its path.
    expect(second?.textContent).toContain('Marca inválida');
    expect(second?.textContent).toContain('Tratamento 1 (Testemunha), Produtividade: Informe um número válido');
    expect(second?.textContent).toContain('Valor recusado');
    expect(second?.textContent).not.toMatch(/tratamentos\.0|x\.y/);
    within(second!).getByRole('button', { name: 'Corrigir' });
    within(dialog).getByRole('button', { name: 'Enviar agora' });
  });
});
