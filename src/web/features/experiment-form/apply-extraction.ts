/**
 * Confirming an extraction sets every non-empty extracted field in the form (spec 001 §4),
 * treatments included; what the report did not have keeps what the user typed.
 */
import { EXTRACTED_FIELDS, type ExtractedData } from '../../../shared/extraction.js';
import { EXPERIMENT_FIELDS, TREATMENT_FIELDS } from '../../../shared/fields/catalogue.js';
import { isNumeric } from '../../../shared/fields/kinds.js';
import { type FormValues, type TratamentoForm, newTreatment } from './form-values.js';

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

export function applyExtraction(current: FormValues, data: ExtractedData): FormValues {
  const next: FormValues = { ...current };
  // Written by name over the catalogue: each value is checked against its field's kind first.
  const fields = next as Record<string, unknown>;
  for (const name of EXTRACTED_FIELDS) {
    const v = data[name];
    if (name === 'tratamentos' || !has(v)) continue;
    const f = EXPERIMENT_FIELDS[name];
    if (isNumeric(f)) {
      if (typeof v === 'number' && Number.isFinite(v)) fields[name] = v;
    } else if (f.kind !== 'choice' || (f.options as readonly string[]).includes(String(v))) fields[name] = String(v);
  }
  if (data.tratamentos?.length) {
    // Plot tables come along only when every treatment has the same number of blocks.
    const counts = new Set(data.tratamentos.map((t) => t.repeticoes?.length ?? 0));
    const blocks = counts.size === 1 ? [...counts][0]! : 0;
    next.tratamentos = data.tratamentos.map((t, i): TratamentoForm => ({
      ...newTreatment(i === 0),
      nome: i === 0 && !t.nome ? 'Testemunha' : t.nome,
      modalidade: t.modalidade && (TREATMENT_FIELDS.modalidade.options as readonly string[]).includes(t.modalidade) ? t.modalidade : '',
      produtividade: t.produtividade ?? '',
      ...(blocks >= 2 ? { repeticoes: [...t.repeticoes!] } : {}),
    }));
  }
  return next;
}
