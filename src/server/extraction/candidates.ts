/**
 * Stages 3 and 4 of the extractor: readers propose candidate values for each field, each with its
 * evidence and a score; `choose` weighs them. A value several sources agree on gains a little; a
 * close contest between two different values lowers the confidence, so the review marks the field.
 */
import type { EvidenceSource, ExtractedData, FieldEvidence } from '../../shared/extraction.js';
import { EVIDENCE_SNIPPET_MAX } from '../../shared/extraction.js';
import { key } from './text.js';

export type ScalarField = Exclude<keyof ExtractedData, 'tratamentos' | 'avaliacoes'>;
export type Scalar = Exclude<ExtractedData[ScalarField], undefined>;

export interface Evidence {
  page: number;
  snippet: string;
  source: EvidenceSource;
}

export interface Candidate {
  field: ScalarField;
  value: Scalar;
  /** 0 to 1: how much the source is trusted for this field. */
  score: number;
  evidence: Evidence;
  /** Said only when this candidate is the one chosen ("Cultura incerta: …"). */
  warning?: string;
}

export interface Chosen {
  value: Scalar;
  confidence: number;
  evidence: FieldEvidence;
  warning?: string;
}

/** Score gained per other source agreeing on the same value (at most two count). */
const AGREEMENT_BONUS = 0.03;
/** Two different values closer than this make the field uncertain. */
const CONTEST_MARGIN = 0.05;
const CONTEST_PENALTY = 0.1;
/** What reading a value by OCR costs in confidence, and its ceiling. */
const OCR_FACTOR = 0.9;
const OCR_MAX = 0.85;

export class Candidates {
  readonly list: Candidate[] = [];

  add(field: ScalarField, value: Scalar | null | undefined, score: number, evidence: Evidence, warning?: string): void {
    if (value === null || value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) return;
    this.list.push({ field, value, score, evidence: { ...evidence, snippet: clip(evidence.snippet) }, ...(warning ? { warning } : {}) });
  }

  of(field: ScalarField): Candidate[] {
    return this.list.filter((c) => c.field === field);
  }

  /** The best score offered for a field so far (0 when none). */
  best(field: ScalarField): number {
    return Math.max(0, ...this.of(field).map((c) => c.score));
  }
}

/** A snippet cut to what the review shows. */
export function clip(text: string, max = EVIDENCE_SNIPPET_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

function valueKey(value: Scalar): string {
  return typeof value === 'number' ? String(Math.round(value * 1e4) / 1e4) : key(value);
}

/** One value per field: the best supported one. */
export function choose(candidates: Candidates, ocrPages: readonly number[] = []): Map<ScalarField, Chosen> {
  const byField = new Map<ScalarField, Candidate[]>();
  for (const c of candidates.list) byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
  const out = new Map<ScalarField, Chosen>();
  for (const [field, list] of byField) {
    const groups = new Map<string, Candidate[]>();
    for (const c of list) groups.set(valueKey(c.value), [...(groups.get(valueKey(c.value)) ?? []), c]);
    const ranked = [...groups.values()]
      .map((group) => {
        // The group's best candidate (the first one on ties: sources are read most trusted first).
        const top = group.reduce((a, b) => (b.score > a.score ? b : a));
        const sources = new Set(group.map((g) => `${g.evidence.source}:${g.evidence.page}:${g.evidence.snippet}`)).size;
        return { top, score: Math.min(0.99, top.score + AGREEMENT_BONUS * Math.min(2, sources - 1)) };
      })
      .sort((a, b) => b.score - a.score);
    const [first, second] = ranked;
    if (!first) continue;
    let confidence = first.score;
    if (second && first.score - second.score < CONTEST_MARGIN && second.score >= 0.6) confidence -= CONTEST_PENALTY;
    const ocr = ocrPages.includes(first.top.evidence.page);
    // A value read by OCR may hold misread characters: a little less sure, never sure enough to skip
    // the review when it came from the document as a whole.
    if (ocr) confidence = Math.min(confidence * OCR_FACTOR, OCR_MAX);
    out.set(field, {
      value: first.top.value,
      confidence: Math.round(Math.max(0, confidence) * 1000) / 1000,
      evidence: { ...first.top.evidence, confidence: Math.round(Math.max(0, confidence) * 1000) / 1000, ...(ocr ? { ocr: true } : {}) },
      ...(first.top.warning ? { warning: first.top.warning } : {}),
    });
  }
  return out;
}
