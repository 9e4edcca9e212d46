/**
 * The audit trail as the API answers it (GET /api/admin/auditoria) and the admin page shows it:
 * who changed which experiment, document, account, reference list or import, and when.
 */
import {
  AUDITED_FIELDS,
  type AuditedField,
  ANALYSIS_FIELDS,
  EXPERIMENT_FIELDS,
  PRODUCT_FIELDS,
  TREATMENT_FIELDS,
  auditLabel,
} from './fields/catalogue.js';

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
  avaliacoes: auditLabel(EXPERIMENT_FIELDS.avaliacoes),
  aplicacoes: auditLabel(EXPERIMENT_FIELDS.aplicacoes),
  parcela: auditLabel(EXPERIMENT_FIELDS.parcela),
  croqui: 'Croqui',
  coleta: 'Coleta em campo',
  arquivo: 'Arquivo',
  origem: 'Origem',
  importado_por: 'Importado por',
  aprovado_por: 'Aprovado por',
};

export interface AuditChange {
  de: unknown;
  para: unknown;
  /** For `tratamentos`: which treatment's which field changed, from what to what. */
  detalhes?: TreatmentChange[];
}

/**
 * One changed field of one treatment ("Tratamentos: alterados (4 → 4)" said nothing).
 * `campo` is the field's name as the form shows it ("Produtividade", "Produto Fertilizante X · Dose");
 * `campo` "Tratamento" with `de` null is a treatment added, with `para` null one removed.
 */
export interface TreatmentChange {
  /** The treatment's position, from 1. */
  n: number;
  /** Its name (after the change; before it when removed). */
  tratamento: string;
  campo: string;
  de: unknown;
  para: unknown;
}

const TREATMENT_SCALARS = ['nome', 'modalidade', 'papel', 'produtividade', 'custo', 'nivel_a', 'nivel_b', 'dose'] as const;
type Row = Record<string, unknown>;
const asRow = (v: unknown): Row => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row) : {});
const asRows = (v: unknown): Row[] => (Array.isArray(v) ? v.map(asRow) : []);
const blank = (v: unknown) => (v === undefined || v === '' ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(blank(a)) === JSON.stringify(blank(b));
const nameOf = (r: Row) => (typeof r.nome === 'string' ? r.nome : '');

/** Pairs two lists by position and calls `each` with both sides (one missing when added or removed). */
function pairs(de: Row[], para: Row[], each: (before: Row | undefined, after: Row | undefined, i: number) => void) {
  for (let i = 0; i < Math.max(de.length, para.length); i++) each(de[i], para[i], i);
}

/**
 * The changes between two lists of treatments, field by field: the treatment's own fields, each
 * applied product (name, dose, unit, cost), each additional analysis (name, value, unit) and the
 * plot yields. Treatments, products and analyses are paired by position. Null when either side is
 * not a list (an entry of another shape).
 */
export function treatmentChanges(before: unknown, after: unknown): TreatmentChange[] | null {
  if (!Array.isArray(before) || !Array.isArray(after)) return null;
  const out: TreatmentChange[] = [];
  pairs(asRows(before), asRows(after), (de, para, i) => {
    const n = i + 1;
    if (!de || !para) {
      const t = (para ?? de)!;
      out.push({ n, tratamento: nameOf(t), campo: 'Tratamento', de: de ? nameOf(de) : null, para: para ? nameOf(para) : null });
      return;
    }
    const tratamento = nameOf(para) || nameOf(de);
    const push = (campo: string, a: unknown, b: unknown) => {
      if (!same(a, b)) out.push({ n, tratamento, campo, de: blank(a) ?? null, para: blank(b) ?? null });
    };
    for (const key of TREATMENT_SCALARS) push(TREATMENT_FIELDS[key].label, de[key], para[key]);
    pairs(asRows(de.produtos_aplicados), asRows(para.produtos_aplicados), (a, b) => {
      if (!a || !b) return push(PRODUCT_FIELDS.nome.label, a ? nameOf(a) : null, b ? nameOf(b) : null);
      push(PRODUCT_FIELDS.nome.label, a.nome, b.nome);
      const label = `${PRODUCT_FIELDS.nome.label} ${nameOf(b)}`;
      for (const key of ['dose', 'unidade', 'custo'] as const) push(`${label} · ${PRODUCT_FIELDS[key].label}`, a[key], b[key]);
    });
    pairs(asRows(de.analises_adicionais), asRows(para.analises_adicionais), (a, b) => {
      if (!a || !b) return push(ANALYSIS_FIELDS.nome.label, a ? nameOf(a) : null, b ? nameOf(b) : null);
      push(ANALYSIS_FIELDS.nome.label, a.nome, b.nome);
      const label = `${ANALYSIS_FIELDS.nome.label} ${nameOf(b)}`;
      for (const key of ['valor', 'unidade'] as const) push(`${label} · ${ANALYSIS_FIELDS[key].label}`, a[key], b[key]);
    });
    const ra = Array.isArray(de.repeticoes) ? (de.repeticoes as unknown[]) : null;
    const rb = Array.isArray(para.repeticoes) ? (para.repeticoes as unknown[]) : null;
    if (ra && rb && ra.length === rb.length) ra.forEach((v, k) => push(`${TREATMENT_FIELDS.repeticoes.label} · bloco ${k + 1}`, v, rb[k]));
    else push(TREATMENT_FIELDS.repeticoes.label, ra, rb);
    // Plot values of the assessments, by key and block ("severidade-2 · bloco 3").
    const oa = (de.observacoes ?? {}) as Record<string, unknown[]>;
    const ob = (para.observacoes ?? {}) as Record<string, unknown[]>;
    for (const chave of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
      const va = oa[chave] ?? [];
      const vb = ob[chave] ?? [];
      for (let k = 0; k < Math.max(va.length, vb.length); k++) {
        push(`${TREATMENT_FIELDS.observacoes.label} · ${chave} · bloco ${k + 1}`, va[k] ?? null, vb[k] ?? null);
      }
    }
  });
  return out;
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
