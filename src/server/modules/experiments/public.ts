/** What other modules, the app and scripts may use of experiments; its other files are its own (eslint.config.js). */
export { ExperimentService, type ImportedFrom } from './service.js';
export { canModify } from './permissions.js';
export {
  type ListCursor,
  decodeCursor,
  getExperimentHead,
  getExperiments,
  pageExperiments,
  listExperimentsText,
  produtosBusca,
  currentYear,
} from './repository.js';
/* What the meta-analysis across trials reads: the trials holding a product, and each trial's analysis input. */
export { anyExperimentHoldsProduct, experimentsHoldingProduct } from './repository.js';
export { analysisInput } from './trial-summary.js';
export { colunasDoCroqui, getLayouts } from './field-plan.js';
export { variableAnalysis } from './assessment-analysis.js';
export { storeTreatmentsJson } from './presenter.js';
export { insertExperiments, reserveExperimentIds } from './repository.js';
export { insertRows } from './bulk-insert.js';
/* Query pieces the dashboard builds its aggregates from: the same filters and rollups as the list. */
export { countWhere, filterConditions, likeContains } from './repository.js';
export { computedRollup, countExperiments, mean, num, rollupRows } from './aggregates.js';
