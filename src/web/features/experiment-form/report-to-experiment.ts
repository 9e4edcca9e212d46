/**
 * A report's values validated as the form would validate them, without the form: "Aprovar todos
 * com confiança ≥ 90 %" approves each draft that passes, one by one, and leaves the rest to review.
 */
import { experimentSchema } from '../../../shared/experiment.js';
import type { ExtractedData } from '../../../shared/extraction.js';
import type { ReportToExperiment } from '../../lib/slots.js';
import { applyExtraction } from './apply-extraction.js';
import { newExperimentDefaults } from './form-values.js';

export const experimentFromReport: ReportToExperiment = (data: ExtractedData) => {
  const values = applyExtraction(newExperimentDefaults(), data, {}, newExperimentDefaults());
  const parsed = experimentSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'experimento'] ??= issue.message;
  return { ok: false, fields };
};
