// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardCards, DashboardCharts } from '../../../../shared/dashboard.js';
import { FirstExperimentInvitation, OnlyPlannedTrials, OverviewCards } from './overview-cards.js';

const cards = (over: Partial<DashboardCards> = {}): DashboardCards => ({
  totalExperimentos: 3,
  produtividadeMedia: null,
  roiMedio: 200,
  custoMedio: 2000,
  consultoriasAtivas: 2,
  experimentosAtivos: 2,
  vitorias: 1,
  analisados: 2,
  culturas: 2,
  ganhoMedio: 8.25,
  ensaiosComparados: 3,
  comparacoes: 6,
  superacoes: 4,
  ...over,
});
const charts = (crops: DashboardCharts['produtividadePorCultura']) => ({ produtividadePorCultura: crops }) as DashboardCharts;
const SOJA = { cultura: 'Soja', media: 3612, n: 2, ganho: 10 };
const CANA = { cultura: 'Cana-de-açúcar', media: 90_150, n: 1, ganho: 4.5 };
const statValue = (title: string) =>
  within(screen.getByText(title).closest('[data-testid="stat-card"]') as HTMLElement).getByTestId('stat-value');

afterEach(cleanup);

describe('OverviewCards', () => {
  it('with soybean and sugarcane: no single mean yield; each crop in its own unit, kg/ha beside it; a crop filters', () => {
    const onFilter = vi.fn();
    render(<OverviewCards cards={cards()} charts={charts([CANA, SOJA])} onFilter={onFilter} />);
    expect(screen.queryByText('Produtividade Média (kg/ha)')).toBeNull();
    expect(statValue('Ganho Médio sobre a Testemunha').textContent).toBe('+8,3%');
    const list = screen.getByTestId('yield-by-crop');
    expect(
      within(list)
        .getAllByTestId('crop-yield')
        .map((e) => e.textContent),
    ).toEqual(['90,2 t/ha', '60,2 sc/ha']);
    expect(list.textContent).toContain('3.612 kg/ha');
    expect(list.textContent).toContain('90.150 kg/ha');
    fireEvent.click(within(list).getByRole('button', { name: /^Soja: 60,2 sc\/ha\. Filtrar por Soja$/ }));
    expect(onFilter).toHaveBeenCalledWith('cultura', 'Soja');
    expect(screen.getByTestId('win-rate').textContent).toContain('4 de 6 tratamentos produziram mais que a testemunha');
  });

  it('with one crop: the average yield card in kg/ha, the crop unit underneath', () => {
    render(<OverviewCards cards={cards({ culturas: 1, produtividadeMedia: 3612 })} charts={charts([SOJA])} />);
    expect(statValue('Produtividade Média (kg/ha)').textContent).toBe('3.612 kg/ha');
    expect(screen.getByTestId('stat-detail').textContent).toBe('60,2 sc/ha · Soja');
    expect(screen.queryByTestId('yield-by-crop')).toBeNull();
  });

  it('says the indicators count concluded trials only when no situation is filtered', () => {
    const { rerender } = render(<OverviewCards cards={cards()} charts={charts([SOJA])} soConcluidos />);
    expect(screen.getByText('Indicadores e gráficos consideram só ensaios concluídos.')).toBeTruthy();
    rerender(<OverviewCards cards={cards()} charts={charts([SOJA])} soConcluidos={false} />);
    expect(screen.queryByText('Indicadores e gráficos consideram só ensaios concluídos.')).toBeNull();
  });

  it('a new installation is invited to register the first experiment', () => {
    render(
      <MemoryRouter>
        <FirstExperimentInvitation />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Cadastrar o primeiro experimento' }).getAttribute('href')).toBe('/novo-experimento');
  });
  it('with only planned trials, says where they are instead of inviting a first one', () => {
    render(<OnlyPlannedTrials count={2} />);
    expect(screen.getByTestId('only-planned').textContent).toContain('2 ensaios planejados ou em andamento estão na aba Experimentos');
    cleanup();
    render(<OnlyPlannedTrials count={1} />);
    expect(screen.getByTestId('only-planned').textContent).toContain('1 ensaio planejado ou em andamento está na aba Experimentos');
  });
});
