import { describe, expect, it } from 'vitest';
import { changeLines, showValue } from './changes.js';

describe('audit change lines', () => {
  it('names fields as the form does and shows values in pt-BR', () => {
    expect(
      changeLines({
        cultivar: { de: 'M6410', para: 'BMX Zeus' },
        roi: { de: 250000, para: 300000.5 },
        preco_saca: { de: null, para: 120 },
        tratamentos: { de: 2, para: 1 },
        arquivo: { de: 'a.pdf', para: null },
      }),
    ).toEqual([
      'Cultivar: M6410 → BMX Zeus',
      'ROI: 250.000 → 300.000,5',
      'Preço da saca (R$): 120',
      'Tratamentos: alterados (2 → 1)',
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

  it('says which treatment and which field changed, from what to what, in pt-BR numbers', () => {
    const t = (produtividade: number, extra: object = {}) => ({
      nome: 'T2 - Amino',
      modalidade: 'Foliar',
      produtividade,
      custo: 0,
      produtos_aplicados: [{ nome: 'Aminoagro Raiz', dose: 1.5, unidade: 'L/ha', custo: null }],
      analises_adicionais: [],
      repeticoes: null,
      ...extra,
    });
    const de = [t(3500, { nome: 'Testemunha' }), t(3662.93)];
    const para = [
      t(3500, { nome: 'Testemunha' }),
      t(4087.63, {
        produtos_aplicados: [
          { nome: 'Aminoagro Raiz', dose: 2, unidade: 'L/ha', custo: null },
          { nome: 'Fertilizante X', dose: null, unidade: null, custo: null },
        ],
        analises_adicionais: [{ nome: 'Brix', valor: 18.5, unidade: '%' }],
      }),
      t(4000, { nome: 'T3' }),
    ];
    // An entry written before the details were recorded: computed from the two lists.
    const lines = [
      'Tratamento 2 (T2 - Amino) · Produtividade: 3.662,93 → 4.087,63',
      'Tratamento 2 (T2 - Amino) · Produto Aminoagro Raiz · Dose: 1,5 → 2',
      'Tratamento 2 (T2 - Amino) · Produto: — → Fertilizante X',
      'Tratamento 2 (T2 - Amino) · Análise: — → Brix',
      'Tratamento 3 (T3): incluído',
    ];
    expect(changeLines({ tratamentos: { de, para } })).toEqual(lines);
    // A recorded entry shows its details, and a removed treatment says so.
    expect(
      changeLines({
        tratamentos: { de, para, detalhes: [{ n: 4, tratamento: 'T4', campo: 'Tratamento', de: 'T4', para: null }] },
      }),
    ).toEqual(['Tratamento 4 (T4): excluído']);
    // Plot yields block by block.
    expect(
      changeLines({ tratamentos: { de: [t(3600, { repeticoes: [3500, 3700] })], para: [t(3650, { repeticoes: [3600, 3700] })] } }),
    ).toEqual([
      'Tratamento 1 (T2 - Amino) · Produtividade: 3.600 → 3.650',
      'Tratamento 1 (T2 - Amino) · Repetições · bloco 1: 3.500 → 3.600',
    ]);
  });
});
