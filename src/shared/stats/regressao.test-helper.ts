/**
 * Reads tests/fixtures/stats/regressao.out, the numbers base R printed for regressao.R (polynomial
 * terms of the treatment SS, model, coefficients, R², lack of fit, doses of maximum yield and
 * economic optimum): one case per trial.
 */
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/regressao.out?raw';
import { num, rOutputCases, rTrial } from './r-fixture.test-helper.js';

export interface RRegressaoCase {
  nome: string;
  design: 'DBC' | 'DIC';
  /** repeticoes[treatment][replicate] */
  repeticoes: number[][];
  doses: (number | null)[];
  /** Price per unit of dose and R$ per 60 kg bag (null when the case has none). */
  precoDose: number | null;
  precoSaca: number | null;
  residuo: { gl: number; sq: number; qm: number };
  termos: { grau: number; gl: number; sq: number; qm: number; f: number; p: number }[];
  modelo: 'linear' | 'quadratico' | null;
  coeficientes: number[] | null;
  r2: number | null;
  faltaAjuste: { gl: number; sq: number; qm: number; f: number; p: number } | null;
  /** [dose, fitted yield] */
  doseMaxima: [number, number] | null;
  /** [dose, fitted yield, margin over dose 0] — as R computed it, inside the tested range or not. */
  doseEconomica: [number, number, number] | null;
}

export function rRegressaoCases(): RRegressaoCase[] {
  return rOutputCases(printed).map(([nome, keys]) => {
    const one = (key: string): string[] | null => keys.get(key)?.[0] ?? null;
    const [cDose, preco] = (one('precos') ?? []).map(num);
    const [glRes, sqRes, qmRes] = (one('residuo') ?? []).map(Number);
    const fa = one('falta_ajuste');
    const modelo = one('modelo')?.[0];
    const pair = (v: string[] | null) => (v ? v.map(Number) : null);
    return {
      nome,
      ...rTrial(one('dados') ?? []),
      doses: (one('doses') ?? []).map(num),
      precoDose: cDose ?? null,
      precoSaca: preco ?? null,
      residuo: { gl: glRes ?? 0, sq: sqRes ?? 0, qm: qmRes ?? 0 },
      termos: (keys.get('termo') ?? []).map(([grau, gl, sq, qm, f, p]) => ({
        grau: Number(grau),
        gl: Number(gl),
        sq: Number(sq),
        qm: Number(qm),
        f: Number(f),
        p: Number(p),
      })),
      modelo: modelo === 'linear' || modelo === 'quadratico' ? modelo : null,
      coeficientes: pair(one('coeficientes')),
      r2: num(one('r2')?.[0]),
      faltaAjuste:
        fa && fa[0] !== 'NA' ? { gl: Number(fa[0]), sq: Number(fa[1]), qm: Number(fa[2]), f: Number(fa[3]), p: Number(fa[4]) } : null,
      doseMaxima: pair(one('dose_maxima')) as [number, number] | null,
      doseEconomica: pair(one('dose_economica')) as [number, number, number] | null,
    };
  });
}
