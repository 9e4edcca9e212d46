import { PlanningChecklist } from '../../features/compliance/index.js';
import { ExperimentWizard } from '../../features/experiment-form/index.js';
import { PdfExtractor } from '../../features/extraction/index.js';

/** Composition: the wizard offers the PDF extractor to fill the form, and checks the trial against IN 53/2013 while it is planned. */
export function NewExperimentPage() {
  return <ExperimentWizard extractor={PdfExtractor} planningChecklist={PlanningChecklist} />;
}
