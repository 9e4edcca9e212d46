// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../lib/sw-register.js';
import { UpdatePrompt } from './update-prompt.js';

/** A browser's service-worker container with one registration whose new version is `state`. */
function fakeContainer() {
  const container = new EventTarget() as EventTarget & { controller: object | null; register: () => Promise<unknown> };
  const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
  const registration = Object.assign(new EventTarget(), {
    waiting: null as typeof installing | null,
    installing: null as typeof installing | null,
    update: vi.fn(async () => undefined),
  });
  container.controller = {};
  container.register = vi.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, registration, installing };
}

afterEach(cleanup);

describe('update prompt', () => {
  it('appears when a new version has installed, and "Atualizar" hands over to it and reloads once it has', async () => {
    const { container, registration, installing } = fakeContainer();
    const reload = vi.fn();
    const firstControl = vi.fn();
    registerServiceWorker(firstControl, reload);
    window.dispatchEvent(new Event('load'));
    render(<UpdatePrompt />);
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(screen.queryByText(/Nova versão disponível/)).toBeNull();

    // The browser found and installed a new version while this one controls the page.
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    act(() => {
      installing.dispatchEvent(new Event('statechange'));
    });
    expect(screen.getByRole('status').textContent).toBe('Nova versão disponível — Atualizar');
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    expect(firstControl).not.toHaveBeenCalled();
  });
});
