/**
 * Where PDF bytes live. Today: the database (bytea), written in the caller's transaction so an
 * experiment and its PDF are stored together or not at all. An object-storage implementation
 * would keep the same interface and write the bytes before the row that references them.
 */
import { createHash } from 'node:crypto';
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { DocumentInfo } from '../../../shared/experiment.js';
import { type DatabaseKind, type Db, type Tx, queryRows } from '../../db/client.js';
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
  /** The bytes of a stored PDF of `size` bytes, in pieces (memory stays flat whatever the size). */
  chunks(db: Db, id: number, size: number): AsyncIterable<Buffer>;
}

/** A download is read 512 KiB at a time: a 10 MB PDF never sits whole (or as hex) in memory. */
export const CHUNK_BYTES = 512 * 1024;

export const documentColumns = {
  id: documents.id,
  experimentId: documents.experimentId,
  filename: documents.filename,
  size: documents.size,
  sha256: documents.sha256,
  uploadedBy: documents.uploadedBy,
  createdAt: documents.createdAt,
};

export class DatabaseDocumentStore implements DocumentStore {
  /**
   * PostgreSQL takes and gives bytes as they are (node-postgres sends Buffers as binary). PGlite's
   * own bytea conversion goes byte by byte in JavaScript (3 s for 10 MB), so there the bytes travel
   * as hex text that the engine decodes and encodes (a few milliseconds).
   */
  constructor(private readonly kind: DatabaseKind = 'pglite') {}

  private contentValue(content: Buffer): SQL {
    return this.kind === 'postgres' ? sql`${content}::bytea` : sql`decode(${content.toString('hex')}, 'hex')`;
  }

  async put(tx: Tx | Db, doc: NewDocument): Promise<DocumentMeta> {
    const [row] = await tx
      .insert(documents)
      .values({
        experimentId: doc.experimentId,
        filename: doc.filename,
        size: doc.content.length,
        sha256: createHash('sha256').update(doc.content).digest('hex'),
        content: this.contentValue(doc.content) as unknown as Buffer,
        uploadedBy: doc.uploadedBy,
      })
      .returning(documentColumns);
    if (!row) throw new Error('document insert returned no row');
    await tx.update(experiments).set({ pdfFilename: row.filename }).where(eq(experiments.id, doc.experimentId));
    return row;
  }

  async *chunks(db: Db, id: number, size: number): AsyncIterable<Buffer> {
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
