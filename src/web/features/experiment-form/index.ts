/** The experiment form's door: app/ imports only from here (eslint.config.js, "Web zones"). */
export { ExperimentWizard } from './components/wizard.js';
export { ExperimentDraftForm } from './components/draft-form.js';
export { experimentFromReport } from './report-to-experiment.js';
