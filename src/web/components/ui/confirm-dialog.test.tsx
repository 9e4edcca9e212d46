// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmHost, confirmDialog } from './confirm-dialog.js';

afterEach(cleanup);

const ask = () =>
  confirmDialog({
    title: 'Excluir experimento',
    message: 'Tem certeza que deseja excluir este experimento?',
    confirmLabel: 'Excluir',
    tone: 'danger',
  });

describe('confirmDialog', () => {
  it('asks in an alert dialog carrying the question, and resolves true on the confirming button', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = ask();
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir experimento' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const text = screen.getByText('Tem certeza que deseja excluir este experimento?');
    expect(dialog.getAttribute('aria-describedby')).toBe(text.id);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    ['Cancelar', () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
    ['the × button', () => fireEvent.click(screen.getByRole('button', { name: 'Fechar' }))],
  ])('resolves false on %s', async (_, cancel) => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = ask();
    });
    await screen.findByRole('alertdialog');
    act(cancel);
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
