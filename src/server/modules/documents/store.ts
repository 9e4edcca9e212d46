/**
 * Where PDF bytes live: in the database (bytea, written in the caller's transaction, so an
 * experiment and its PDF are stored together or not at all), or, from a stated size on, in an
 * object store (objects.ts) under their SHA-256, written and synced before the row that references
 * them; an object whose transaction rolled back is an orphan that collectOrphans() removes.
 */
import { createHash } from 'node:crypto';
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { DocumentInfo } from '../../../shared/experiment.js';
import { type DatabaseKind, type Db, type Tx, queryRows } from '../../db/client.js';
import type { ObjectStore } from './object-store.js';
import { documents, experiments } from '../../db/schema.js';

type DocumentMeta = Omit<typeof documents.$inferSelect, 'content'>;

export interface NewDocument {
  experimentId: number;
  filename: string;
  content: Buffer;
  uploadedBy: string | null;
}

export interface DocumentStore {
  /** Stores a PDF as the experiment's current document (inside the caller's transaction). */
  put(tx: Tx | Db, doc: NewDocument): Promise<DocumentMeta>;
  /** The bytes of a stored PDF, in pieces (memory stays flat whatever the size). */
  chunks(db: Db, doc: Pick<DocumentMeta, 'id' | 'size' | 'sha256' | 'storage'>): AsyncIterable<Buffer>;
}

/** A download is read 512 KiB at a time: a 10 MB PDF never sits whole (or as hex) in memory. */
export const CHUNK_BYTES = 512 * 1024;

export const documentColumns = {
  id: documents.id,
  experimentId: documents.experimentId,
  filename: documents.filename,
  size: documents.size,
  sha256: documents.sha256,
  storage: documents.storage,
  uploadedBy: documents.uploadedBy,
  createdAt: documents.createdAt,
};

/** Where PDFs of `threshold` bytes or more go; smaller ones stay in their row. */
export interface ObjectPlacement {
  objects: ObjectStore;
  threshold: number;
}

export class DatabaseDocumentStore implements DocumentStore {
  /**
   * PostgreSQL takes and gives bytes as they are (node-postgres sends Buffers as binary). PGlite's
   * own bytea conversion goes byte by byte in JavaScript (3 s for 10 MB), so there the bytes travel
   * as hex text that the engine decodes and encodes (a few milliseconds).
   */
  constructor(
    private readonly kind: DatabaseKind = 'pglite',
    private readonly placement?: ObjectPlacement,
  ) {}

  private contentValue(content: Buffer): SQL {
    return this.kind === 'postgres' ? sql`${content}::bytea` : sql`decode(${content.toString('hex')}, 'hex')`;
  }

  async put(tx: Tx | Db, doc: NewDocument): Promise<DocumentMeta> {
    const sha256 = createHash('sha256').update(doc.content).digest('hex');
    const inObjects = this.placement !== undefined && doc.content.length >= this.placement.threshold;
    // Before the row: once the transaction commits, the bytes it references are already there.
    if (inObjects) await this.placement!.objects.put(sha256, doc.content);
    const [row] = await tx
      .insert(documents)
      .values({
        experimentId: doc.experimentId,
        filename: doc.filename,
        size: doc.content.length,
        sha256,
        content: inObjects ? null : (this.contentValue(doc.content) as unknown as Buffer),
        storage: inObjects ? 'objeto' : 'banco',
        uploadedBy: doc.uploadedBy,
      })
      .returning(documentColumns);
    if (!row) throw new Error('document insert returned no row');
    await tx.update(experiments).set({ pdfFilename: row.filename }).where(eq(experiments.id, doc.experimentId));
    return row;
  }

  async *chunks(db: Db, doc: Pick<DocumentMeta, 'id' | 'size' | 'sha256' | 'storage'>): AsyncIterable<Buffer> {
    const { id, size } = doc;
    if (doc.storage === 'objeto') {
      if (!this.placement) throw new Error(`documento ${id} está no armazenamento de objetos, que não foi configurado`);
      yield* this.placement.objects.chunks(doc.sha256, CHUNK_BYTES);
      return;
    }
    for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
      // substring() of bytea is 1-based.
      const slice = sql`substring(${documents.content} from ${offset + 1} for ${CHUNK_BYTES})`;
      if (this.kind === 'postgres') {
        const [row] = await queryRows<{ bytes: Buffer | null }>(
          db,
          sql`select ${slice} as bytes from ${documents} where ${documents.id} = ${id}`,
        );
        if (!row?.bytes) throw new Error(`documento ${id} sumiu durante o envio`);
        yield row.bytes;
      } else {
        const [row] = await queryRows<{ hex: string | null }>(
          db,
          sql`select encode(${slice}, 'hex') as hex from ${documents} where ${documents.id} = ${id}`,
        );
        if (!row?.hex) throw new Error(`documento ${id} sumiu durante o envio`);
        yield Buffer.from(row.hex, 'hex');
      }
    }
  }
}

/** After a delete, the newest remaining document becomes current (or none). */
export async function refreshCurrentFilename(tx: Tx | Db, experimentId: number): Promise<void> {
  const [newest] = await tx
    .select({ filename: documents.filename })
    .from(documents)
    .where(eq(documents.experimentId, experimentId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  await tx
    .update(experiments)
    .set({ pdfFilename: newest?.filename ?? null })
    .where(eq(experiments.id, experimentId));
}

export function presentDocument(row: DocumentMeta, currentId?: number): DocumentInfo {
  return {
    id: row.id,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    experimentId: row.experimentId,
    createdAt: row.createdAt.toISOString(),
    current: currentId === undefined ? false : row.id === currentId,
  };
}

/** What one collection found. */
export interface CollectResult {
  kept: number;
  removed: number;
  partials: number;
}

/**
 * Removes the objects no document references, once older than `graceMs`: an upload writes its
 * object before its transaction commits, so a younger one may be about to be referenced. Each
 * object is looked at again just before it goes, in case an upload of the same bytes refreshed it.
 */
export async function collectOrphans(db: Db, objects: ObjectStore, graceMs: number): Promise<CollectResult> {
  const before = new Date(Date.now() - graceMs);
  const result: CollectResult = { kept: 0, removed: 0, partials: 0 };
  let batch: string[] = [];
  const settle = async () => {
    const rows = await queryRows<{ sha256: string }>(
      db,
      sql`select distinct ${documents.sha256} as sha256 from ${documents}
          where ${documents.storage} = 'objeto' and ${documents.sha256} = any(${sql.param(batch)}::text[])`,
    );
    const referenced = new Set(rows.map((r) => r.sha256));
    for (const key of batch) {
      const modifiedAt = referenced.has(key) ? null : await objects.modifiedAt(key);
      if (modifiedAt && modifiedAt < before) {
        await objects.delete(key);
        result.removed++;
      } else result.kept++;
    }
    batch = [];
  };
  for await (const object of objects.list()) {
    if (object.modifiedAt >= before) result.kept++;
    else batch.push(object.key);
    if (batch.length >= 500) await settle();
  }
  if (batch.length) await settle();
  result.partials = (await objects.sweepPartials?.(before)) ?? 0;
  return result;
}
