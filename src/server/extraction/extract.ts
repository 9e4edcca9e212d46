/**
 * Offline extraction of an experiment from a field-trial report PDF: no network, no model.
 * A staged pipeline, each stage testable alone:
 *
 * 1. text with positions (pdf-text.ts; scanned pages by OCR),
 * 2. layout (layout.ts: running headers/footers, columns, letterhead, reading order),
 * 3. candidate values per field, each with its evidence and a score (read-fields.ts,
 *    organization.ts, treatments.ts),
 * 4. a choice that weighs them (candidates.ts), then the result's confidence: the fields weigh by
 *    how much the form needs them, so a report missing its brand, crop, place, year or yields
 *    always asks for review (< 0.8).
 */
import { Candidates, choose, clip, type Chosen, type ScalarField } from './candidates.js';
import { fillAppliedProducts, nameByDose } from './applied-products.js';
import { buildLayout } from './layout.js';
import { readOrganization } from './organization.js';
import { type PdfText, readPdfText } from './pdf-text.js';
import { readCaptionedCosts, readLabels, readSentences, readSoilTables, readWholeDocument } from './read-fields.js';
import { type CompiledReference, compileReference, regionalsOfState, type ReferenceData } from './reference.js';
import { describedBy, doseColumnOf, extractTreatments } from './treatments.js';

import { EXTRACTED_FIELDS, type ExtractedData, type ExtractionEvidence, type ExtractionResult } from '../../shared/extraction.js';
export type { ReferenceData } from './reference.js';
export type { ExtractedTreatment } from './treatments.js';
export { PdfUnreadableError, PDF_UNREADABLE_MESSAGE, looksLikePdf } from './pdf-text.js';

export type { ExtractedData, ExtractionResult } from '../../shared/extraction.js';

export const SCANNED_WARNING = 'O documento não tem texto selecionável (provavelmente digitalizado). Preencha os campos manualmente.';
export const NOT_A_REPORT_WARNING = 'O documento não parece ser um relatório de experimento de campo. Confira os dados extraídos.';
export const NO_YIELDS_WARNING =
  'As produtividades dos tratamentos não foram encontradas no documento: preencha os tratamentos manualmente.';
export const OCR_WARNING = 'Página(s) digitalizada(s) lida(s) por reconhecimento de texto (OCR): confira os valores com atenção.';

/** The form's order, which is also the order of `fieldsExtracted`. */
const FIELD_ORDER = EXTRACTED_FIELDS;

/**
 * How much each field counts in the overall confidence. The key fields (what the form cannot
 * do without and the dashboard groups by) hold 80 %; a missing one caps confidence below 0.8.
 */
const WEIGHTS: Partial<Record<keyof ExtractedData, number>> = {
  tratamentos: 0.25,
  marca: 0.15,
  cultura: 0.15,
  ano: 0.1,
  estado: 0.08,
  cidade: 0.07,
  consultoria: 0.04,
  regional: 0.03,
  cultivar: 0.03,
  teor_argila: 0.02,
  teor_materia_organica: 0.02,
  tipo_estatistica: 0.02,
  latitude: 0.01,
  longitude: 0.01,
  custo_protocolo: 0.02,
};
const KEY_FIELDS: (keyof ExtractedData)[] = ['tratamentos', 'marca', 'cultura', 'ano', 'estado', 'cidade'];
const REVIEW_CAP = 0.79;
/** A document that is not a trial report answers below this. */
const NOT_A_REPORT_CAP = 0.25;
/** At most this many fields are proposed from a document that is not a trial report. */
const NOT_A_REPORT_MAX_FIELDS = 2;

export async function extractFromPdf(bytes: Uint8Array, ref: ReferenceData): Promise<ExtractionResult> {
  const text = await readPdfText(bytes);
  return extractFromText(text, ref);
}

/** Extraction from text already read (tests and tools can feed lines directly). */
export function extractFromText(pdf: PdfText, ref: ReferenceData): ExtractionResult {
  // A page of a typed report holds hundreds of characters; a scan holds none, or a stamp or
  // page number at most.
  if (pdf.charCount < 25 * Math.max(1, pdf.pagesRead)) {
    return { data: {}, confidence: 0, fieldsExtracted: [], warnings: [SCANNED_WARNING], evidence: {} };
  }
  const c = compileReference(ref);
  const layout = buildLayout(pdf);
  const warnings: string[] = [];
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };

  // Stage 3: candidates.
  const candidates = new Candidates();
  const pairs = readLabels(layout, c, candidates);
  readOrganization(layout, c, candidates);
  readSentences(layout, c, candidates);
  readSoilTables(layout, candidates);
  readCaptionedCosts(layout, candidates);
  readWholeDocument(layout, c, candidates, pairs);

  // Stage 4: the choice, then what follows from it.
  const chosen = choose(candidates, layout.ocrPages);
  deriveRegional(c, chosen, warn);
  const treatments = extractTreatments(layout.lines, layout.flat, c, (chosen.get('cultura')?.value as string | undefined) ?? null);
  treatments.warnings.forEach(warn);
  // What each treatment applied, and 'Sem aplicação' for an untreated control.
  fillAppliedProducts(treatments.tratamentos, describedBy, c, doseColumnOf);
  nameByDose(treatments.tratamentos);

  // What counts is treatments compared by yield: an invitation may list products too.
  const withYields = treatments.tratamentos.filter((t) => t.produtividade !== undefined).length;
  const isReport = looksLikeTrialReport(layout.folded, withYields);
  const hasYields = withYields >= 2;
  const data: ExtractedData = {};
  const evidence: ExtractionEvidence = {};
  for (const field of FIELD_ORDER) {
    if (field === 'tratamentos') {
      if (treatments.tratamentos.length > 0) {
        data.tratamentos = treatments.tratamentos;
        const ev = treatments.evidence;
        evidence.tratamentos = {
          page: ev?.page ?? 1,
          snippet: clip(ev?.snippet ?? treatments.tratamentos.map((t) => t.nome).join('; ')),
          confidence: treatments.confidence,
          source: 'table',
          ...(ev && layout.ocrPages.includes(ev.page) ? { ocr: true } : {}),
        };
        const assessed = treatments.assessmentsEvidence;
        if (treatments.avaliacoes?.length && assessed) {
          data.avaliacoes = treatments.avaliacoes;
          // Read from the header's words alone, below the yields: the review asks for a look.
          evidence.avaliacoes = {
            page: assessed.page,
            snippet: clip(assessed.snippet),
            confidence: Math.min(treatments.confidence, 0.7),
            source: 'table',
            ...(layout.ocrPages.includes(assessed.page) ? { ocr: true } : {}),
          };
        }
      }
      continue;
    }
    const v = chosen.get(field);
    if (!v) continue;
    // Each parser produced the field's own type (numbers for numeric fields), so the generic
    // assignment keeps them; TypeScript cannot follow the field/type pairing through the map.
    (data as Record<string, unknown>)[field] = v.value;
    evidence[field] = v.evidence;
    if (v.warning) warn(v.warning);
  }
  if (!isReport) keepStrongest(data, evidence, NOT_A_REPORT_MAX_FIELDS);

  const fieldConfidence = (field: keyof ExtractedData) =>
    field === 'tratamentos' ? (data.tratamentos ? treatments.confidence : 0) : (evidence[field]?.confidence ?? 0);
  let confidence = 0;
  let total = 0;
  for (const [field, weight] of Object.entries(WEIGHTS) as [keyof ExtractedData, number][]) {
    total += weight;
    confidence += weight * fieldConfidence(field);
  }
  confidence /= total;

  const missing = KEY_FIELDS.filter((f) => data[f] === undefined);
  if (missing.length > 0) {
    confidence = Math.min(confidence, REVIEW_CAP - 0.05 * (missing.length - 1));
    warn(`Campos não encontrados no documento: ${missing.map(fieldLabel).join(', ')}.`);
  }
  if (isReport && !hasYields) {
    // The yields are why the form reads a report: without them the whole answer needs a review.
    confidence = Math.min(confidence, REVIEW_CAP - 0.05);
    if (evidence.tratamentos)
      evidence.tratamentos = { ...evidence.tratamentos, confidence: Math.min(evidence.tratamentos.confidence, 0.5) };
    warn(NO_YIELDS_WARNING);
  }
  if (!isReport) {
    confidence = Math.min(confidence, NOT_A_REPORT_CAP);
    warn(NOT_A_REPORT_WARNING);
  }
  if (layout.ocrPages.length > 0) {
    // Values read by OCR are always worth a review.
    confidence = Math.min(confidence * 0.9, REVIEW_CAP);
    warn(OCR_WARNING);
  }
  const blank = (pdf.pagesWithoutText ?? []).filter((p) => !layout.ocrPages.includes(p));
  if (blank.length > 0) {
    warn(`Página(s) ${blank.join(', ')} sem texto selecionável (provavelmente digitalizadas): o que elas contêm não foi lido.`);
  }
  if (pdf.pagesRead < pdf.pageCount) warn(`Somente as primeiras ${pdf.pagesRead} páginas de ${pdf.pageCount} foram lidas.`);

  return {
    data,
    confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 1000) / 1000,
    fieldsExtracted: FIELD_ORDER.filter((f) => data[f] !== undefined),
    warnings,
    evidence,
    ...(layout.ocrPages.length > 0 ? { ocrPages: layout.ocrPages } : {}),
  };
}

/** Keeps only the `max` most confident fields (a document that is not a trial report). */
function keepStrongest(data: ExtractedData, evidence: ExtractionEvidence, max: number): void {
  const ranked = (Object.keys(data) as (keyof ExtractedData)[]).sort(
    (a, b) => (evidence[b]?.confidence ?? 0) - (evidence[a]?.confidence ?? 0),
  );
  for (const field of ranked.slice(max)) {
    delete data[field];
    delete evidence[field];
  }
}

function fieldLabel(field: keyof ExtractedData): string {
  const names: Partial<Record<keyof ExtractedData, string>> = {
    tratamentos: 'tratamentos com produtividade',
    marca: 'marca',
    cultura: 'cultura',
    ano: 'ano',
    estado: 'estado',
    cidade: 'cidade',
  };
  return names[field] ?? field;
}

/**
 * Words of a field trial; an invoice, a sales order or a laboratory's soil analysis has few of
 * them, and no treatments compared by yield.
 */
export function looksLikeTrialReport(folded: string, treatmentCount: number): boolean {
  const words = [
    'ensaio',
    'experimento',
    'tratamento',
    'testemunha',
    'delineamento',
    'repetic',
    'parcela',
    'protocolo',
    'produtividade',
    'cultivar',
    'bloco',
    'colheita',
    'rendimento',
  ];
  const hits = words.filter((w) => folded.includes(w)).length;
  // Commerce and laboratory documents: an invoice, an order, a quotation, a lab report.
  const commerce = [
    'contrato',
    'clausula',
    'locacao',
    'locador',
    'locatario',
    'nota fiscal',
    'nf-e',
    'danfe',
    'pedido',
    'orcamento',
    'cotacao',
    'fatura',
    'boleto',
    'valor unitario',
    'cfop',
    'vendedor',
    'frete',
  ].filter((w) => folded.includes(w)).length;
  const lab = ['laudo', 'analise de solo', 'amostra', 'extrator', 'mehlich', 'ctc'].filter((w) => folded.includes(w)).length;
  // An invitation or a programme: an event announced (who is invited, how to sign up), no results.
  const invite = ['convite', 'convidamos', 'inscricao', 'inscricoes', 'confirme', 'confirmacao de presenca'].filter((w) =>
    folded.includes(w),
  ).length;
  const eventWords = ['dia de campo', 'palestra', 'participantes', 'programacao', 'coffee break', 'sorteio'].filter((w) =>
    folded.includes(w),
  ).length;
  const event = invite >= 2 || (invite >= 1 && eventWords >= 2);
  // Minutes of a meeting and a members' newsletter talk about trials without reporting one.
  const minutes = ['ata ', 'reuniao', 'pauta', 'presentes', 'aprovad', 'deliber', 'encerrad', 'secretari'].filter((w) =>
    folded.includes(w),
  ).length;
  const newsletter = ['informativo', 'nesta edicao', 'edicao n', 'cooperados', 'associados', 'agenda', 'noticias', 'expediente'].filter(
    (w) => folded.includes(w),
  ).length;
  if ((minutes >= 3 || newsletter >= 3) && treatmentCount < 2) return false;
  if (commerce >= 2 && treatmentCount < 2) return false;
  if (event && treatmentCount < 2) return false;
  if (lab >= 3 && hits < 5 && treatmentCount < 2) return false;
  return hits >= 3 || (hits >= 2 && treatmentCount >= 2);
}

/** The regional of the state when only one regional covers it. */
function deriveRegional(c: CompiledReference, chosen: Map<ScalarField, Chosen>, warn: (message: string) => void): void {
  const estado = chosen.get('estado');
  if (!estado || typeof estado.value !== 'string') return;
  const candidates = regionalsOfState(estado.value, c);
  const stated = chosen.get('regional')?.value;
  if (typeof stated === 'string') {
    if (candidates.length > 0 && !candidates.includes(stated)) warn(`A regional ${stated} não inclui o estado ${estado.value}. Confira.`);
    return;
  }
  const only = candidates[0];
  if (candidates.length === 1 && only) {
    const confidence = Math.min(estado.confidence, 0.85);
    chosen.set('regional', {
      value: only,
      confidence,
      evidence: { page: 0, snippet: `Única regional do estado ${estado.value}`, confidence, source: 'derived' },
    });
  } else if (candidates.length > 1)
    warn(`O estado ${estado.value} pertence a mais de uma regional (${candidates.join(', ')}); escolha a regional.`);
}
