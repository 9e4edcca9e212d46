/**
 * The audit trail as the API answers it (GET /api/admin/auditoria) and the admin page shows it:
 * who changed which experiment, document, account, reference list or import, and when.
 */
import { AUDITED_FIELDS, type AuditedField, EXPERIMENT_FIELDS, auditLabel } from './fields/catalogue.js';

/** What an entry is about; the admin filters by it (`?tipo=`). */
export const AUDIT_KINDS = {
  experimento: 'Experimentos',
  documento: 'Documentos',
  conta: 'Contas e perfis',
  referencia: 'Dados de referência',
  importacao: 'Importação',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]];

export const AUDIT_ACTIONS = {
  'experiment.create': 'Criou o experimento',
  'experiment.import': 'Criou o experimento (importado de relatório)',
  'experiment.update': 'Alterou o experimento',
  'experiment.delete': 'Excluiu o experimento',
  'document.add': 'Anexou um documento',
  'document.delete': 'Excluiu um documento',
  'account.create': 'Criou a conta',
  'account.role': 'Alterou o perfil de acesso',
  'account.profile': 'Alterou os dados da conta',
  'account.email': 'Alterou o email da conta',
  'account.password': 'Alterou a senha',
  'account.password_reset': 'Redefiniu a senha pelo link do email',
  'account.logout': 'Encerrou as sessões em todos os dispositivos',
  'reference.create': 'Cadastrou um dado de referência',
  'reference.update': 'Alterou um dado de referência',
  'reference.delete': 'Excluiu um dado de referência',
  'import.upload': 'Enviou relatórios para importação',
  'import.discard': 'Descartou um rascunho importado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * The kind of each action. Approving a draft creates the experiment (`experiment.import`) and is
 * the end of an import: it is listed with the imports, where its upload and discards are.
 */
export const AUDIT_ACTION_KIND: Record<AuditAction, AuditKind> = {
  'experiment.create': 'experimento',
  'experiment.import': 'importacao',
  'experiment.update': 'experimento',
  'experiment.delete': 'experimento',
  'document.add': 'documento',
  'document.delete': 'documento',
  'account.create': 'conta',
  'account.role': 'conta',
  'account.profile': 'conta',
  'account.email': 'conta',
  'account.password': 'conta',
  'account.password_reset': 'conta',
  'account.logout': 'conta',
  'reference.create': 'referencia',
  'reference.update': 'referencia',
  'reference.delete': 'referencia',
  'import.upload': 'importacao',
  'import.discard': 'importacao',
};

/** The reference lists an admin changes, as an entry's label names them. */
export const REFERENCE_LISTS = {
  marca: 'Marca',
  cultura: 'Cultura',
  produto: 'Produto',
  regional: 'Regional',
} as const;
export type ReferenceList = keyof typeof REFERENCE_LISTS;

/** The experiment's own fields an update is compared on, named as the catalogue names them. */
export const AUDITED_SCALARS = Object.fromEntries(AUDITED_FIELDS.map((name) => [name, auditLabel(EXPERIMENT_FIELDS[name])])) as Record<
  AuditedField,
  string
>;

/**
 * Every name a change may carry: the fields above, the treatments and the PDF file; an import's
 * origin; an account's fields; a reference item's; an upload's counts.
 */
export const AUDIT_FIELDS: Record<string, string> = {
  nome: 'Nome',
  email: 'Email',
  empresa: 'Empresa',
  perfil: 'Perfil',
  sigla: 'Sigla',
  experimentos: 'Experimentos atualizados',
  produtos: 'Produtos da marca excluídos',
  aceitos: 'Arquivos aceitos',
  recusados: 'Arquivos recusados',
  rascunho: 'Rascunho',
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
  /** Who did it (null id: the account was deleted since; the name is as it was). */
  user: { id: string | null; name: string };
  action: AuditAction;
  kind: AuditKind;
  experimentId: number | null;
  /** The account an account entry is about (null for the others, or when it was deleted since). */
  targetUserId: string | null;
  /** What the entry is about, as a reader recognises it, at the time: an experiment, an account, a list item, a draft. */
  label: string;
  changes: Record<string, AuditChange> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}
