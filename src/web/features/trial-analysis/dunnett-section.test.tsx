// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../shared/stats/index.js';
import { apiAnswer, bodyRows, cells, cleanUpAfterEach, headers, renderAnalysisView, rowOf, serveJson } from './analysis.test-helper.js';
import { DunnettSection } from './dunnett-section.js';

/** A control and four products in four blocks: Bio D beats the control one-sided only, Bio C not at all. */
function analysis() {
  return analyze({
    design: 'DBC',
    tratamentos: [
      { nome: 'Testemunha', repeticoes: [3000, 3100, 2950, 3050] },
      { nome: 'Bio A', repeticoes: [3620, 3680, 3560, 3640] },
      { nome: 'Bio B', repeticoes: [3300, 3420, 3280, 3400] },
      { nome: 'Bio C', repeticoes: [2990, 3050, 3000, 2980] },
      { nome: 'Bio D', repeticoes: [3080, 3130, 2990, 3100] },
    ],
  });
}

cleanUpAfterEach();

describe('DunnettSection', () => {
  it('lists each treatment against the control with both adjusted p values and a badge', () => {
    render(<DunnettSection a={analysis()} />);
    const table = screen.getByRole('table', { name: 'Comparação com a testemunha (Dunnett)' });
    const head = headers(table);
    expect(head).toEqual(['Tratamento', 'Diferença (kg/ha)', 'p bilateral', 'p superior', 'Resultado (5%)']);
    expect(cells(rowOf(table, 'Bio A'))).toEqual(['Bio A', '+600', '< 0,0001', '< 0,0001', 'Superior à testemunha']);
    // One-sided p 0,0405 < 0,05 though the two-sided 0,0809 is not: "greater than the control" is what is asked.
    expect(cells(rowOf(table, 'Bio D'))).toEqual(['Bio D', '+50', '0,0809', '0,0405', 'Superior à testemunha']);
    expect(cells(rowOf(table, 'Bio C'))).toEqual(['Bio C', '-20', '0,7093', '0,975', 'Não difere da testemunha']);
    expect(within(table).queryByRole('row', { name: /^Testemunha\b/ })).toBeNull();
    expect(screen.getByText(/testemunha \(Testemunha\); valores p ajustados para as 4 comparações/)).toBeTruthy();
    expect(screen.getByText(/12 gl do resíduo/)).toBeTruthy();
  });

  it('says when a treatment is significantly below the control, in a neutral badge', () => {
    const a = analysis();
    const dunnett = {
      bilateral: [{ nome: 'Bio X', diferenca: -300, p: 0.001 }],
      superior: [{ nome: 'Bio X', diferenca: -300, p: 0.9995 }],
    };
    render(<DunnettSection a={{ ...a, dunnett }} />);
    const table = screen.getByRole('table', { name: 'Comparação com a testemunha (Dunnett)' });
    expect(cells(rowOf(table, 'Bio X'))).toEqual(['Bio X', '-300', '0,001', '0,9995', 'Inferior à testemunha']);
    expect(within(table).getByText('Inferior à testemunha').className).toContain('bg-slate-100');
  });

  it("shows every test's letters side by side, best mean first, with their DMS", () => {
    render(<DunnettSection a={analysis()} />);
    const table = screen.getByRole('table', { name: 'Letras por teste (5%)' });
    const head = headers(table);
    expect(head).toEqual(['Tratamento', 'Média', 'Tukey', 'Scott-Knott', 't (LSD)', 'Duncan', 'SNK']);
    const rows = bodyRows(table);
    expect(rows.map((r) => r[0])).toEqual(['Bio A', 'Bio B', 'Bio D', 'Testemunha', 'Bio C']);
    // Tukey's wider DMS (62,95) keeps the control with Bio D; the t test (43,03) separates them.
    expect(rows[3]).toEqual(['Testemunha', '3.025', 'cd', 'd', 'd', 'd', 'd']);
    expect(screen.getByText('62,95 kg/ha')).toBeTruthy();
    expect(screen.getByText('43,03 kg/ha')).toBeTruthy();
    expect(screen.getByText('43,03 (2 médias) a 47,06 (5 médias) kg/ha')).toBeTruthy();
    expect(screen.getByText('43,03 (2 médias) a 62,95 (5 médias) kg/ha')).toBeTruthy();
  });

  it('keeps the first column in view when a table scrolls (375 px)', () => {
    render(<DunnettSection a={analysis()} />);
    for (const name of ['Comparação com a testemunha (Dunnett)', 'Letras por teste (5%)']) {
      const region = screen.getByRole('region', { name });
      expect(region.className).toContain('overflow-x-auto');
      const table = within(region).getByRole('table');
      expect(within(table).getAllByRole('columnheader')[0]?.className).toContain('sticky');
      expect(within(rowOf(table, 'Bio A')).getAllByRole('cell')[0]?.className).toContain('sticky');
    }
  });

  it('is part of the analysis report', async () => {
    serveJson(200, apiAnswer(analysis()));
    renderAnalysisView(3);
    expect(await screen.findByRole('table', { name: 'Comparação com a testemunha (Dunnett)' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Letras por teste (5%)' })).toBeTruthy();
  });
});
