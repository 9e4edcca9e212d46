/**
 * A report read elsewhere (the dashboard's "Testar Extração com IA") handed to the new-experiment
 * wizard: "Criar experimento com estes dados" leaves the result and its PDF here and
 * opens /novo-experimento, whose wizard takes them once and confirms them as its own "Começar a
 * partir de um relatório PDF" would. Kept in memory for this page only: a PDF is not written to
 * storage, and a reload starts an empty form.
 */
import type { ExtractionResult } from '../../shared/extraction.js';

export interface HandedReport {
  result: ExtractionResult;
  file: File;
}

let handed: HandedReport | null = null;

/** Leaves a report for the wizard (replacing one not taken yet). */
export function handOffReport(report: HandedReport): void {
  handed = report;
}

/** The report left for the wizard, without taking it. */
export const peekHandedReport = (): HandedReport | null => handed;

/** The report left for the wizard, once: a second call answers null. */
export function takeHandedReport(): HandedReport | null {
  const report = handed;
  handed = null;
  return report;
}

/** The wizard's route, where a handed report is taken. */
export const NEW_EXPERIMENT_PATH = '/novo-experimento';
