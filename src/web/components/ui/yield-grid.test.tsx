// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cell } from '../../../shared/plot-grid.js';
import { YieldGrid, type YieldGridProps } from './yield-grid.js';

afterEach(cleanup);

const ROWS = [{ label: 'T1 - Testemunha' }, { label: 'T2 - Fungicida' }, { label: 'T3' }];

function Harness({ initial, spy, ...rest }: Partial<YieldGridProps> & { initial?: Cell[][]; spy?: YieldGridProps['onChange'] }) {
  const [values, setValues] = useState<Cell[][]>(initial ?? ROWS.map(() => [null, null, null, null]));
  return (
    <YieldGrid
      rows={ROWS}
      blocks={4}
      values={values}
      onChange={(v, changed) => {
        spy?.(v, changed);
        setValues(v);
      }}
      {...rest}
    />
  );
}

const cell = (i: number, j: number) => document.querySelector(`input[name="tratamentos.${i}.repeticoes.${j}"]`) as HTMLInputElement;
const type = (el: HTMLInputElement, text: string) => {
  fireEvent.focus(el);
  fireEvent.change(el, { target: { value: text } });
};
const paste = (el: HTMLInputElement, text: string) => fireEvent.paste(el, { clipboardData: { getData: () => text } });
const mean = (i: number) => screen.getByTestId(`media-${i}`).textContent;

describe('YieldGrid', () => {
  it('names each cell by its field path and labels it for screen readers', () => {
    render(<Harness />);
    expect(document.querySelectorAll('input[name^="tratamentos."]')).toHaveLength(12);
    expect(screen.getByLabelText('T2 - Fungicida, bloco 3 (kg/ha)')).toBe(cell(1, 2));
    expect(cell(0, 0).getAttribute('inputmode')).toBe('decimal');
  });

  it('reports typed pt-BR values in kg/ha and shows the row mean live', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    type(cell(0, 0), '3.200');
    expect(spy).toHaveBeenLastCalledWith(
      [
        [3200, null, null, null],
        [null, null, null, null],
        [null, null, null, null],
      ],
      [{ row: 0, col: 0 }],
    );
    type(cell(0, 1), '3300,5');
    expect(mean(0)).toContain('3.250');
    expect(mean(0)).toContain('2 de 4 blocos');
    expect(mean(1)).toBe('–');
  });

  it('converts sc/ha (60 kg) and t/ha to kg/ha, and shows cells in the chosen unit', () => {
    const spy = vi.fn();
    render(
      <Harness
        spy={spy}
        initial={[
          [3330, 3600, 3000, 3000],
          [null, null, null, null],
          [null, null, null, null],
        ]}
      />,
    );
    expect(cell(0, 0).value).toBe('3.330');
    fireEvent.change(screen.getByLabelText('Unidade'), { target: { value: 'sc/ha' } });
    expect(cell(0, 0).value).toBe('55,5');
    expect(cell(0, 1).value).toBe('60');
    screen.getByText('Média (sc/ha)');
    type(cell(1, 0), '50');
    expect(spy.mock.lastCall?.[0][1][0]).toBe(3000);
    fireEvent.change(screen.getByLabelText('Unidade'), { target: { value: 't/ha' } });
    expect(cell(1, 0).value).toBe('3');
    type(cell(1, 1), '3,25');
    expect(spy.mock.lastCall?.[0][1][1]).toBe(3250);
  });

  it('refuses an invalid cell in place and reports NaN', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    type(cell(2, 3), '3,2,1');
    expect(cell(2, 3).getAttribute('aria-invalid')).toBe('true');
    screen.getByText('Informe um número válido');
    expect(Number.isNaN(spy.mock.lastCall?.[0][2][3])).toBe(true);
  });

  it('shows the form errors per cell', () => {
    const errors = [[undefined, 'Informe a produtividade desta repetição']];
    render(<Harness errors={errors} />);
    expect(cell(0, 1).getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cell(0, 1).getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Informe a produtividade desta repetição',
    );
  });

  it('fills a block pasted from Excel from the cell right and down', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    paste(cell(1, 1), '3200\t3100\r\n3.300,5\t3000\r\n');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.lastCall?.[0]).toEqual([
      [null, null, null, null],
      [null, 3200, 3100, null],
      [null, 3300.5, 3000, null],
    ]);
    expect(cell(2, 1).value).toBe('3.300,5');
    expect(screen.getByRole('status').textContent).toBe('4 valores colados (2 × 2).');
  });

  it('skips the sheet headings when they make the block fit', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    paste(cell(0, 0), 'Tratamento;Bloco 1;Bloco 2;Bloco 3;Bloco 4\nT1;1;2;3;4\nT2;5;6;7;8\nT3;9;10;11;12\n');
    expect(spy.mock.lastCall?.[0]).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11, 12],
    ]);
  });

  it('a block of the wrong shape fills nothing and says what does not fit', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    paste(cell(2, 0), '1\t2\n3\t4\n');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('a linha 2 do bloco não cabe');
    paste(cell(0, 0), '1\tx\n');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Linha 1, coluna 2 (“x”): Informe um número válido. Nada foi colado.');
  });

  it('a single value is left to the browser', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const event = paste(cell(0, 0), '3200\r\n');
    expect(event).toBe(true); // not prevented
    expect(spy).not.toHaveBeenCalled();
  });

  it('moves like a spreadsheet: arrows at the edge of the text, Enter down, Ctrl+arrow always', () => {
    render(<Harness />);
    const a = cell(0, 0);
    a.focus();
    fireEvent.keyDown(a, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(1, 0));
    fireEvent.keyDown(cell(1, 0), { key: 'Enter' });
    expect(document.activeElement).toBe(cell(2, 0));
    fireEvent.keyDown(cell(2, 0), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cell(1, 0));

    const b = cell(1, 0);
    fireEvent.change(b, { target: { value: '3200' } });
    b.setSelectionRange(2, 2);
    fireEvent.keyDown(b, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(b); // caret inside the text: it moves in the text
    fireEvent.keyDown(b, { key: 'ArrowRight', ctrlKey: true });
    expect(document.activeElement).toBe(cell(1, 1));
    const c = cell(1, 1);
    c.setSelectionRange(0, 0);
    fireEvent.keyDown(c, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(b);
    expect(b.value).toBe('3.200'); // shown in pt-BR once it lost focus
    b.setSelectionRange(4, 4);
    fireEvent.keyDown(b, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(b);
    b.setSelectionRange(5, 5);
    fireEvent.keyDown(b, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 1));
  });

  it('Enter on the last row is swallowed (the browser would submit the form)', () => {
    render(<Harness />);
    const last = cell(2, 0);
    last.focus();
    const notPrevented = fireEvent.keyDown(last, { key: 'Enter' });
    expect(notPrevented).toBe(false);
    expect(document.activeElement).toBe(last);
  });
});
