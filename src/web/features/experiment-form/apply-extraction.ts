/**
 * Confirming an extraction sets every non-empty extracted field in the form (spec 001 §4),
 * treatments included; what the report did not have keeps what the user typed.
 */
import { MODALIDADES, TIPOS_ESTATISTICA } from '../../../shared/constants.js';
import type { ExtractedData } from '../../../shared/extraction.js';
import { type FormValues, type TratamentoForm, newTreatment } from './form-values.js';

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

export function applyExtraction(current: FormValues, data: ExtractedData): FormValues {
  const next: FormValues = { ...current };
  const text = ['consultoria', 'marca', 'bu', 'regional', 'cidade', 'estado', 'cultura', 'cultivar'] as const;
  for (const k of text) if (has(data[k])) next[k] = String(data[k]);
  const numbers = ['latitude', 'longitude', 'teor_argila', 'teor_materia_organica', 'ano', 'custo_protocolo'] as const;
  for (const k of numbers) if (has(data[k]) && Number.isFinite(data[k])) next[k] = data[k] as number;
  if (has(data.tipo_estatistica) && (TIPOS_ESTATISTICA as readonly string[]).includes(data.tipo_estatistica!)) next.tipo_estatistica = data.tipo_estatistica!;
  if (data.tratamentos?.length) {
    // Plot tables come along only when every treatment has the same number of blocks.
    const counts = new Set(data.tratamentos.map((t) => t.repeticoes?.length ?? 0));
    const blocks = counts.size === 1 ? [...counts][0]! : 0;
    next.tratamentos = data.tratamentos.map((t, i): TratamentoForm => ({
      ...newTreatment(i === 0),
      nome: i === 0 && !t.nome ? 'Testemunha' : t.nome,
      modalidade: t.modalidade && (MODALIDADES as readonly string[]).includes(t.modalidade) ? t.modalidade : '',
      produtividade: t.produtividade ?? '',
      ...(blocks >= 2 ? { repeticoes: [...t.repeticoes!] } : {}),
    }));
  }
  return next;
}
