// @vitest-environment happy-dom
/**
 * "Sair" without a connection signs out at once and goes to the sign-in page; with unsent
 * experiments it first asks, in the app's own dialog, and "Cancelar" keeps everything.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../components/ui/confirm-dialog.js';
import { coletaStore } from '../features/field-collection/index.js';
import { session } from '../lib/api.js';
import { offlineQueue } from '../lib/offline-queue.js';
import { STORAGE_KEYS } from '../lib/session.js';
import { PENDING_SIGN_OUTS_KEY } from '../lib/sign-out.js';
import { SIGN_OUT_TEXT, useSignOut } from './sign-out.js';
import { buildExperimentData, buildPublicUser } from '../../shared/factories.test-helper.js';

const ana = buildPublicUser('ana');
const data = buildExperimentData({ consultoria: 'Campo' });

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sair
    </button>
  );
}

function renderApp() {
  render(
    <>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<SignOutButton />} />
          <Route path="/login" element={<h1>Entrar</h1>} />
        </Routes>
      </MemoryRouter>
      <ConfirmHost />
    </>,
  );
}

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(() => {
  localStorage.clear();
  session.set(ana, 'access-ana', 'signout-ana');
  // No server: every request fails as it does without a connection.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  setOnline(false);
  window.dispatchEvent(new Event('offline'));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
  for (const item of await offlineQueue.list()) await offlineQueue.remove(item.id);
  await coletaStore.removeUser('ana');
  await coletaStore.removeUser('bia');
  session.clear();
});

describe('Sair', () => {
  it('offline, with nothing unsent: signs out at once and shows the sign-in page', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]')).toEqual([{ userId: 'ana', token: 'signout-ana' }]);
  });

  it('with unsent experiments asks first; Cancelar keeps the session and the items', async () => {
    await offlineQueue.add({ id: 'a1', data, pdf: null, userId: 'ana' });
    await offlineQueue.add({ id: 'a2', data, pdf: null, userId: 'ana' });
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const dialog = await screen.findByRole('alertdialog', { name: SIGN_OUT_TEXT.title });
    expect(dialog.textContent).toContain('2 experimentos não enviados serão apagados deste aparelho');
    // Offline there is nothing to send first.
    expect(screen.queryByRole('button', { name: SIGN_OUT_TEXT.sendFirst })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await act(async () => undefined);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(session.get().user?.id).toBe('ana');
    expect(await offlineQueue.list()).toHaveLength(2);
  });

  it('"Apagar e sair" deletes the user’s items and signs out; one item is named in the singular', async () => {
    await offlineQueue.add({ id: 'a1', data, pdf: { blob: new Blob(['%PDF-']), filename: 'a.pdf' }, userId: 'ana' });
    await offlineQueue.add({ id: 'b1', data, pdf: null, userId: 'bia' });
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('1 experimento não enviado será apagado deste aparelho');
    fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_TEXT.confirm }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(session.get().user).toBeNull();
    expect((await offlineQueue.list()).map((i) => i.id)).toEqual(['b1']);
  });

  it('online with items waiting, offers to send them first', async () => {
    setOnline(true);
    await offlineQueue.add({ id: 'a1', data, pdf: null, userId: 'ana' });
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    await screen.findByRole('alertdialog');
    screen.getByRole('button', { name: SIGN_OUT_TEXT.sendFirst });
    // The send fails (no server): the user stays signed in, the item stays.
    fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_TEXT.sendFirst }));
    await vi.waitFor(async () => expect((await offlineQueue.list())[0]?.status).toBe('pendente'));
    expect(session.get().user?.id).toBe('ana');
    expect(screen.queryByRole('heading', { name: 'Entrar' })).toBeNull();
  });

  it('with plot values of the field collection on the device, asks too and deletes only the user’s', async () => {
    const value = { experimentId: 7, avaliacao: 'sev', numero: 101, valor: 3, mostrado: null };
    await coletaStore.edit({ ...value, userId: 'ana' });
    await coletaStore.edit({ ...value, numero: 102, userId: 'ana' });
    await coletaStore.edit({ ...value, userId: 'bia' });
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2 valores de coleta não enviados serão apagados deste aparelho');
    fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_TEXT.confirm }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    await vi.waitFor(async () => expect((await coletaStore.list()).map((v) => v.userId)).toEqual(['bia']));
  });
});
