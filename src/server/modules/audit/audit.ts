/**
 * Writes the audit trail inside the transaction of the change it records, so that a change and
 * its record are stored together or not at all. No secret (password, hash, token) is ever written.
 */
import { type Avaliacao, rotuloAvaliacao } from '../../../shared/assessments.js';
import {
  AUDIT_ACTION_KIND,
  type AuditAction,
  type AuditChange,
  REFERENCE_LISTS,
  type ReferenceList,
  treatmentChanges,
} from '../../../shared/audit.js';
import { custoTratamento, type Experiment, type ExperimentData } from '../../../shared/experiment.js';
import type { Aplicacao } from '../../../shared/field-plan-schema.js';
import { formatNumber, formatIsoDate } from '../../../shared/format.js';
import { AUDITED_FIELDS } from '../../../shared/fields/catalogue.js';
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';

/** How a reader recognises an experiment: crop, cultivar, place and year. */
export function experimentLabel(e: Pick<ExperimentData, 'cultura' | 'cultivar' | 'cidade' | 'estado' | 'ano'>): string {
  return `${e.cultura} ${e.cultivar}, ${e.cidade}/${e.estado} (${e.ano})`;
}

interface TreatmentLike {
  nome: string;
  modalidade: string;
  produtividade: number | null;
  custo?: number | null;
  nivel_a?: string | null;
  nivel_b?: string | null;
  dose?: number | null;
  papel?: string | null;
  produtos_aplicados: Array<{ nome: string; dose?: number | null; unidade?: string | null; custo?: number | null }>;
  analises_adicionais: Array<{ nome: string; valor?: number | null; unidade?: string | null }>;
  repeticoes?: number[] | null;
  observacoes?: Record<string, (number | null)[]>;
}

/** A treatment without its database id, in a stable shape to compare and show. */
function treatmentOf(t: TreatmentLike) {
  return {
    nome: t.nome,
    modalidade: t.modalidade,
    produtividade: t.produtividade,
    // As stored (the repository stores custoTratamento): a form that sends its products' costs and a
    // treatment cost of 0 changed nothing (it read "Custo do tratamento: 72,5 → 0").
    custo: custoTratamento({ custo: t.custo ?? null, produtos_aplicados: t.produtos_aplicados.map((p) => ({ custo: p.custo ?? null })) }),
    nivel_a: t.nivel_a || null,
    nivel_b: t.nivel_b || null,
    dose: t.dose ?? null,
    // Only when declared: the trail's older treatments compare as they always did.
    ...(t.papel ? { papel: t.papel } : {}),
    produtos_aplicados: t.produtos_aplicados.map((p) => ({
      nome: p.nome,
      dose: p.dose ?? null,
      unidade: p.unidade || null,
      custo: p.custo ?? null,
    })),
    analises_adicionais: t.analises_adicionais.map((a) => ({ nome: a.nome, valor: a.valor ?? null, unidade: a.unidade ?? null })),
    repeticoes: t.repeticoes ?? null,
    // Only when rated: the trail's older treatments (and unrated ones) compare as they always did.
    ...(t.observacoes && Object.keys(t.observacoes).length ? { observacoes: t.observacoes } : {}),
  };
}

/** The assessments as the trail names them ("Severidade (%) · 14/01/2026, R5.1 [porcentagem]"), one text. */
const assessmentsText = (list: readonly Avaliacao[]) =>
  list.length ? list.map((a) => `${rotuloAvaliacao(a)} [${a.tipo}${a.alvo ? `, alvo ${a.alvo}` : ''}]`).join('; ') : null;

/** The applications as the trail names them ("10/01/2026 (R1, 150 L/ha)"), one text. */
const applicationsText = (list: readonly Pick<Aplicacao, 'data' | 'estadio' | 'volume_calda_l_ha'>[]) =>
  list.length
    ? list
        .map((a) => {
          const extra = [a.estadio ?? '', a.volume_calda_l_ha === null ? '' : `${formatNumber(a.volume_calda_l_ha, 1)} L/ha`].filter(
            Boolean,
          );
          return `${formatIsoDate(a.data)}${extra.length ? ` (${extra.join(', ')})` : ''}`;
        })
        .join('; ')
    : null;

/** The plot's size as the trail names it ("5 × 3 m"). */
const plotText = (p: { comprimento_m: number; largura_m: number } | null | undefined) =>
  p ? `${formatNumber(p.comprimento_m, 2)} × ${formatNumber(p.largura_m, 2)} m` : null;

/** The fields an update changed, with their values before and after. */
export function experimentChanges(before: Experiment, after: ExperimentData): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const key of AUDITED_FIELDS) {
    const de = before[key] ?? null;
    const para = after[key] ?? null;
    if (de !== para) changes[key] = { de, para };
  }
  const de = before.tratamentos.map(treatmentOf);
  const para = after.tratamentos.map(treatmentOf);
  // Both lists whole (what older entries hold, and what a reader of the raw trail needs), and which
  // treatment's which field changed, so the page says more than "4 → 4".
  if (JSON.stringify(de) !== JSON.stringify(para)) changes.tratamentos = { de, para, detalhes: treatmentChanges(de, para) ?? [] };
  const avaliacoesDe = assessmentsText(before.avaliacoes ?? []);
  const avaliacoesPara = assessmentsText(after.avaliacoes);
  if (avaliacoesDe !== avaliacoesPara) changes.avaliacoes = { de: avaliacoesDe, para: avaliacoesPara };
  const aplicacoesDe = applicationsText(before.aplicacoes ?? []);
  const aplicacoesPara = applicationsText(after.aplicacoes);
  if (aplicacoesDe !== aplicacoesPara) changes.aplicacoes = { de: aplicacoesDe, para: aplicacoesPara };
  const parcelaDe = plotText(before.parcela);
  const parcelaPara = plotText(after.parcela);
  if (parcelaDe !== parcelaPara) changes.parcela = { de: parcelaDe, para: parcelaPara };
  return changes;
}

/** Who did it: the signed-in user, or the account itself when no one is signed in (a reset by e-mail). */
export type AuditActor = Pick<AuthUser, 'id' | 'name'>;

export interface AuditRecord {
  action: AuditAction;
  /** The experiment the entry is about; absent for accounts, reference data and imports before approval. */
  experimentId?: number | null;
  /** The account an account entry is about. */
  targetUserId?: string | null;
  label: string;
  changes?: Record<string, AuditChange> | null;
}

export async function recordAudit(tx: Tx, user: AuditActor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    userId: user.id,
    userName: user.name,
    action: entry.action,
    kind: AUDIT_ACTION_KIND[entry.action],
    experimentId: entry.experimentId ?? null,
    targetUserId: entry.targetUserId ?? null,
    label: entry.label,
    changes: entry.changes ?? null,
  });
}

/** How an account entry names its account: name and address, as they were at the time. */
export function accountLabel(u: { name: string; email: string }): string {
  return `${u.name} <${u.email}>`;
}

/** How a reference entry names its item: "Cultura Soja", "Produto Fertilizante X (Aminoagro)". */
export function referenceLabel(list: ReferenceList, nome: string, detail?: string): string {
  return `${REFERENCE_LISTS[list]} ${nome}${detail ? ` (${detail})` : ''}`;
}

/** How an import entry names its draft: "Rascunho nº 12: relatorio.pdf". */
export function draftLabel(d: { id: number; filename: string }): string {
  return `Rascunho nº ${d.id}: ${d.filename}`;
}
