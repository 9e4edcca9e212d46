// @vitest-environment happy-dom
/**
 * Step 6's field plan: the plot's size with its area, and the applications (added, removed, their
 * date and treatments written to the form, the schema's messages under their inputs).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { newTreatment } from '../form-values.js';
import { FieldPlanSection, novaChaveAplicacao, plotArea } from './field-plan-section.js';
import { renderInForm } from './form.test-helper.js';

afterEach(cleanup);

const treatments = () => [
  { ...newTreatment(true), modalidade: 'Foliar' },
  { ...newTreatment(false), nome: 'Fungicida A', modalidade: 'Foliar' },
  { ...newTreatment(false), nome: '', modalidade: 'Foliar' },
];
const field = (name: string) => {
  const el = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!el) throw new Error(`no control named ${name}`);
  return el;
};
async function type(name: string, text: string) {
  await act(async () => {
    fireEvent.focus(field(name));
    fireEvent.change(field(name), { target: { value: text } });
    fireEvent.blur(field(name));
  });
}
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('plot size', () => {
  it('reads pt-BR decimals and shows the area once both sides are typed', async () => {
    const { form } = renderInForm(<FieldPlanSection />);
    screen.getByRole('heading', { name: 'Plano de campo' });
    expect(screen.queryByText(/Área da parcela:/)).toBeNull();
    await type('parcela.comprimento_m', '10');
    expect(screen.queryByText(/Área da parcela:/)).toBeNull();
    await type('parcela.largura_m', '2,5');
    expect(form().getValues('parcela')).toEqual({ comprimento_m: 10, largura_m: 2.5 });
    expect(screen.getByText(/Área da parcela:/).textContent).toBe('Área da parcela: 25 m²');
    expect(field('parcela.largura_m').value).toBe('2,5');
    await type('parcela.comprimento_m', '12,5');
    await type('parcela.largura_m', '2,25');
    expect(screen.getByText(/Área da parcela:/).textContent).toBe('Área da parcela: 28,13 m²');
  });

  it('a side out of range says so under its input', async () => {
    const { form } = renderInForm(<FieldPlanSection />);
    await type('parcela.comprimento_m', '5');
    await type('parcela.largura_m', '2000');
    await act(async () => void (await form().trigger('parcela')));
    const largura = field('parcela.largura_m');
    const error = document.getElementById(largura.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Use de 0,1 a 1.000 m');
    expect(largura.getAttribute('aria-invalid')).toBe('true');
  });

  it('area: both sides above zero, numbers or typed text', () => {
    expect(plotArea(10, '2,5')).toBe(25);
    expect(plotArea(10, null)).toBeNull();
    expect(plotArea(0, 3)).toBeNull();
    expect(plotArea(Number.NaN, 3)).toBeNull();
  });
});

describe('applications', () => {
  it('adds cards keyed aplicacao-1, aplicacao-2…, and removes one', async () => {
    const { form } = renderInForm(<FieldPlanSection />, { tratamentos: treatments() });
    screen.getByText('Nenhuma aplicação registrada.');
    await click('Adicionar aplicação');
    await click('Adicionar aplicação');
    expect(
      form()
        .getValues('aplicacoes')
        .map((a) => a.chave),
    ).toEqual(['aplicacao-1', 'aplicacao-2']);
    // A new card shows no error before anything is typed.
    expect(screen.queryByRole('alert')).toBeNull();
    await click('Remover aplicação 1');
    expect(
      form()
        .getValues('aplicacoes')
        .map((a) => a.chave),
    ).toEqual(['aplicacao-2']);
    expect(screen.getAllByRole('region', { name: /^Aplicação \d$/ })).toHaveLength(1);
    await click('Adicionar aplicação');
    expect(
      form()
        .getValues('aplicacoes')
        .map((a) => a.chave),
    ).toEqual(['aplicacao-2', 'aplicacao-1']);
    expect(novaChaveAplicacao(['aplicacao-1', 'aplicacao-3'])).toBe('aplicacao-2');
  });

  it('writes the date, the stage, pt-BR numbers and the treatments ticked; none ticked is every treatment', async () => {
    const { form } = renderInForm(<FieldPlanSection />, { tratamentos: treatments() });
    await click('Adicionar aplicação');
    const card = screen.getByRole('region', { name: 'Aplicação 1' });
    screen.getByText('Nenhum marcado: todos os tratamentos');
    expect(
      within(card)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['T1 Testemunha', 'T2 Fungicida A', 'T3 Tratamento 3']);
    expect(field('aplicacoes.0.estadio').placeholder).toBe('Ex.: V4, R1, BBCH 65');
    await type('aplicacoes.0.data', '2026-01-15');
    await type('aplicacoes.0.estadio', 'R1');
    await type('aplicacoes.0.volume_calda_l_ha', '150,5');
    await type('aplicacoes.0.temperatura_c', '28,4');
    await act(async () => {
      fireEvent.click(within(card).getByLabelText('T3 Tratamento 3'));
      fireEvent.click(within(card).getByLabelText('T2 Fungicida A'));
    });
    expect(form().getValues('aplicacoes.0')).toMatchObject({
      chave: 'aplicacao-1',
      data: '2026-01-15',
      estadio: 'R1',
      volume_calda_l_ha: 150.5,
      temperatura_c: 28.4,
      tratamentos: [1, 2],
    });
    within(card).getByText('15/01/2026 · R1');
    await act(async () => {
      fireEvent.click(within(card).getByLabelText('T3 Tratamento 3'));
    });
    expect(form().getValues('aplicacoes.0.tratamentos')).toEqual([1]);
    let ok = false;
    await act(async () => {
      ok = await form().trigger('aplicacoes');
    });
    expect(ok).toBe(true);
  });

  it("shows the schema's messages under their inputs", async () => {
    const { form } = renderInForm(<FieldPlanSection />, { tratamentos: treatments() });
    await click('Adicionar aplicação');
    await type('aplicacoes.0.umidade_pct', '150');
    await act(async () => void (await form().trigger('aplicacoes')));
    const data = field('aplicacoes.0.data');
    expect(data.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(data.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Informe a data da aplicação');
    const umidade = field('aplicacoes.0.umidade_pct');
    expect(umidade.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(umidade.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/umidade|0 a 100/i);
    await type('aplicacoes.0.data', '2026-01-15');
    await type('aplicacoes.0.umidade_pct', '65');
    await act(async () => void (await form().trigger('aplicacoes')));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
