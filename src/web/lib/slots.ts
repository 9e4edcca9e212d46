/**
 * Slots: a feature that shows another feature's component receives it as a prop, typed here, and
 * app/ fills it. So features never import each other (eslint.config.js, "Web zones"), and each
 * can be rendered in a test with a stand-in.
 */
import type { ComponentType } from 'react';
import type { ExtractionResult } from '../../shared/extraction.js';

/** What a host needs from the PDF extractor (features/extraction's PdfExtractor). */
export interface ExtractorSlotProps {
  onConfirm(result: ExtractionResult, file: File): void;
  onCancel(): void;
  /** When given, it receives the result as soon as it arrives, instead of the review screen. */
  onExtracted?(result: ExtractionResult, file: File): void;
}
export type ExtractorSlot = ComponentType<ExtractorSlotProps>;

/** A trial's statistical analysis (features/trial-analysis's AnalysisView). */
export interface AnalysisSlotProps {
  id: number;
}
export type AnalysisSlot = ComponentType<AnalysisSlotProps>;
