/**
 * How the page writes an effect: in the variable's unit on the difference scale, or as % over the
 * control on the ratio scale, where the model works with ln(treatment ÷ control): (eˣ − 1)·100.
 */
import { formatNumber } from '../../../shared/format.js';
import type { EscalaEfeito, MetaAnaliseResponse } from '../../../shared/meta-analise.js';

/** An effect of the model's scale in the unit the reader sees. */
export const toDisplay = (escala: EscalaEfeito) => (x: number) => (escala === 'razao' ? (Math.exp(x) - 1) * 100 : x);
/** Back from what the reader sees to the model's scale (the forest plot's ticks). */
export const fromDisplay = (escala: EscalaEfeito) => (d: number) => (escala === 'razao' ? Math.log1p(d / 100) : d);

/** p-values as the trial report writes them. */
export const formatP = (v: number) => (v < 0.0001 ? '< 0,0001' : formatNumber(v, 4));

/** A number of any size with sensible decimals: 12.345 → "12.345", 3,21 → "3,21", 0,00123 → "0,0012". */
export function formatFlex(v: number): string {
  const a = Math.abs(v);
  return formatNumber(v, a >= 100 ? 0 : a >= 1 ? 2 : a >= 0.01 ? 3 : 5);
}

export interface EffectFormat {
  /** "312 kg/ha" or "8,4%". */
  value: (x: number) => string;
  /** The number alone: "312" or "8,4". */
  bare: (x: number) => string;
  /** "120 a 504 kg/ha" or "3,1% a 14,0%". */
  range: (lo: number, hi: number) => string;
  /** The unit of the axis and the tables: "kg/ha" or "% sobre a testemunha". */
  unit: string;
  display: (x: number) => number;
  digits: number;
}

export function effectFormat(r: Pick<MetaAnaliseResponse, 'escala' | 'variavel' | 'estudos'>): EffectFormat {
  const display = toDisplay(r.escala);
  if (r.escala === 'razao') {
    const bare = (x: number) => formatNumber(display(x), 1);
    return {
      value: (x) => `${bare(x)}%`,
      bare,
      range: (lo, hi) => `${bare(lo)}% a ${bare(hi)}%`,
      unit: '% sobre a testemunha',
      display,
      digits: 1,
    };
  }
  const mag = Math.max(0, ...r.estudos.map((s) => Math.abs(s.efeito)));
  const digits = mag >= 100 ? 0 : mag >= 10 ? 1 : 2;
  const unit = r.variavel.unidade.trim();
  const withUnit = (s: string) => (unit ? `${s} ${unit}` : s);
  const bare = (x: number) => formatNumber(x, digits);
  return { value: (x) => withUnit(bare(x)), bare, range: (lo, hi) => withUnit(`${bare(lo)} a ${bare(hi)}`), unit, display, digits };
}
