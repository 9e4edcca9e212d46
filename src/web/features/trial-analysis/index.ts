/** The trial analysis's door: app/ imports only from here and hands AnalysisView to other features as a slot. */
export { AnalysisView } from './analysis-view.js';
export { JointAnalysisView } from './joint-analysis-view.js';
export { TrialSummary } from './trial-summary.js';
