import { ExperimentWizard } from '../../features/experiment-form/index.js';
import { PdfExtractor } from '../../features/extraction/index.js';

/** Composition: the wizard offers the PDF extractor to fill the form. */
export function NewExperimentPage() {
  return <ExperimentWizard extractor={PdfExtractor} />;
}
