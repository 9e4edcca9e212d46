// @vitest-environment happy-dom
/** The report's trial summary: each treatment's products and doses, its yield and its difference from the control. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tratamento } from '../../../shared/experiment.js';
import { buildExperiment } from '../../../shared/factories.test-helper.js';
import { TrialSummary, overControl } from './trial-summary.js';

afterEach(cleanup);

const base = buildExperiment();
const treatment = (id: number, nome: string, produtividade: number, produtos: Tratamento['produtos_aplicados'] = []): Tratamento => ({
  ...(base.tratamentos[0] as Tratamento),
  id,
  nome,
  modalidade: id === 1 ? 'Sem aplicação' : 'Foliar',
  produtividade,
  produtos_aplicados: produtos,
  analises_adicionais: [],
});

const experiment = buildExperiment({
  cidade: 'Rio Verde',
  estado: 'GO',
  tratamentos: [
    treatment(1, 'Testemunha', 3612.4),
    treatment(2, 'Produto Alfa', 3845, [{ nome: 'Produto Alfa', dose: 0.2, unidade: 'L/100 kg de sementes', custo: 40 }]),
    treatment(3, 'Produto Beta', 3501),
  ],
});

describe('TrialSummary', () => {
  it('reports each yield and its difference from the control, with the products and doses', () => {
    render(<TrialSummary experiment={experiment} />);
    const table = screen.getByRole('table', { name: 'Tratamentos: produtos, doses, modalidade, produtividade e custo' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('Produtividade (kg/ha) e diferença da testemunha');
    expect(rows[1]?.textContent).toContain('3.612');
    expect(rows[1]?.textContent).toContain('testemunha');
    expect(rows[2]?.textContent).toContain('Produto Alfa · 0,2 L/100 kg de sementes');
    expect(rows[2]?.textContent).toContain('3.845+233 (+6,4 %)');
    expect(rows[3]?.textContent).toContain('−111 (−3,1 %)');
  });

  it('says nothing over a control without a yield', () => {
    expect(overControl(3000, null)).toBe('—');
    expect(overControl(3000, 0)).toBe('—');
    expect(overControl(null, 3000)).toBe('—');
    expect(overControl(3000, 3000)).toBe('0 (0 %)');
  });
});
