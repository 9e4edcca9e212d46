/** Compliance with MAPA's rules (issue 34): the feature's door; app/ imports only from here. */
export { ConformityBadge, ConformityChecklist, statusGeral } from './components/conformity-checklist.js';
export { PlanningChecklist, ensaioDoFormulario } from './components/planning-checklist.js';
export { TechnicalReportButton, TrialCompliance } from './components/trial-compliance.js';
export { baixarRelatorioTecnico, useConformidade } from './api/queries.js';
