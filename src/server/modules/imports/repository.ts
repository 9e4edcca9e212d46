/** Reads and writes of import batches and drafts (the queue's own updates are in worker.ts). */
import { type SQL, sql } from 'drizzle-orm';
import type { ExtractedData, ExtractionEvidence } from '../../../shared/extraction.js';
import type { ImportBatchSummary, ImportDraft, ImportStatus } from '../../../shared/imports.js';
import { type DatabaseKind, type Db, type Tx, queryRows } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';

/** The bytes of a draft's PDF (hex through PGlite: its own bytea conversion is slow, documents/store.ts). */
export async function readDraftContent(db: Db | Tx, kind: DatabaseKind, id: number): Promise<Buffer | null> {
  if (kind === 'postgres') {
    const [row] = await queryRows<{ content: Buffer | null }>(db, sql`select content from import_drafts where id = ${id}`);
    return row?.content ?? null;
  }
  const [row] = await queryRows<{ hex: string | null }>(db, sql`select encode(content, 'hex') as hex from import_drafts where id = ${id}`);
  return row?.hex ? Buffer.from(row.hex, 'hex') : null;
}

function contentValue(kind: DatabaseKind, content: Buffer): SQL {
  return kind === 'postgres' ? sql`${content}::bytea` : sql`decode(${content.toString('hex')}, 'hex')`;
}

/**
 * An experiment already registered from the same trial: same consultoria, cidade, cultura and
 * ano (case and surrounding spaces aside) and the same treatment names. One query.
 */
export async function findDuplicateExperiment(db: Db | Tx, data: ExtractedData): Promise<number | null> {
  const names = (data.tratamentos ?? []).map((t) => t.nome.trim().toLowerCase()).filter(Boolean);
  if (!data.consultoria || !data.cidade || !data.cultura || data.ano === undefined || names.length === 0) return null;
  const joined = [...names].sort().join('\n');
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select e.id from experiments e
      where lower(trim(e.consultoria)) = ${data.consultoria.trim().toLowerCase()}
        and lower(trim(e.cidade)) = ${data.cidade.trim().toLowerCase()}
        and e.cultura = ${data.cultura} and e.ano = ${data.ano}
        and (select string_agg(lower(trim(t.nome)), E'\\n' order by lower(trim(t.nome)) collate "C")
             from treatments t where t.experiment_id = e.id) = ${joined}
      order by e.id limit 1`,
  );
  return row?.id ?? null;
}

/** Who may see a draft or a batch: its owner, and admins. */
function visibleTo(user: AuthUser, ownerColumn: SQL): SQL {
  return user.role === 'admin' ? sql`true` : sql`${ownerColumn} = ${user.id}`;
}

interface DraftRow {
  id: number;
  batch_id: number;
  filename: string;
  status: ImportStatus;
  confidence: number | null;
  data: ExtractedData | null;
  evidence: ExtractionEvidence | null;
  warnings: string[] | null;
  duplicate_of: number | null;
  dup_label: string | null;
  imported_elsewhere: boolean;
  pdf_kept: boolean;
  reason: string | null;
  experiment_id: number | null;
  created_at: string | Date;
  owner_id: string;
  owner_name: string;
}

const draftSelect = sql`select d.id, d.batch_id, d.filename, d.status, d.confidence, d.data, d.evidence, d.warnings,
    d.duplicate_of, case when e.id is null then null
      else e.cultura || ' ' || e.cultivar || ', ' || e.cidade || '/' || e.estado || ' (' || e.ano || ')' end as dup_label,
    d.imported_elsewhere, d.content is not null as pdf_kept, d.reason, d.experiment_id, d.created_at, d.owner_id, u.name as owner_name
  from import_drafts d
  join users u on u.id = d.owner_id
  left join experiments e on e.id = d.duplicate_of`;

function presentDraft(r: DraftRow): ImportDraft {
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return {
    id: r.id,
    batchId: r.batch_id,
    filename: r.filename,
    status: r.status,
    confidence: r.confidence === null ? null : Number(r.confidence),
    data: parse(r.data),
    evidence: parse(r.evidence),
    warnings: parse(r.warnings) ?? [],
    duplicateOf: r.duplicate_of !== null && r.dup_label !== null ? { experimentId: r.duplicate_of, label: r.dup_label } : null,
    importedElsewhere: r.imported_elsewhere,
    pdfKept: r.pdf_kept,
    reason: r.reason,
    experimentId: r.experiment_id,
    createdAt: new Date(r.created_at).toISOString(),
    owner: { id: r.owner_id, name: r.owner_name },
  };
}

export async function listDrafts(
  db: Db,
  user: AuthUser,
  q: { status?: ImportStatus | undefined; batchId?: number | undefined; limit: number; offset: number },
): Promise<{ drafts: ImportDraft[]; total: number }> {
  const conditions: SQL[] = [visibleTo(user, sql`d.owner_id`)];
  if (q.status) conditions.push(sql`d.status = ${q.status}`);
  if (q.batchId !== undefined) conditions.push(sql`d.batch_id = ${q.batchId}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, [count]] = await Promise.all([
    queryRows<DraftRow>(
      db,
      sql`${draftSelect} where ${where}
        order by d.confidence desc nulls last, d.id
        limit ${sql.raw(String(Math.trunc(q.limit)))} offset ${sql.raw(String(Math.trunc(q.offset)))}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from import_drafts d where ${where}`),
  ]);
  return { drafts: rows.map(presentDraft), total: Number(count?.n ?? 0) };
}

/** One draft the user may see, or null (someone else's draft is "not found", never "forbidden"). */
export async function getDraft(db: Db | Tx, user: AuthUser, id: number): Promise<ImportDraft | null> {
  const [row] = await queryRows<DraftRow>(db, sql`${draftSelect} where d.id = ${id} and ${visibleTo(user, sql`d.owner_id`)}`);
  return row ? presentDraft(row) : null;
}

/** Whether the batch exists and is this person's (only its owner adds files to it). */
export async function ownsBatch(db: Db, ownerId: string, batchId: number): Promise<boolean> {
  const [own] = await queryRows<{ id: number }>(db, sql`select id from import_batches where id = ${batchId} and owner_id = ${ownerId}`);
  return own !== undefined;
}

/** A live draft (neither failed nor discarded) holding a file, preferring the person's own. */
export interface LiveDraftOfFile {
  filename: string;
  batchId: number;
  mine: boolean;
}

/**
 * What already holds each of these files (by SHA-256): a stored document, as its experiment's
 * label, and a live draft. Two queries at once.
 */
export async function findHeldFiles(
  db: Db,
  userId: string,
  hashes: string[],
): Promise<{ documents: Map<string, string>; drafts: Map<string, LiveDraftOfFile> }> {
  const inList = hashes.length
    ? sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      )
    : sql`''`;
  const [docs, drafts] = await Promise.all([
    queryRows<{ sha256: string; label: string }>(
      db,
      sql`select distinct on (d.sha256) d.sha256,
            e.cultura || ' ' || e.cultivar || ', ' || e.cidade || '/' || e.estado || ' (' || e.ano || ')' as label
          from documents d join experiments e on e.id = d.experiment_id
          where d.sha256 in (${inList}) order by d.sha256, d.id`,
    ),
    queryRows<{ sha256: string; filename: string; batch_id: number; mine: boolean }>(
      db,
      sql`select distinct on (sha256) sha256, filename, batch_id, owner_id = ${userId} as mine from import_drafts
          where sha256 in (${inList}) and status not in ('failed', 'discarded')
          order by sha256, owner_id = ${userId} desc, id`,
    ),
  ]);
  return {
    documents: new Map(docs.map((d) => [d.sha256, d.label])),
    drafts: new Map(drafts.map((d) => [d.sha256, { filename: d.filename, batchId: d.batch_id, mine: d.mine }])),
  };
}

/** A new, empty batch of this person's; its id. */
export async function createBatch(tx: Tx, ownerId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, sql`insert into import_batches (owner_id) values (${ownerId}) returning id`);
  if (!row) throw new Error('batch insert returned no row');
  return row.id;
}

/**
 * Locks the batch row until the transaction ends and counts its drafts: two requests filling one
 * batch at once count one after the other.
 */
export async function lockBatchAndCountDrafts(tx: Tx, batchId: number): Promise<number> {
  await tx.execute(sql`select id from import_batches where id = ${batchId} for update`);
  const [c] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from import_drafts where batch_id = ${batchId}`);
  return Number(c?.n ?? 0);
}

/** A queued draft of a received file, its PDF kept in the row; its id. */
export async function insertDraft(
  tx: Tx,
  kind: DatabaseKind,
  draft: { batchId: number; ownerId: string; filename: string; size: number; sha256: string; content: Buffer; importedElsewhere: boolean },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into import_drafts (batch_id, owner_id, filename, size, sha256, content, imported_elsewhere)
        values (${draft.batchId}, ${draft.ownerId}, ${draft.filename}, ${draft.size}, ${draft.sha256}, ${contentValue(kind, draft.content)}, ${draft.importedElsewhere})
        returning id`,
  );
  if (!row) throw new Error('draft insert returned no row');
  return row.id;
}

/** The batches the user may see, newest first (200 at most), with their drafts counted. */
export async function listBatches(db: Db, user: AuthUser): Promise<ImportBatchSummary[]> {
  const rows = await queryRows<{
    id: number;
    created_at: string | Date;
    owner_id: string;
    owner_name: string;
    total: number | string;
    done: number | string;
    failed: number | string;
  }>(
    db,
    sql`select b.id, b.created_at, u.id as owner_id, u.name as owner_name, count(d.id) as total,
          count(*) filter (where d.status in ('ready', 'approved', 'discarded')) as done,
          count(*) filter (where d.status = 'failed') as failed
        from import_batches b
        join users u on u.id = b.owner_id
        join import_drafts d on d.batch_id = b.id
        where ${visibleTo(user, sql`b.owner_id`)}
        group by b.id, u.id
        order by b.id desc
        limit 200`,
  );
  return rows.map((r) => ({
    batchId: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    total: Number(r.total),
    done: Number(r.done),
    failed: Number(r.failed),
    owner: { id: r.owner_id, name: r.owner_name },
  }));
}

/** A draft of a batch as the batch's progress lists it. */
export interface BatchDraftRow {
  id: number;
  filename: string;
  status: ImportStatus;
  reason: string | null;
}

/** The drafts of a batch the user may see, in the order sent; null when the batch is not theirs to see. */
export async function listBatchDrafts(db: Db, user: AuthUser, batchId: number): Promise<BatchDraftRow[] | null> {
  const [batch] = await queryRows<{ id: number }>(
    db,
    sql`select id from import_batches where id = ${batchId} and ${visibleTo(user, sql`owner_id`)}`,
  );
  if (!batch) return null;
  return queryRows<BatchDraftRow>(db, sql`select id, filename, status, reason from import_drafts where batch_id = ${batchId} order by id`);
}

/**
 * Marks a draft approved as the experiment it became, dropping its PDF (the experiment's document
 * holds it now). Only a draft still `ready`: of two approvals at once, the second gets false.
 */
export async function markApproved(tx: Tx, draftId: number, approvedBy: string, experimentId: number): Promise<boolean> {
  const done = await queryRows<{ id: number }>(
    tx,
    sql`update import_drafts
    set status = 'approved', approved_by = ${approvedBy}, experiment_id = ${experimentId}, content = null, updated_at = now()
    where id = ${draftId} and status = 'ready' returning id`,
  );
  return done.length > 0;
}

/**
 * Discards a draft that is neither approved nor discarded yet, dropping its PDF and its lease (a
 * job running elsewhere finds it no longer `processing` and leaves it so); false when there was
 * nothing to discard.
 */
export async function discardDraft(tx: Tx, draftId: number): Promise<boolean> {
  const discarded = await queryRows<{ id: number }>(
    tx,
    sql`update import_drafts
      set status = 'discarded', content = null, locked_until = null, locked_by = null, updated_at = now()
      where id = ${draftId} and status not in ('approved', 'discarded') returning id`,
  );
  return discarded.length > 0;
}
