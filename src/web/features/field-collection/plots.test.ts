/** The plots walked by the collection page and how a label's QR code is read. */
import { describe, expect, it } from 'vitest';
import { plotLabel, plotRows, readPlotCode } from './plots.js';

describe('plotRows', () => {
  it('walks the plots by number, with the server value of the replicate', () => {
    const rows = plotRows(
      {
        parcelas: [
          { numero: 201, bloco: 2, linha: 2, coluna: 1, tratamento: 1, repeticao: 2 },
          { numero: 101, bloco: 1, linha: 1, coluna: 1, tratamento: 1, repeticao: 1 },
        ],
      },
      [{ nome: 'Testemunha' }, { nome: 'Fungicida X', observacoes: { sev: [null, 12.5] } }],
      'sev',
    );
    expect(rows.map((r) => [r.numero, r.servidor])).toEqual([
      [101, null],
      [201, 12.5],
    ]);
    expect(plotLabel(rows[0]!)).toBe('Parcela 101 — T2 Fungicida X');
  });
});

describe('readPlotCode', () => {
  it('reads "GA:<experimento>:<parcela>" and a bare number; refuses another experiment', () => {
    expect(readPlotCode('GA:7:101', 7)).toEqual({ ok: true, numero: 101 });
    expect(readPlotCode(' 203 ', 7)).toEqual({ ok: true, numero: 203 });
    expect(readPlotCode('GA:8:101', 7)).toEqual({ ok: false, message: 'Este código é de outro experimento (nº 8)' });
    expect(readPlotCode('https://example.com', 7).ok).toBe(false);
  });
});
