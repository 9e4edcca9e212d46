/** The meta-analysis' door (issue 33): app/ imports only from here. */
export { MetaAnalysisScreen } from './meta-analysis-screen.js';
export { META_FILTER_KEYS, stateFromParams } from './state.js';
