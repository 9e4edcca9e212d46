// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditChanges } from './audit-changes.js';

afterEach(cleanup);

const treatment = (nome: string, produtividade: number) => ({
  nome,
  modalidade: 'Foliar',
  produtividade,
  custo: 0,
  produtos_aplicados: [],
  analises_adicionais: [],
  repeticoes: null,
});

describe('AuditChanges', () => {
  it('names the treatment and the field a yield change was in, with pt-BR numbers', () => {
    const de = [treatment('Testemunha', 3500), treatment('T2 - Amino', 3662.93)];
    const para = [treatment('Testemunha', 3500), treatment('T2 - Amino', 4087.63)];
    render(<AuditChanges changes={{ cultivar: { de: 'M6410', para: 'BMX Zeus' }, tratamentos: { de, para } }} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Cultivar: M6410 → BMX Zeus',
      'Tratamento 2 (T2 - Amino) · Produtividade: 3.662,93 → 4.087,63',
    ]);
    expect(screen.queryByText(/alterados/)).toBeNull();
  });

  it('shows a dash when nothing changed', () => {
    const { container } = render(<AuditChanges changes={null} />);
    expect(container.textContent).toBe('—');
  });
});
