/**
 * Slots: a feature that shows another feature's component receives it as a prop, typed here, and
 * app/ fills it. So features never import each other (eslint.config.js, "Web zones"), and each
 * can be rendered in a test with a stand-in.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Avaliacao } from '../../shared/assessments.js';
import type { ExperimentData } from '../../shared/experiment.js';
import type { ExtractedData, ExtractionResult } from '../../shared/extraction.js';
import type { ExtractionChoices, ExtractionConflict } from './extraction-review.js';

/** What a host needs from the PDF extractor (features/extraction's PdfExtractor). */
export interface ExtractorSlotProps {
  /** `choices` says, per conflicting field, which value the user kept (absent: the form's). */
  onConfirm(result: ExtractionResult, file: File, choices: ExtractionChoices): void;
  onCancel(): void;
  /** When given, it receives the result as soon as it arrives; the result is then shown read-only (no confirm). */
  onExtracted?(result: ExtractionResult, file: File): void;
  /** With `onExtracted`: the read-only result offers "Criar experimento com estes dados", which calls this. */
  onCreateExperiment?(result: ExtractionResult, file: File): void;
  /** The fields where the extracted data differs from what the form already holds. */
  conflicts?(data: ExtractedData): readonly ExtractionConflict[];
}
export type ExtractorSlot = ComponentType<ExtractorSlotProps>;

/** A trial's statistical analysis (features/trial-analysis's AnalysisView). */
export interface AnalysisSlotProps {
  id: number;
  /** The experiment's assessments: the report offers each (and the area under a curve) besides yield. */
  avaliacoes?: readonly (Avaliacao & { daa?: number | null })[];
  /** The trial has no yields yet (planned, running): the report opens on its first assessment. */
  semProdutividade?: boolean;
}
export type AnalysisSlot = ComponentType<AnalysisSlotProps>;

/**
 * The experiment form on one page, prefilled from a report (features/experiment-form's
 * ExperimentDraftForm), for the import review: the same fields and schema as the wizard.
 */
export interface ExperimentFormSlotProps {
  /** The report's values; what it did not give starts empty and must be filled in. */
  data: ExtractedData;
  /** Fields (catalogue names) to mark for checking: the extractor is unsure of them. */
  marked?: readonly string[];
  /** A 400's `fields` (path → message), shown on their inputs. */
  serverErrors?: Readonly<Record<string, string>> | undefined;
  /** The field (catalogue name, `tratamentos` for any treatment input) that took the focus. */
  onFieldFocus?(name: string): void;
  onSubmit(data: ExperimentData): void | Promise<void>;
  submitLabel: string;
  /** Further actions beside the submit button ("Descartar"). */
  actions?: ReactNode;
}
export type ExperimentFormSlot = ComponentType<ExperimentFormSlotProps>;

/** A report's values as the experiment the form would save, or why not (path → message). */
export type ReportToExperiment = (
  data: ExtractedData,
) => { ok: true; data: ExperimentData } | { ok: false; fields: Record<string, string> };

/**
 * A live check of the trial being typed, rendered inside the experiment form (its react-hook-form
 * context) under the design and the blocks (features/compliance's PlanningChecklist).
 */
export type PlanningChecklistSlot = ComponentType;
