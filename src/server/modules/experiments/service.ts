/**
 * Experiment writes: reference checks, permission, optimistic concurrency, and the experiment,
 * its nested rows and its PDF written in one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Experiment, ExperimentData } from '../../../shared/experiment.js';
import { EXP_MSG, isConcluido } from '../../../shared/experiment.js';
import type { AuditChange } from '../../../shared/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { applications, assessments, culturas, estados, experiments, layouts, marcas, regionais, treatments } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { UploadedPdf } from '../../http/multipart.js';
import { draftLabel, experimentChanges, experimentLabel, recordAudit } from '../audit/public.js';
import type { DocumentStore } from '../documents/public.js';
import type { StoreAnswer } from './idempotency.js';
import { experimentValues, getExperiment, getExperimentHead, insertNested, nestedJsonValues } from './repository.js';
import { colunasDoCroqui, getLayout } from './field-plan.js';
import { canModify } from './permissions.js';
import { QUADRADO_LATINO } from '../../../shared/field-plan.js';

/** An experiment created by approving an import draft. */
export interface ImportedFrom {
  /** Who imported the report: the experiment's owner. */
  owner: { id: string; name: string };
  /** The approved draft, named in the audit entry. */
  draft: { id: number; filename: string };
  /** Runs inside the creating transaction, after the experiment and its document are written. */
  within(tx: Tx, experimentId: number): Promise<void>;
}

export const STALE_VERSION_MESSAGE =
  'Este experimento foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual antes de salvar.';

/** Brand, regional, state and crop must exist in the reference data: one query for all four. */
async function checkReferences(db: Db, data: ExperimentData): Promise<void> {
  const [row] = await queryRows<{ marca: boolean; regional: boolean; estado: boolean; cultura: boolean }>(
    db,
    sql`select
      exists(select 1 from ${marcas} where ${marcas.nome} = ${data.marca}) as marca,
      exists(select 1 from ${regionais} where ${regionais.nome} = ${data.regional}) as regional,
      exists(select 1 from ${estados} where ${estados.sigla} = ${data.estado}) as estado,
      exists(select 1 from ${culturas} where ${culturas.nome} = ${data.cultura}) as cultura`,
  );
  const fields: Record<string, string> = {};
  if (!row?.marca) fields.marca = 'Marca inválida';
  if (!row?.regional) fields.regional = 'Regional inválida';
  if (!row?.estado) fields.estado = 'Estado inválido';
  if (!row?.cultura) fields.cultura = 'Cultura inválida';
  if (Object.keys(fields).length) throw badRequest(fields);
}

/**
 * A drawn layout that no longer fits the trial (another design, number of blocks or of treatments)
 * is deleted with the change that outdated it: its plot numbers would name the wrong treatments.
 * Returns what was discarded ("semente 123"), or null.
 */
async function discardStaleLayout(tx: Tx, id: number, data: ExperimentData): Promise<string | null> {
  const [layout] = await tx
    .select({ semente: layouts.semente, delineamento: layouts.delineamento, blocos: layouts.blocos, parcelas: layouts.parcelasJson })
    .from(layouts)
    .where(eq(layouts.experimentId, id));
  if (!layout) return null;
  const tratamentos = new Set((JSON.parse(layout.parcelas) as { tratamento: number }[]).map((p) => p.tratamento));
  const fits =
    layout.delineamento === data.tipo_estatistica && layout.blocos === data.blocos && tratamentos.size === data.tratamentos.length;
  if (fits) return null;
  await tx.delete(layouts).where(eq(layouts.experimentId, id));
  return `semente ${layout.semente}`;
}

export class ExperimentService {
  constructor(
    private readonly db: Db,
    private readonly store: DocumentStore,
  ) {}

  /**
   * `imported`: the experiment comes from an import draft. Its owner is the importer
   * (who may not be `user`, an admin approving); the audit entry says so, and `within` runs in the
   * same transaction (it marks the draft approved, or throws to undo everything).
   * `store` (an Idempotency-Key's answer) is written in the experiment's own transaction.
   */
  async create(
    user: AuthUser,
    data: ExperimentData,
    pdf: UploadedPdf | null,
    { imported, store }: { imported?: ImportedFrom; store?: StoreAnswer } = {},
  ): Promise<Experiment> {
    // A planned or running trial has no report yet (docs/product-rules.md#field-plan).
    if (!pdf && isConcluido(data.situacao)) throw badRequest({ pdf: EXP_MSG.pdfRequired }, EXP_MSG.pdfRequired);
    await checkReferences(this.db, data);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(experiments)
        .values({ ...experimentValues(data), ownerId: imported?.owner.id ?? user.id })
        .returning({ id: experiments.id });
      if (!row) throw new Error('experiment insert returned no row');
      await insertNested(tx, row.id, data);
      const changes: Record<string, AuditChange> = {};
      if (pdf) {
        await this.store.put(tx, {
          experimentId: row.id,
          filename: pdf.filename,
          content: pdf.content,
          uploadedBy: imported?.owner.id ?? user.id,
        });
        changes.arquivo = { de: null, para: pdf.filename };
      }
      if (imported) {
        changes.origem = { de: null, para: 'importado de relatório' };
        changes.rascunho = { de: null, para: draftLabel(imported.draft) };
        changes.importado_por = { de: null, para: imported.owner.name };
        changes.aprovado_por = { de: null, para: user.name };
      }
      await recordAudit(tx, user, {
        action: imported ? 'experiment.import' : 'experiment.create',
        experimentId: row.id,
        label: experimentLabel(data),
        changes,
      });
      if (imported) await imported.within(tx, row.id);
      if (store) return this.answer(tx, row.id, store);
      return row.id;
    });
    return typeof id === 'number' ? this.read(id) : id;
  }

  async update(
    user: AuthUser,
    id: number,
    data: ExperimentData & { version: number },
    pdf: UploadedPdf | null,
    store?: StoreAnswer,
  ): Promise<Experiment> {
    const head = await getExperimentHead(this.db, id);
    if (!head) throw notFound('Experimento não encontrado');
    if (!canModify(user, head.ownerId)) throw forbidden();
    if (head.version !== data.version) throw conflict(STALE_VERSION_MESSAGE, { version: STALE_VERSION_MESSAGE });
    await checkReferences(this.db, data);
    const answered = await this.db.transaction(async (tx) => {
      // The version check on the locked row is what makes concurrent saves safe: a second save of
      // the same version waits here until the first commits, then finds the version gone (409).
      const locked = await tx
        .select({ id: experiments.id })
        .from(experiments)
        .where(and(eq(experiments.id, id), eq(experiments.version, data.version)))
        .for('update');
      if (locked.length === 0) throw conflict(STALE_VERSION_MESSAGE, { version: STALE_VERSION_MESSAGE });
      const before = await getExperiment(tx, id);
      // Concluding a trial asks for its report: the one stored, or one sent now.
      if (!pdf && !before?.pdf_filename && isConcluido(data.situacao)) {
        throw badRequest({ pdf: EXP_MSG.pdfRequired }, EXP_MSG.pdfRequired);
      }
      // Plot values go with their treatments and assessments (ON DELETE CASCADE).
      await tx.delete(treatments).where(eq(treatments.experimentId, id));
      await tx.delete(assessments).where(eq(assessments.experimentId, id));
      await tx.delete(applications).where(eq(applications.experimentId, id));
      await insertNested(tx, id, data, { storeJson: false });
      // Before the row's UPDATE: a Latin square's verdict reads the layout that still fits.
      const discarded = await discardStaleLayout(tx, id, data);
      const croqui = data.tipo_estatistica === QUADRADO_LATINO ? await getLayout(tx, id) : null;
      // One UPDATE of the row, its treatments' JSON included: the rollups' trigger runs once.
      await tx
        .update(experiments)
        .set({
          ...experimentValues(data, croqui ? colunasDoCroqui(croqui, data.tratamentos.length) : null),
          ...nestedJsonValues(id),
          version: sql`${experiments.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(experiments.id, id));
      if (pdf) await this.store.put(tx, { experimentId: id, filename: pdf.filename, content: pdf.content, uploadedBy: user.id });
      const changes = before ? experimentChanges(before, data) : {};
      if (discarded) changes.croqui = { de: discarded, para: 'descartado: o delineamento, os blocos ou os tratamentos mudaram' };
      if (pdf) changes.arquivo = { de: before?.pdf_filename ?? null, para: pdf.filename };
      await recordAudit(tx, user, { action: 'experiment.update', experimentId: id, label: experimentLabel(data), changes });
      return store ? this.answer(tx, id, store) : null;
    });
    return answered ?? this.read(id);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const head = await getExperimentHead(this.db, id);
    if (!head) throw notFound('Experimento não encontrado');
    if (!canModify(user, head.ownerId)) throw forbidden();
    await this.db.transaction(async (tx) => {
      const gone = await tx.delete(experiments).where(eq(experiments.id, id)).returning({ id: experiments.id });
      if (gone.length === 0) return;
      await recordAudit(tx, user, { action: 'experiment.delete', experimentId: id, label: experimentLabel(head) });
    });
  }

  /** The experiment as this transaction wrote it, stored as the keyed request's answer before the commit. */
  private async answer(tx: Tx, id: number, store: StoreAnswer): Promise<Experiment> {
    const experiment = await getExperiment(tx, id);
    if (!experiment) throw new AppError(500, 'INTERNAL_ERROR', 'Erro ao buscar experimento');
    await store(tx, { experiment });
    return experiment;
  }

  private async read(id: number): Promise<Experiment> {
    const experiment = await getExperiment(this.db, id);
    if (!experiment) throw new AppError(500, 'INTERNAL_ERROR', 'Erro ao buscar experimento');
    return experiment;
  }
}
