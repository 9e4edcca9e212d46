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

  it('a planned trial: no yields read "—", never 0, and a line says when the analysis appears', () => {
    const planned = buildExperiment({
      situacao: 'planejado',
      produtividade_media: null,
      tratamentos: [
        { ...treatment(1, 'Testemunha', 0), produtividade: null },
        { ...treatment(2, 'Produto Alfa', 0), produtividade: null },
      ],
    });
    render(<TrialSummary experiment={planned} />);
    screen.getByText('Ensaio planejado: a análise de produtividade aparece quando as produtividades forem registradas.');
    const rows = within(screen.getByRole('table', { name: /Tratamentos: produtos/ })).getAllByRole('row');
    const yieldCell = (r: number) => within(rows[r]!).getAllByRole('cell')[3]!.textContent;
    expect(yieldCell(1)).toBe('—testemunha');
    expect(yieldCell(2)).toBe('—');
  });

  it('a concluded trial has no such line', () => {
    render(<TrialSummary experiment={experiment} />);
    expect(screen.queryByText(/a análise de produtividade aparece/)).toBeNull();
  });

  it('lists the applications, and names each assessment with its days after the application', () => {
    const e = buildExperiment({
      tratamentos: [treatment(1, 'Testemunha', 3000), treatment(2, 'Produto Alfa', 3200), treatment(3, 'Produto Beta', 3100)],
      aplicacoes: [
        {
          chave: 'a1',
          data: '2026-01-02',
          estadio: 'R1',
          volume_calda_l_ha: 150,
          equipamento: 'Pulverizador costal CO₂',
          temperatura_c: 28,
          umidade_pct: 65,
          vento_km_h: 8,
          tratamentos: [],
        },
        {
          chave: 'a2',
          data: '2026-01-16',
          estadio: null,
          volume_calda_l_ha: null,
          equipamento: null,
          temperatura_c: null,
          umidade_pct: null,
          vento_km_h: null,
          tratamentos: [1, 2],
        },
      ],
      avaliacoes: [
        {
          chave: 'sev',
          nome: 'Severidade',
          unidade: '%',
          tipo: 'porcentagem',
          escala_min: null,
          escala_max: null,
          data: '2026-01-30',
          estadio: 'R3',
          alvo: null,
          daa: 14,
        },
      ],
    });
    render(<TrialSummary experiment={e} />);
    const rows = within(screen.getByRole('table', { name: 'Aplicações' })).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('Volume de calda (L/ha)');
    expect(rows[1]?.textContent).toContain('02/01/2026');
    expect(rows[1]?.textContent).toContain('R1');
    expect(rows[1]?.textContent).toContain('150');
    expect(rows[1]?.textContent).toContain('Pulverizador costal CO₂');
    expect(rows[1]?.textContent).toContain('28 °C · 65 % UR · vento 8 km/h');
    expect(rows[1]?.textContent).toContain('Todos');
    expect(rows[2]?.textContent).toContain('T2, T3');
    expect(screen.getByText('Severidade (%) · 30/01/2026, R3, 14 DAA')).toBeTruthy();
  });
});
