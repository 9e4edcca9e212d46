import { describe, expect, it } from 'vitest';
import type { ParcelaCroqui } from '../../../shared/field-plan.js';
import { ordemDeCaminhada } from '../../../shared/croqui.js';
import { formatIsoDate } from '../../../shared/format.js';
import { codigoTratamento, comprimentoEscala, paginarPorBlocos } from './plan.js';

/** `blocos` blocks of `porBloco` plots, block b in field row b. */
function layout(blocos: number, porBloco: number): ParcelaCroqui[] {
  const out: ParcelaCroqui[] = [];
  for (let b = 1; b <= blocos; b++) {
    for (let c = 1; c <= porBloco; c++) out.push({ numero: b * 100 + c, bloco: b, linha: b, coluna: c, tratamento: c - 1, repeticao: b });
  }
  return out;
}

describe('paginarPorBlocos', () => {
  it('keeps everything on one page up to 60 plots', () => {
    expect(paginarPorBlocos(layout(4, 15))).toHaveLength(1);
  });

  it('splits by whole blocks: 8 blocks of 12 = 96 plots → 5 + 3 blocks', () => {
    const pages = paginarPorBlocos(layout(8, 12));
    expect(pages.map((p) => p.length)).toEqual([60, 36]);
    expect(new Set(pages[0]!.map((p) => p.bloco))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('never puts more than 60 on a page: 4 blocks of 25 → 2 + 2', () => {
    expect(paginarPorBlocos(layout(4, 25)).map((p) => p.length)).toEqual([50, 50]);
  });

  it('cuts a block larger than a page by columns', () => {
    const pages = paginarPorBlocos(layout(2, 70));
    expect(pages.map((p) => p.length)).toEqual([60, 10, 60, 10]);
    expect(pages[1]!.every((p) => p.bloco === 1 && p.coluna > 60)).toBe(true);
  });
});

describe('helpers', () => {
  it('codes, walking order, scale and dates', () => {
    expect(codigoTratamento(0)).toBe('T1');
    expect(ordemDeCaminhada([{ numero: 201 }, { numero: 102 }, { numero: 101 }]).map((p) => p.numero)).toEqual([101, 102, 201]);
    expect(comprimentoEscala(30)).toBe(5);
    expect(comprimentoEscala(1)).toBe(0.5);
    expect(comprimentoEscala(400)).toBe(100);
    expect(formatIsoDate('2026-02-04')).toBe('04/02/2026');
    expect(formatIsoDate(null)).toBe('');
  });
});
