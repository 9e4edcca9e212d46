import { describe, expect, it } from 'vitest';
import { changeLines, showValue } from './changes.js';

describe('audit change lines', () => {
  it('names fields as the form does and shows values in pt-BR', () => {
    expect(
      changeLines({
        cultivar: { de: 'M6410', para: 'BMX Zeus' },
        roi: { de: 250000, para: 300000.5 },
        preco_saca: { de: null, para: 120 },
        tratamentos: { de: [{}, {}], para: [{}] },
        arquivo: { de: 'a.pdf', para: null },
      }),
    ).toEqual([
      'Cultivar: M6410 → BMX Zeus',
      'ROI: 250.000 → 300.000,5',
      'Preço da saca (R$): 120',
      'Tratamentos: alterados (2 tratamentos → 1 tratamento)',
      'Arquivo: a.pdf → —',
    ]);
    expect(changeLines(null)).toEqual([]);
    // Account and reference entries: a role by its name, counts as numbers.
    expect(
      changeLines({
        perfil: { de: 'user', para: 'admin' },
        email: { de: 'a@x.com', para: 'b@x.com' },
        nome: { de: 'Soja', para: 'Soja Safrinha' },
        experimentos: { de: null, para: 1234 },
        aceitos: { de: null, para: 0 },
      }),
    ).toEqual([
      'Perfil: Usuário Padrão → Administrador',
      'Email: a@x.com → b@x.com',
      'Nome: Soja → Soja Safrinha',
      'Experimentos atualizados: 1.234',
      'Arquivos aceitos: 0',
    ]);
    expect(changeLines({ perfil: { de: null, para: 'toString' } })).toEqual(['Perfil: toString']);
    expect(showValue('')).toBe('—');
  });
});
