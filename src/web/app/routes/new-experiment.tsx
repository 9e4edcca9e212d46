import { ExperimentWizard } from '../../features/experiment-form/components/wizard.js';

export function NewExperimentPage() {
  return <ExperimentWizard />;
}
