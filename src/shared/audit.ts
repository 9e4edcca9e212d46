/**
 * The audit trail as the API answers it (GET /api/admin/auditoria) and the admin page shows it:
 * who created, changed or deleted which experiment or document, and when.
 */
import { AUDITED_FIELDS, type AuditedField, EXPERIMENT_FIELDS, auditLabel } from './fields/catalogue.js';

export const AUDIT_ACTIONS = {
  'experiment.create': 'Criou o experimento',
  'experiment.import': 'Criou o experimento (importado de relatório)',
  'experiment.update': 'Alterou o experimento',
  'experiment.delete': 'Excluiu o experimento',
  'document.add': 'Anexou um documento',
  'document.delete': 'Excluiu um documento',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The experiment's own fields an update is compared on, named as the catalogue names them. */
export const AUDITED_SCALARS = Object.fromEntries(AUDITED_FIELDS.map((name) => [name, auditLabel(EXPERIMENT_FIELDS[name])])) as Record<
  AuditedField,
  string
>;

/** Every name a change may carry: the fields above, the treatments and the PDF file. */
export const AUDIT_FIELDS: Record<string, string> = {
  ...AUDITED_SCALARS,
  tratamentos: auditLabel(EXPERIMENT_FIELDS.tratamentos),
  arquivo: 'Arquivo',
  origem: 'Origem',
  importado_por: 'Importado por',
  aprovado_por: 'Aprovado por',
};

export interface AuditChange {
  de: unknown;
  para: unknown;
}

export interface AuditEntry {
  id: number;
  at: string;
  user: { id: string | null; name: string };
  action: AuditAction;
  experimentId: number | null;
  label: string;
  changes: Record<string, AuditChange> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}
