/** Reads and writes of import batches and drafts (the queue's own updates are in worker.ts). */
import { type SQL, sql } from 'drizzle-orm';
import type { ExtractedData, ExtractionEvidence } from '../../../shared/extraction.js';
import type { ImportDraft, ImportStatus } from '../../../shared/imports.js';
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

export function contentValue(kind: DatabaseKind, content: Buffer): SQL {
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
export function visibleTo(user: AuthUser, ownerColumn: SQL): SQL {
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
