/**
 * What the extractor's review and the form agree on when a report meets a form that already has
 * values: the fields where the two differ, and the user's choice for each. Kept apart from both
 * features so that neither imports the other.
 */
import type { ExtractedData } from '../../shared/extraction.js';

/**
 * An extracted field (or the treatment list as a whole) whose value differs from the form's. The
 * assessments are never one: they come with the report's treatments, whose values they hold.
 */
export interface ExtractionConflict {
  field: Exclude<keyof ExtractedData, 'avaliacoes'>;
  label: string;
  /** Both values as the review shows them. */
  current: string;
  extracted: string;
}

/** Per conflicting field, which value to keep; a field left out keeps the form's. */
export type ExtractionChoice = 'mine' | 'report';
export type ExtractionChoices = Partial<Record<keyof ExtractedData, ExtractionChoice>>;
