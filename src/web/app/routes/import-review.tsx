import { ExperimentDraftForm, experimentFromReport } from '../../features/experiment-form/index.js';
import { ReviewQueue } from '../../features/imports/index.js';

/** Composition: the import's review queue shows the experiment form (its fields and schema) beside the PDF. */
export function ImportReviewPage() {
  return <ReviewQueue form={ExperimentDraftForm} prepare={experimentFromReport} />;
}
