// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConformidadeResponse, RegraConformidade } from '../../../../shared/conformidade.js';
import { conformidade } from '../../../../shared/conformidade-regras.js';
import { ConformityChecklist, statusGeral } from './conformity-checklist.js';

afterEach(cleanup);

const regra = (over: Partial<RegraConformidade>): RegraConformidade => ({
  codigo: 'x',
  titulo: 'Regra',
  referencia: 'IN 53/2013, art. 38',
  atende: true,
  situacao: 'atende',
  valor: null,
  detalhe: 'Detalhe.',
  sugestao: null,
  ...over,
});

const resposta = (regras: RegraConformidade[]): ConformidadeResponse => ({
  norma: 'in53',
  normaTitulo: 'IN MAPA nº 53/2013 (fertilizantes…)',
  atende: regras.every((r) => r.atende !== false),
  regras,
});

// A planned DBC of 5 treatments in 3 blocks, without roles, coordinates or applications.
const planejado = conformidade(
  'in53',
  {
    tipo_estatistica: 'DBC',
    blocos: 3,
    latitude: null,
    longitude: null,
    tratamentos: ['T1', 'T2', 'T3', 'T4', 'T5'].map((nome) => ({ nome, dose: null, nivel_a: '', nivel_b: '', produtividade: null })),
    aplicacoes: [],
    produtividade_regional: null,
    cultura: '',
    estado: '',
  },
  null,
);

describe('ConformityChecklist', () => {
  it('lists each rule with its status in words, reference, verdict and suggestion', () => {
    render(<ConformityChecklist conformidade={planejado} />);
    expect(screen.getByText(planejado.normaTitulo)).toBeTruthy();
    expect(screen.getAllByText('Não atende').length).toBeGreaterThan(1);
    const list = screen.getByRole('list', { name: 'Regras da IN 53/2013' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(planejado.regras.length);
    const gl = items.find((li) => li.dataset.codigo === 'gl_residuo')!;
    expect(within(gl).getByText('Não atende')).toBeTruthy();
    expect(within(gl).getByText('Graus de liberdade do resíduo ≥ 15')).toBeTruthy();
    expect(within(gl).getByText('IN 53/2013, art. 38')).toBeTruthy();
    expect(gl.textContent).toContain('8 graus de liberdade do resíduo: mínimo 15');
    expect(gl.textContent).toContain('Sugestão: Com 5 blocos (2 a mais): 16 graus de liberdade do resíduo.');
    const analise = items.find((li) => li.dataset.codigo === 'analise_estatistica')!;
    expect(within(analise).getByText('Pendente')).toBeTruthy();
    const regressao = items.find((li) => li.dataset.codigo === 'regressao_doses')!;
    expect(within(regressao).getByText('Não se aplica')).toBeTruthy();
  });

  it('says "Atende à IN 53/2013" when every rule holds or does not apply, "Pendente" when one waits and none fails', () => {
    const ok = resposta([regra({}), regra({ codigo: 'y', atende: null, situacao: 'nao_se_aplica', detalhe: 'Não se aplica: 1 dose.' })]);
    expect(statusGeral(ok)).toBe('atende');
    render(<ConformityChecklist conformidade={ok} />);
    expect(screen.getByText('Atende à IN 53/2013')).toBeTruthy();
    cleanup();
    const pendente = resposta([
      regra({}),
      regra({ codigo: 'y', atende: null, situacao: 'pendente', detalhe: 'Será calculada com as produtividades.' }),
    ]);
    expect(statusGeral(pendente)).toBe('pendente');
    render(<ConformityChecklist conformidade={pendente} />);
    expect(screen.getAllByText('Pendente')).toHaveLength(2);
  });
});
