/**
 * The audit trail as the API answers it (GET /api/admin/auditoria) and the admin page shows it:
 * who created, changed or deleted which experiment or document, and when.
 */
export const AUDIT_ACTIONS = {
  'experiment.create': 'Criou o experimento',
  'experiment.update': 'Alterou o experimento',
  'experiment.delete': 'Excluiu o experimento',
  'document.add': 'Anexou um documento',
  'document.delete': 'Excluiu um documento',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The experiment's own fields an update is compared on, named as the form shows them. */
export const AUDITED_SCALARS = {
  consultoria: 'Consultoria',
  marca: 'Marca',
  bu: 'BU',
  regional: 'Regional',
  cidade: 'Cidade',
  estado: 'Estado',
  latitude: 'Latitude',
  longitude: 'Longitude',
  teor_argila: 'Teor de argila (%)',
  teor_materia_organica: 'Matéria orgânica (%)',
  cultura: 'Cultura',
  cultivar: 'Cultivar',
  ano: 'Ano',
  tipo_estatistica: 'Tipo de estatística',
  custo_protocolo: 'Custo do protocolo (R$)',
  roi: 'ROI',
  preco_saca: 'Preço da saca (R$)',
} as const;

/** Every name a change may carry: the fields above, the treatments and the PDF file. */
export const AUDIT_FIELDS: Record<string, string> = { ...AUDITED_SCALARS, tratamentos: 'Tratamentos', arquivo: 'Arquivo' };

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
