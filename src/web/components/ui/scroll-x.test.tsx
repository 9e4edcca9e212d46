// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollX } from './scroll-x.js';

/** A ResizeObserver that reports at once when it starts observing, as browsers do. */
globalThis.ResizeObserver = class {
  callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe() {
    this.callback([], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

/** happy-dom lays nothing out: the box's widths are set by hand. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const table = (
  <ScrollX data-testid="box">
    <table>
      <tbody>
        <tr>
          <td>Tratamento</td>
          <td>p</td>
        </tr>
      </tbody>
    </table>
  </ScrollX>
);

describe('ScrollX', () => {
  it('says a wide table has more to the right, and scrolls there or back on a tap', () => {
    widths(800, 375);
    render(table);
    const box = screen.getByTestId('box');
    const scrollTo = vi.fn();
    box.scrollTo = scrollTo as unknown as typeof box.scrollTo;
    fireEvent.click(screen.getByRole('button', { name: 'Deslize para ver mais →' }));
    expect(scrollTo).toHaveBeenCalledWith({ left: 800, behavior: 'smooth' });

    act(() => {
      box.scrollLeft = 425;
      fireEvent.scroll(box);
    });
    fireEvent.click(screen.getByRole('button', { name: '← Voltar ao início da tabela' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
    // The table is the scrolling box's own child (tests find the box as the table's parent).
    expect(screen.getByRole('table').parentElement).toBe(box);
  });

  it('shows nothing when the table fits', () => {
    widths(375, 375);
    render(table);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
