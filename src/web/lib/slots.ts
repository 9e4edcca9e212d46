/**
 * Slots: a feature that shows another feature's component receives it as a prop, typed here, and
 * app/ fills it. So features never import each other (eslint.config.js, "Web zones"), and each
 * can be rendered in a test with a stand-in.
 */
import type { ComponentType } from 'react';
import type { ExtractedData, ExtractionResult } from '../../shared/extraction.js';
import type { ExtractionChoices, ExtractionConflict } from './extraction-review.js';

/** What a host needs from the PDF extractor (features/extraction's PdfExtractor). */
export interface ExtractorSlotProps {
  /** `choices` says, per conflicting field, which value the user kept (absent: the form's). */
  onConfirm(result: ExtractionResult, file: File, choices: ExtractionChoices): void;
  onCancel(): void;
  /** When given, it receives the result as soon as it arrives; the result is then shown read-only (no confirm). */
  onExtracted?(result: ExtractionResult, file: File): void;
  /** The fields where the extracted data differs from what the form already holds. */
  conflicts?(data: ExtractedData): readonly ExtractionConflict[];
}
export type ExtractorSlot = ComponentType<ExtractorSlotProps>;

/** A trial's statistical analysis (features/trial-analysis's AnalysisView). */
export interface AnalysisSlotProps {
  id: number;
}
export type AnalysisSlot = ComponentType<AnalysisSlotProps>;
