/**
 * What the collection page walks: the layout's plots in field order (ascending `numero` is the
 * walking order), each with its block, its treatment and the value the server holds for the chosen
 * assessment (`observacoes[chave][repeticao − 1]` of its treatment), and how a QR label is read.
 */
import { ordemDeCaminhada } from '../../../shared/croqui.js';
import type { Croqui } from '../../../shared/field-plan.js';

export interface TratamentoColeta {
  nome: string;
  observacoes?: Record<string, Array<number | null>> | undefined;
}

export interface PlotRow {
  numero: number;
  bloco: number;
  repeticao: number;
  /** 0-based index in `tratamentos`. */
  tratamento: number;
  /** "T2 Fungicida X" */
  tratamentoNome: string;
  /** What the server holds for this plot and assessment. */
  servidor: number | null;
}

export function plotRows(croqui: Pick<Croqui, 'parcelas'>, tratamentos: readonly TratamentoColeta[], chave: string): PlotRow[] {
  return ordemDeCaminhada(croqui.parcelas).map((p) => {
    const t = tratamentos[p.tratamento];
    const v = t?.observacoes?.[chave]?.[p.repeticao - 1];
    return {
      numero: p.numero,
      bloco: p.bloco,
      repeticao: p.repeticao,
      tratamento: p.tratamento,
      tratamentoNome: `T${p.tratamento + 1}${t?.nome ? ` ${t.nome}` : ''}`,
      servidor: typeof v === 'number' && Number.isFinite(v) ? v : null,
    };
  });
}

/** Every input's accessible name: "Parcela 101 — T2 Fungicida X". */
export const plotLabel = (row: Pick<PlotRow, 'numero' | 'tratamentoNome'>) => `Parcela ${row.numero} — ${row.tratamentoNome}`;

export type QrRead = { ok: true; numero: number } | { ok: false; message: string };

/** A plot label's QR code: "GA:<experimentId>:<numero>", or a bare plot number. */
export function readPlotCode(text: string, experimentId: number): QrRead {
  const s = text.trim();
  const full = /^GA:(\d+):(\d+)$/i.exec(s);
  if (full) {
    if (Number(full[1]) !== experimentId) return { ok: false, message: `Este código é de outro experimento (nº ${full[1]})` };
    return { ok: true, numero: Number(full[2]) };
  }
  if (/^\d+$/.test(s)) return { ok: true, numero: Number(s) };
  return { ok: false, message: 'Código não reconhecido: use a etiqueta da parcela' };
}

/** "14/01/2026" for "2026-01-14"; empty without a date. */
