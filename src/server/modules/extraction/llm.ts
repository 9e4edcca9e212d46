/**
 * Optional second opinion from an LLM behind an OpenAI-compatible chat-completions endpoint (a
 * local Ollama or vLLM, or a hosted API). The built-in extractor stays the source of truth: the
 * LLM only fills fields it left empty, its answer is validated with zod, and any failure or
 * time-out keeps the built-in result with a warning.
 */
import { z } from 'zod';
import { DOSE_UNITS, MODALIDADES } from '../../../shared/constants.js';
import { type ExtractedData, type ExtractionEvidence, type ExtractionResult, LOW_FIELD_CONFIDENCE } from '../../../shared/extraction.js';
import { EXPERIMENT_FIELDS, EXTRACTED_FIELDS, type ExtractedField } from '../../../shared/fields/catalogue.js';
import { type Field, isNumeric } from '../../../shared/fields/kinds.js';
import { fillAppliedProducts } from '../../extraction/applied-products.js';
import type { CompiledReference } from '../../extraction/reference.js';

export interface LlmConfig {
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}

const text = z.string().trim().min(1).max(200);

/** The model's answer for one catalogue field: the field's kind and bounds. */
function answerSchema(f: Field): z.ZodType {
  if (isNumeric(f)) {
    let n = z.number().finite();
    if (f.integer) n = n.int();
    if (f.min !== undefined) n = n.min(f.min);
    if (f.max !== undefined) n = n.max(f.max);
    return n;
  }
  if (f.kind === 'choice') return z.enum(f.options as readonly [string, ...string[]]);
  return text;
}

/** Where a report is read more loosely than the form types, or the field is a list. */
const ANSWER_OVERRIDES: Partial<Record<ExtractedField, z.ZodType>> = {
  // A report may be older or newer than the form's years; the form then shows its own message.
  ano: z.number().int().min(1990).max(2100),
  estado: z
    .string()
    .trim()
    .length(2)
    .transform((s) => s.toUpperCase()),
  tratamentos: z
    .array(
      z.object({
        nome: text,
        modalidade: z.enum(MODALIDADES).optional(),
        produtividade: z.number().finite().min(0).optional(),
        produtos_aplicados: z
          .array(
            z.object({
              nome: text,
              dose: z.number().finite().min(0).optional(),
              unidade: z.string().trim().min(1).max(40).optional(),
            }),
          )
          .max(10)
          .optional(),
      }),
    )
    .max(50),
};

/** What we accept from the model: the extraction result's `data` (docs/product-rules.md#extraction-result), every field optional. */
export const llmDataSchema = z
  .object(Object.fromEntries(EXTRACTED_FIELDS.map((name) => [name, ANSWER_OVERRIDES[name] ?? answerSchema(EXPERIMENT_FIELDS[name])])))
  .partial();

const MAX_TEXT = 24_000;

/** How the prompt describes a field to the model. */
function promptField(name: ExtractedField): string {
  const f: Field = EXPERIMENT_FIELDS[name];
  if (name === 'tratamentos') {
    return (
      `tratamentos: lista de {nome, modalidade (um de: ${MODALIDADES.join(', ')}), produtividade em kg/ha, ` +
      `produtos_aplicados: lista de {nome, dose, unidade (um de: ${DOSE_UNITS.join(', ')})}} com a testemunha primeiro e sem produtos`
    );
  }
  if (name === 'estado') return 'estado (UF com 2 letras)';
  if (f.kind === 'choice') return `${name} (um de: ${f.options.join(', ')})`;
  if (f.kind === 'coordinate') return `${name} (graus decimais com sinal; Sul e Oeste negativos)`;
  if (isNumeric(f)) return `${name} (${f.unit ? `em ${f.unit}` : 'número'})`;
  return name;
}

const INSTRUCTIONS = `Você lê relatórios de experimentos agronômicos de campo em português e devolve APENAS um objeto JSON.
Campos (omita os que o relatório não traz; nunca invente): ${EXTRACTED_FIELDS.map(promptField).join(', ')}.
Converta sc/ha para kg/ha (x60) e t/ha para kg/ha (x1000).`;

/** Asks the model; resolves to the validated data, or throws on any failure. */
export async function askLlm(reportText: string, cfg: LlmConfig, fetchImpl: typeof fetch = fetch): Promise<ExtractedData> {
  const res = await fetchImpl(`${cfg.url.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify({
      model: cfg.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: reportText.slice(0, MAX_TEXT) },
      ],
    }),
    signal: AbortSignal.timeout(cfg.timeoutMs),
  });
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content ?? '';
  // Some models wrap JSON in a code fence despite being asked not to.
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
  const parsed = llmDataSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error('LLM answer does not match the schema');
  return parsed.data as ExtractedData;
}

export const LLM_WARNINGS = {
  failed: 'A segunda opinião da IA não respondeu a tempo; os dados vêm apenas da leitura do PDF.',
  filled: (fields: string[]) => `Preenchidos pela IA (confira): ${fields.join(', ')}.`,
  disagree: (fields: string[]) => `A IA leu valores diferentes para: ${fields.join(', ')}. Mantivemos a leitura do PDF.`,
} as const;

/** The evidence of a value only the model proposed. */
export const LLM_EVIDENCE = 'Proposto pela IA: não encontrado no texto do PDF pelo extrator.';

const FORM_ORDER: readonly (keyof ExtractedData)[] = EXTRACTED_FIELDS;

const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 0.005
    : String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

/** Field by field: the built-in value stays; the LLM fills what is missing and disagreements are reported. */
/** How sure a value only the model proposed is: always below the review mark. */
export const LLM_ONLY_CONFIDENCE = 0.5;

/**
 * The model as one more source of candidates: it fills what the built-in extractor left empty
 * (with its own, low-confidence evidence, so the review marks it), and where both read a value
 * and they disagree, the built-in value stays with its confidence lowered under the review mark.
 */
export function mergeLlm(builtIn: ExtractionResult, llm: ExtractedData, c?: CompiledReference): ExtractionResult {
  const data: ExtractedData = { ...builtIn.data };
  const evidence: ExtractionEvidence = { ...(builtIn.evidence ?? {}) };
  const filled: string[] = [];
  const disagree: string[] = [];
  for (const field of FORM_ORDER) {
    const mine = builtIn.data[field];
    const theirs = llm[field];
    if (theirs === undefined || (Array.isArray(theirs) && theirs.length === 0)) continue;
    const missing = mine === undefined || (Array.isArray(mine) && mine.length === 0);
    if (missing) {
      (data as Record<string, unknown>)[field] = theirs;
      evidence[field] = { page: 0, snippet: LLM_EVIDENCE, confidence: LLM_ONLY_CONFIDENCE, source: 'llm' };
      filled.push(field);
    } else if (!Array.isArray(mine) && !same(mine, theirs)) {
      disagree.push(field);
      const ev = evidence[field];
      if (ev) evidence[field] = { ...ev, confidence: Math.min(ev.confidence, LOW_FIELD_CONFIDENCE - 0.05) };
    }
  }
  // Treatments only the model listed: the products their names give where it named none, and
  // the untreated control's modality, as for the built-in extractor's.
  if (filled.includes('tratamentos') && c && data.tratamentos) {
    const list = data.tratamentos.map((t) => ({ ...t, modalidade: t.modalidade ?? '' }));
    fillAppliedProducts(
      list.filter((t) => !t.produtos_aplicados?.length),
      () => undefined,
      c,
    );
    data.tratamentos = list;
  }
  const warnings = [...(builtIn.warnings ?? [])];
  if (filled.length) warnings.push(LLM_WARNINGS.filled(filled));
  if (disagree.length) warnings.push(LLM_WARNINGS.disagree(disagree));
  return {
    ...builtIn,
    data,
    // Values only the model saw are unverified: confidence does not rise because of them.
    confidence: builtIn.confidence,
    fieldsExtracted: FORM_ORDER.filter((f) => {
      const v = data[f];
      return v !== undefined && !(Array.isArray(v) && v.length === 0);
    }),
    warnings,
    evidence,
  };
}
