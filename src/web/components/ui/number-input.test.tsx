// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormNumberInput, NumberInput, type NumberInputProps } from './number-input.js';

afterEach(cleanup);

function Controlled(props: Partial<NumberInputProps> & { initial?: NumberInputProps['value']; spy?: (v: number | null) => void }) {
  const { initial = null, spy, ...rest } = props;
  const [value, setValue] = useState<NumberInputProps['value']>(initial);
  return (
    <NumberInput
      name="teor_argila"
      label="Teor de argila (%)"
      {...rest}
      value={value}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

const input = () => screen.getByLabelText(/Teor de argila|Latitude/) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('NumberInput', () => {
  it('is a labelled text input with the decimal keypad, named by the field path', () => {
    const { container } = render(<Controlled unit="%" />);
    const el = container.querySelector('input[name="teor_argila"]');
    expect(el).toBe(input());
    expect(el?.getAttribute('type')).toBe('text');
    expect(el?.getAttribute('inputmode')).toBe('decimal');
    expect(el?.getAttribute('autocomplete')).toBe('off');
    screen.getByText('%');
  });

  it('reports "3,2" as 3.2 and "38,5" as 38.5 (not 32 nor 385)', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    fireEvent.focus(input());
    type('3,2');
    expect(spy).toHaveBeenLastCalledWith(3.2);
    type('38,5');
    expect(spy).toHaveBeenLastCalledWith(38.5);
    type('3.2');
    expect(spy).toHaveBeenLastCalledWith(3.2);
    expect(alertText()).toBeNull();
  });

  it('keeps the typed text while focused and shows pt-BR on blur', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    fireEvent.focus(input());
    type('1234.50');
    expect(input().value).toBe('1234.50');
    expect(spy).toHaveBeenLastCalledWith(1234.5);
    fireEvent.blur(input());
    expect(input().value).toBe('1.234,5');
  });

  it('does not rewrite the text under the caret', () => {
    const { rerender } = render(<Controlled />);
    const el = input();
    fireEvent.focus(el);
    type('125,50');
    // Where the browser leaves the caret after typing the "5" in "12|,50".
    el.setSelectionRange(3, 3);
    rerender(<Controlled />);
    type('125,50');
    expect(el.value).toBe('125,50');
    expect(el.selectionStart).toBe(3);
  });

  it('refuses an invalid text at once, in place, reporting NaN (nothing is dropped or multiplied)', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} initial={5} />);
    fireEvent.focus(input());
    type('1,234.5');
    expect(alertText()).toBe('Informe um número válido');
    expect(input().value).toBe('1,234.5');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(Number.isNaN(spy.mock.lastCall?.[0])).toBe(true);
    fireEvent.blur(input());
    expect(input().value).toBe('1,234.5');
    expect(alertText()).toBe('Informe um número válido');
    fireEvent.focus(input());
    type('1.234,5');
    expect(alertText()).toBeNull();
    expect(spy).toHaveBeenLastCalledWith(1234.5);
  });

  it('stays quiet on an incomplete text while typing, and says so on blur', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    fireEvent.focus(input());
    type('-');
    expect(alertText()).toBeNull();
    expect(Number.isNaN(spy.mock.lastCall?.[0])).toBe(true);
    type('3,');
    expect(alertText()).toBeNull();
    fireEvent.blur(input());
    expect(input().value).toBe('3,');
    expect(alertText()).toBe('Informe um número válido');
  });

  it('an incomplete text becomes an error when Enter is pressed', () => {
    render(<Controlled />);
    fireEvent.focus(input());
    type('3,');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(alertText()).toBe('Informe um número válido');
    type('3,5');
    expect(alertText()).toBeNull();
  });

  it('hides the form error while the text is incomplete, shows it otherwise', () => {
    const { rerender } = render(
      <NumberInput name="x" label="Teor de argila" value={Number.NaN} onChange={() => {}} error="Informe um número válido" />,
    );
    expect(alertText()).toBe('Informe um número válido');
    fireEvent.focus(input());
    type('-');
    rerender(<NumberInput name="x" label="Teor de argila" value={Number.NaN} onChange={() => {}} error="Informe um número válido" />);
    expect(alertText()).toBeNull();
  });

  it('refuses more decimals than the field keeps', () => {
    render(<Controlled decimals={1} />);
    fireEvent.focus(input());
    type('3,25');
    expect(alertText()).toBe('Use no máximo 1 casa decimal');
  });

  it('shows a value set from outside in pt-BR (edit mode, form reset), even while focused', () => {
    const onChange = vi.fn();
    const { rerender } = render(<NumberInput name="teor_argila" label="Teor de argila" value={3.2} onChange={onChange} />);
    expect(input().value).toBe('3,2');
    rerender(<NumberInput name="teor_argila" label="Teor de argila" value="38.5" onChange={onChange} />);
    expect(input().value).toBe('38,5');
    fireEvent.focus(input());
    type('7');
    rerender(<NumberInput name="teor_argila" label="Teor de argila" value={1234.5} onChange={onChange} />);
    expect(input().value).toBe('1.234,5');
    rerender(<NumberInput name="teor_argila" label="Teor de argila" value={null} onChange={onChange} />);
    expect(input().value).toBe('');
  });

  it('selects a default 0 on focus, so typing replaces it (not "0-12,5")', () => {
    render(<Controlled initial={0} />);
    fireEvent.focus(input());
    expect(input().selectionStart).toBe(0);
    expect(input().selectionEnd).toBe(1);
  });

  it('money shows two decimals on blur', () => {
    render(<Controlled kind="money" unit="R$" />);
    fireEvent.focus(input());
    type('1234,5');
    fireEvent.blur(input());
    expect(input().value).toBe('1.234,50');
  });

  it('coordinates read degrees-minutes-seconds and a dot as decimal', () => {
    const spy = vi.fn();
    render(<Controlled kind="coordinate" axis="lat" label="Latitude" spy={spy} />);
    fireEvent.focus(input());
    type(`17°51'13" S`);
    expect(spy).toHaveBeenLastCalledWith(-17.853611);
    fireEvent.blur(input());
    expect(input().value).toBe('-17,853611');
    fireEvent.focus(input());
    type('-12.542');
    expect(spy).toHaveBeenLastCalledWith(-12.542);
    type(`55° O`);
    expect(alertText()).toBe('Use N ou S para a latitude (ex.: 17°51\'13" S)');
  });
});

describe('FormNumberInput', () => {
  const schema = z.object({
    teor_argila: z.number({ error: 'Informe um número válido' }).min(0).max(100, 'Valor deve ser menor que 100').nullable(),
  });
  type Values = z.infer<typeof schema>;

  function Form({ onSubmit, api }: { onSubmit: (v: Values) => void; api?: (reset: (v: Values) => void) => void }) {
    const form = useForm<Values>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { teor_argila: null } });
    api?.(form.reset);
    return (
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)}>
          <FormNumberInput<Values> name="teor_argila" label="Teor de argila (%)" unit="%" decimals={2} />
          <button type="submit">Salvar</button>
        </form>
      </FormProvider>
    );
  }

  it('sends a JS number to the form, and the schema bounds with their messages', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.focus(input());
    type('150');
    expect(await screen.findByText('Valor deve ser menor que 100')).toBeTruthy();
    type('38,5');
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Salvar' }).closest('form') as HTMLFormElement);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ teor_argila: 38.5 });
  });

  it('an invalid text blocks the submit with "Informe um número válido"', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.focus(input());
    type('3,2,1');
    fireEvent.blur(input());
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Salvar' }).closest('form') as HTMLFormElement);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(alertText()).toBe('Informe um número válido');
  });

  it('shows a value loaded by reset in pt-BR', async () => {
    let reset: ((v: Values) => void) | undefined;
    render(<Form onSubmit={() => {}} api={(r) => (reset = r)} />);
    await act(async () => reset?.({ teor_argila: 3.2 }));
    expect(input().value).toBe('3,2');
  });
});
