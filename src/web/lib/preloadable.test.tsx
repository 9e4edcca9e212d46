// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.js';

afterEach(cleanup);

const Hello = ({ name }: { name: string }) => <p>Olá, {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>falhou</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('shows the fallback, then the component once its chunk arrives', async () => {
    let arrive!: (c: typeof Hello) => void;
    const Lazy = preloadable(() => new Promise<typeof Hello>((r) => (arrive = r)));
    render(<Lazy name="Ana" fallback={<p>carregando</p>} />);
    screen.getByText('carregando');
    arrive(Hello);
    expect(await screen.findByText('Olá, Ana')).toBeTruthy();
  });

  it('renders at once, with no fallback, when preloaded before rendering', async () => {
    const load = vi.fn(async () => Hello);
    const Lazy = preloadable(load);
    await Lazy.preload();
    await Lazy.preload();
    expect(load).toHaveBeenCalledOnce();
    expect(Lazy.loaded()).toBe(Hello);
    render(<Lazy name="Bia" fallback={<p>carregando</p>} />);
    screen.getByText('Olá, Bia');
    expect(screen.queryByText('carregando')).toBeNull();
  });

  it('hands a chunk that cannot be fetched to the error boundary, and fetches again next time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Hello);
    const Lazy = preloadable<{ name: string }>(load);
    render(
      <Boundary>
        <Lazy name="Caio" />
      </Boundary>,
    );
    expect(await screen.findByText('falhou')).toBeTruthy();
    await expect(Lazy.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadable, the chunk arriving between render and effect', () => {
  it('still replaces the fallback (it stayed on it for good before)', async () => {
    // A thenable that settles synchronously lets a sibling land the chunk after this render and before its effect.
    const settled = <T,>(v: T): Promise<T> => ({ then: (ok?: (x: T) => unknown) => settled(ok ? ok(v) : v) }) as unknown as Promise<T>;
    const Lazy = preloadable(() => settled(Hello));
    function Sibling() {
      void Lazy.preload();
      return null;
    }
    render(
      <>
        <Lazy name="Davi" fallback={<p>carregando</p>} />
        <Sibling />
      </>,
    );
    expect(await screen.findByText('Olá, Davi')).toBeTruthy();
  });
});
