// @vitest-environment happy-dom
/**
 * The wizard's number entry as the user meets it: steps rendered inside the form the
 * wizard builds (same schema, same onChange mode), with a "Próximo" that validates the step's
 * fields as the wizard does. What is checked is what the user sees and what the form would send.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { type FormValues, STEPS, newAplicacao, newTreatment } from '../form-values.js';
import { renderInForm } from './form.test-helper.js';
import { StepConsultoria, StepLocalizacao, StepSolo } from './step-fields.js';
import { StepTratamentos } from './step-tratamentos.js';

const LOOKUPS: Record<string, unknown> = {
  '/api/lookups/estados': {
    estados: [
      { sigla: 'GO', nome: 'Goiás' },
      { sigla: 'MT', nome: 'Mato Grosso' },
    ],
  },
  '/api/lookups/produtos-por-marca': { produtosPorMarca: { Aminoagro: ['Aminoagro Raiz'] } },
};

stubApi(LOOKUPS);

/** The form as the wizard sets it up, one step shown, and the step's "Próximo" check. */
function show(step: number, body: ReactNode, values: Partial<FormValues> = {}) {
  const passed: boolean[] = [];
  const { form } = renderInForm(body, values, {
    extra: (methods, rerender) => (
      <button
        type="button"
        onClick={async () => {
          passed.push(await methods.trigger([...(STEPS[step - 1]?.fields ?? [])], { shouldFocus: true }));
          rerender();
        }}
      >
        Próximo
      </button>
    ),
  });
  return {
    values: () => form().getValues(),
    next: async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
      });
      return passed.at(-1);
    },
  };
}

const input = (name: string) => {
  const el = document.querySelector(`input[name="${name}"]`);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return el;
};

/**
 * Choosing in a native <select>. (Values given to the form for a select are not used: happy-dom
 * drops a value react-hook-form writes into a select, which browsers keep.)
 */
async function choose(name: string, value: string) {
  const el = document.querySelector(`select[name="${name}"]`);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`no select named ${name}`);
  await act(async () => {
    fireEvent.change(el, { target: { value } });
  });
}

/** Step 2 with its city chosen (the states' list comes from the API). */
async function showLocation() {
  const form = show(2, <StepLocalizacao />);
  await type('cidade', 'Rio Verde');
  await screen.findByRole('option', { name: 'Goiás (GO)' });
  await choose('estado', 'GO');
  return form;
}

/** Typing as a user does: focus, the text, then leaving the field. */
async function type(name: string, text: string) {
  const el = input(name);
  await act(async () => {
    fireEvent.focus(el);
    fireEvent.change(el, { target: { value: text } });
    fireEvent.blur(el);
  });
}

describe('step 3: soil contents', () => {
  it('starts empty, not 0, and uses a text input with a decimal keyboard', () => {
    show(3, <StepSolo />);
    for (const name of ['teor_argila', 'teor_materia_organica']) {
      expect(input(name).value).toBe('');
      expect(input(name).type).toBe('text');
      expect(input(name).inputMode).toBe('decimal');
    }
  });

  it('"3,2" and "38,5" become 3.2 and 38.5, shown back in pt-BR', async () => {
    const form = show(3, <StepSolo />);
    await type('teor_materia_organica', '3,2');
    await type('teor_argila', '38,5');
    expect(await form.next()).toBe(true);
    expect(form.values()).toMatchObject({ teor_materia_organica: 3.2, teor_argila: 38.5 });
    expect(input('teor_materia_organica').value).toBe('3,2');
    expect(input('teor_argila').value).toBe('38,5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('empty is required on Próximo; a word says "Informe um número válido" and does not pass', async () => {
    const form = show(3, <StepSolo />);
    expect(await form.next()).toBe(false);
    screen.getByText('Teor de argila é obrigatório');
    screen.getByText('Teor de matéria orgânica é obrigatório');

    await type('teor_argila', 'abc');
    await type('teor_materia_organica', '3,2');
    screen.getByText('Informe um número válido');
    // The text stays as typed (nothing dropped), and the form holds no number for it.
    expect(input('teor_argila').value).toBe('abc');
    expect(await form.next()).toBe(false);
    screen.getByText('Informe um número válido');
    expect(Number.isNaN(form.values().teor_argila)).toBe(true);
  });

  it("keeps the field's bounds and decimals with their messages", async () => {
    const form = show(3, <StepSolo />);
    await type('teor_argila', '120');
    await type('teor_materia_organica', '3,25');
    screen.getByText('Valor deve ser menor que 100');
    screen.getByText('Use no máximo 1 casa decimal');
    expect(await form.next()).toBe(false);
  });
});

describe('step 2: coordinates', () => {
  it('reads degrees-minutes-seconds and a decimal comma; shows decimal pt-BR on blur', async () => {
    const form = await showLocation();
    await type('latitude', '17°51\'13" S');
    await type('longitude', '-50,9192');
    expect(input('latitude').value).toBe('-17,853611');
    expect(input('longitude').value).toBe('-50,9192');
    expect(await form.next()).toBe(true);
    expect(form.values()).toMatchObject({ latitude: -17.853611, longitude: -50.9192 });
  });

  it('a wrong hemisphere letter or a word is refused in place', async () => {
    const form = await showLocation();
    await type('latitude', '17°51\'13" O');
    screen.getByText('Use N ou S para a latitude (ex.: 17°51\'13" S)');
    await type('longitude', 'oeste');
    screen.getByText('Informe um número válido');
    expect(await form.next()).toBe(false);
  });

  it('offers the device location and the map under the coordinates', () => {
    show(2, <StepLocalizacao />);
    screen.getByRole('button', { name: 'Usar minha localização' });
    screen.getByRole('button', { name: 'Marcar no mapa' });
    expect(input('latitude').value).toBe('');
  });

  it('warns, without blocking, when the point is far from the chosen city', async () => {
    const form = await showLocation();
    await type('latitude', '-12,5425');
    await type('longitude', '-55,725');
    screen.getByText(/km de Rio Verde\/GO\. Confira as coordenadas\./);
    expect(await form.next()).toBe(true);
  });
});

describe('step 5: treatments and plot yields', () => {
  const three = () => [newTreatment(true), { ...newTreatment(false), nome: 'Raiz' }, { ...newTreatment(false), nome: 'Folha' }];
  const blocks = async (n: number) => {
    await act(async () => fireEvent.change(screen.getByLabelText('Repetições (blocos)'), { target: { value: String(n) } }));
    for (let i = 0; i < 3; i++)
      if (document.querySelector(`select[name="tratamentos.${i}.modalidade"]`)) await choose(`tratamentos.${i}.modalidade`, 'Foliar');
  };

  it('a new treatment starts with an empty yield, and a new product row shows no error before typing', async () => {
    show(5, <StepTratamentos />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar Testemunha (T1)' })));
    expect(input('tratamentos.0.produtividade').value).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto ao tratamento 1' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar análise ao tratamento 1' })));
    // Let any validation the additions started settle before looking.
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(input('tratamentos.0.produtos_aplicados.0.dose').value).toBe('');
    expect(input('tratamentos.0.analises_adicionais.0.valor').value).toBe('');
    expect(screen.queryByText('Nome do produto é obrigatório')).toBeNull();
    expect(screen.queryByText('Modalidade é obrigatória')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Próximo still shows every error of the new rows', async () => {
    const form = show(5, <StepTratamentos />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar Testemunha (T1)' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto ao tratamento 1' })));
    expect(await form.next()).toBe(false);
    screen.getByText('Nome do produto é obrigatório');
    screen.getByText('Modalidade é obrigatória');
    screen.getByText('Produtividade é obrigatória');
  });

  it("the dose's label carries the unit chosen beside it", async () => {
    const form = show(5, <StepTratamentos />, { tratamentos: [{ ...three()[0]!, produtividade: 3000 }] });
    await choose('tratamentos.0.modalidade', 'Solo');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto ao tratamento 1' })));
    await type('tratamentos.0.produtos_aplicados.0.nome', 'Aminoagro Raiz');
    await type('tratamentos.0.produtos_aplicados.0.unidade', 'L/ha');
    await type('tratamentos.0.produtos_aplicados.0.dose', '0,5');
    expect(screen.getByLabelText('Dose (L/ha)')).toBe(input('tratamentos.0.produtos_aplicados.0.dose'));
    expect(await form.next()).toBe(true);
    expect(form.values().tratamentos[0]?.produtos_aplicados[0]).toMatchObject({ dose: 0.5, unidade: 'L/ha' });
  });

  it('a 3 × 4 block pasted into the grid fills repeticoes in kg/ha, and each yield is its mean', async () => {
    const form = show(5, <StepTratamentos />, { tratamentos: three() });
    await blocks(4);
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    const block = '3.512,4\t3.498,0\t3.601,2\t3.455,8\n3.700\t3.810,5\t3.765\t3.690\n3620\t3580.5\t3655\t3610\n';
    await act(async () => {
      fireEvent.paste(input('tratamentos.0.repeticoes.0'), { clipboardData: { getData: () => block } });
    });
    screen.getByText('12 valores colados (3 × 4).');
    expect(await form.next()).toBe(true);
    const t = form.values().tratamentos;
    expect(t.map((x) => x.repeticoes)).toEqual([
      [3512.4, 3498, 3601.2, 3455.8],
      [3700, 3810.5, 3765, 3690],
      [3620, 3580.5, 3655, 3610],
    ]);
    expect(t.map((x) => x.produtividade)).toEqual([3516.85, 3741.38, 3616.38]);
    expect(input('tratamentos.1.produtividade').readOnly).toBe(true);
    expect(input('tratamentos.1.produtividade').value).toBe('3.741,38');
    expect(input('tratamentos.0.repeticoes.0').value).toBe('3.512,4');
  });

  it('a block of the wrong shape fills nothing and says what does not fit', async () => {
    const form = show(5, <StepTratamentos />, { tratamentos: three() });
    await blocks(4);
    await act(async () => {
      fireEvent.paste(input('tratamentos.1.repeticoes.0'), { clipboardData: { getData: () => '1\t2\t3\t4\n5\t6\t7\t8\n9\t10\t11\t12' } });
    });
    expect(screen.getByRole('alert').textContent).toMatch(/a linha 3 do bloco não cabe/);
    expect(form.values().tratamentos.map((x) => x.repeticoes)).toEqual([
      ['', '', '', ''],
      ['', '', '', ''],
      ['', '', '', ''],
    ]);
  });
});

describe('step 5: factorial levels and dose', () => {
  const treatments = () => [
    { ...newTreatment(true), modalidade: 'Foliar', produtividade: 3000 },
    { ...newTreatment(false), nome: 'B' },
  ];

  it('a single-factor card keeps the levels closed; the dose reads pt-BR', async () => {
    const form = show(5, <StepTratamentos />, { tipo_estatistica: 'DBC', tratamentos: treatments() });
    const details = document.querySelectorAll('details');
    expect(details).toHaveLength(2);
    expect(details[0]!.open).toBe(false);
    within(details[0]! as HTMLElement).getByText('Fatorial e dose (opcional)');
    await type('tratamentos.1.dose', '1.000,5');
    expect(form.values().tratamentos[1]).toMatchObject({ dose: 1000.5 });
    expect(input('tratamentos.1.dose').value).toBe('1.000,5');
  });

  it('a factorial design opens every card, names the levels by the factors and asks for them on Próximo', async () => {
    const form = show(5, <StepTratamentos />, {
      tipo_estatistica: 'Fatorial DBC',
      fator_a: 'Produto',
      fator_b: 'Dose',
      tratamentos: treatments(),
    });
    for (const d of document.querySelectorAll('details')) expect(d.open).toBe(true);
    expect(screen.getAllByLabelText(/^Nível de Produto/)).toHaveLength(2);
    await choose('tratamentos.0.modalidade', 'Foliar');
    await choose('tratamentos.1.modalidade', 'Solo');
    await type('tratamentos.1.produtividade', '3200');
    expect(await form.next()).toBe(false);
    expect(screen.getAllByText('Informe o nível de Produto (fator A) deste tratamento')).toHaveLength(2);
    await type('tratamentos.0.nivel_a', 'Raiz');
    await type('tratamentos.0.nivel_b', '1 L');
    await type('tratamentos.1.nivel_a', 'Folha');
    await type('tratamentos.1.nivel_b', '2 L');
    expect(await form.next()).toBe(true);
    expect(form.values().tratamentos.map((t) => [t.nivel_a, t.nivel_b])).toEqual([
      ['Raiz', '1 L'],
      ['Folha', '2 L'],
    ]);
  });
});

describe('step 1: the situation of the trial', () => {
  it('is the first field, a select of the situations by their labels with no empty option, concluded by default', () => {
    show(1, <StepConsultoria />);
    const select = document.querySelector('select[name="situacao"]');
    if (!(select instanceof HTMLSelectElement)) throw new Error('no situacao select');
    expect(document.querySelector('input, select')).toBe(select);
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['planejado', 'Planejado'],
      ['em_andamento', 'Em andamento'],
      ['concluido', 'Concluído'],
    ]);
    expect(select.value).toBe('concluido');
    expect(screen.getByLabelText(/^Situação do ensaio/)).toBe(select);
    screen.getByText(/Planejado ou em andamento: salve sem produtividades e sem o PDF/);
  });

  it('writes the chosen situation to the form', async () => {
    const form = show(1, <StepConsultoria />);
    await choose('situacao', 'em_andamento');
    expect(form.values().situacao).toBe('em_andamento');
  });
});

describe('step 5: a trial not yet concluded', () => {
  const planned = (extra: Partial<FormValues> = {}) => ({
    situacao: 'planejado',
    tratamentos: [newTreatment(true), { ...newTreatment(false), nome: 'Raiz' }],
    ...extra,
  });
  const modalities = async () => {
    await choose('tratamentos.0.modalidade', 'Foliar');
    await choose('tratamentos.1.modalidade', 'Solo');
  };
  const yieldLabel = () => input('tratamentos.0.produtividade').closest('div.relative')?.parentElement?.querySelector('label');

  it('passes without yields: the yield is not marked required and says it is optional', async () => {
    const form = show(5, <StepTratamentos />, planned());
    await modalities();
    expect(yieldLabel()?.textContent).toBe('Produtividade (kg/ha)');
    expect(screen.getAllByText('Opcional enquanto o ensaio não é concluído')).toHaveLength(2);
    expect(await form.next()).toBe(true);
    expect(screen.queryByText('Produtividade é obrigatória')).toBeNull();
  });

  it('passes with its blocks chosen and the plot-yield grid left empty; the select sets blocos', async () => {
    const form = show(5, <StepTratamentos />, planned());
    await modalities();
    await choose('numeroRepeticoes', '4');
    expect(form.values().blocos).toBe(4);
    screen.getByText(/deixe a tabela vazia até a colheita/);
    expect(input('tratamentos.1.repeticoes.3').value).toBe('');
    expect(await form.next()).toBe(true);
    await choose('numeroRepeticoes', '0');
    expect(form.values().blocos).toBeNull();
    expect(form.values().tratamentos[0]?.repeticoes).toBeUndefined();
  });

  it('a concluded trial still asks for the yields, marked required', async () => {
    const form = show(5, <StepTratamentos />, planned({ situacao: 'concluido' }));
    await modalities();
    expect(yieldLabel()?.textContent).toBe('Produtividade (kg/ha)*');
    expect(screen.queryByText('Opcional enquanto o ensaio não é concluído')).toBeNull();
    expect(await form.next()).toBe(false);
    expect(screen.getAllByText('Produtividade é obrigatória')).toHaveLength(2);
  });

  it("starts from the form's blocos (a planned trial loaded without yields) and fills a row as it is typed", async () => {
    const form = show(5, <StepTratamentos />, planned({ blocos: 3 }));
    await modalities();
    const select = document.querySelector<HTMLSelectElement>('select[name="numeroRepeticoes"]')!;
    expect(select.value).toBe('3');
    await type('tratamentos.1.repeticoes.1', '3.200');
    expect(form.values().tratamentos[1]?.repeticoes).toEqual(['', 3200, '']);
    expect(form.values().tratamentos[0]?.repeticoes).toBeUndefined();
    expect(await form.next()).toBe(false);
    expect(form.values().blocos).toBe(3);
  });

  it('falls back to the replicates when the form has no blocos', () => {
    show(5, <StepTratamentos />, planned({ tratamentos: [newTreatment(true, 5)] }));
    expect(document.querySelector<HTMLSelectElement>('select[name="numeroRepeticoes"]')!.value).toBe('5');
  });
});

describe('step 5: removing a treatment keeps the applications on their treatments', () => {
  it('indices after the removed one move up; an application of only that treatment is said', async () => {
    const form = show(5, <StepTratamentos />, {
      tratamentos: [newTreatment(true), { ...newTreatment(false), nome: 'A' }, { ...newTreatment(false), nome: 'B' }],
      aplicacoes: [
        { ...newAplicacao('aplicacao-1'), tratamentos: [0, 2] },
        { ...newAplicacao('aplicacao-2'), tratamentos: [1] },
        newAplicacao('aplicacao-3'),
      ],
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remover tratamento T2' })));
    expect(form.values().tratamentos.map((t) => t.nome)).toEqual(['Testemunha', 'B']);
    expect(form.values().aplicacoes.map((a) => a.tratamentos)).toEqual([[0, 1], [], []]);
  });
});
