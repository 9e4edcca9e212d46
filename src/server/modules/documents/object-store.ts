/**
 * What every object store offers (objects.ts: a folder; s3-objects.ts: an S3-compatible bucket),
 * and what they share: the keys (the SHA-256 of the bytes, in hex) and the error of a store that
 * cannot be reached.
 */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export interface ObjectStore {
  /** Writes the bytes under `key` durably (a reader never sees a partial object). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes in pieces of at most `chunk` bytes; throws when there is none. */
  chunks(key: string, chunk: number): AsyncIterable<Buffer>;
  delete(key: string): Promise<void>;
  /** When the object was last written, or null when there is none. */
  modifiedAt(key: string): Promise<Date | null>;
  /** Every object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** Removes partial writes a crash left, older than `before` (a backend whose writes are atomic has none). */
  sweepPartials?(before: Date): Promise<number>;
  /** Lets go of connections (a process that is done with the store). */
  close?(): void;
}

/** ObjectStoreUnavailableError's code: the API answers it with 503 (http/errors.ts). */
export const OBJECT_STORE_UNAVAILABLE = 'EOBJECTSTORE';

/** The store could not be reached (or failed on its side): the request may be tried again. */
export class ObjectStoreUnavailableError extends Error {
  override name = 'ObjectStoreUnavailableError';
  readonly code = OBJECT_STORE_UNAVAILABLE;
  constructor(where: string, cause: unknown) {
    super(`armazenamento de documentos indisponível: ${where}`, { cause });
  }
}

const KEY = /^[0-9a-f]{64}$/;

export const isObjectKey = (key: string): boolean => KEY.test(key);

export function checkObjectKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`chave de objeto inválida: ${key}`);
  return key;
}

export interface S3Settings {
  bucket: string;
  /** Absent: AWS itself (from the region). */
  endpoint?: string | undefined;
  region: string;
  /** Put before each key ("documentos/"), so that the bucket may hold other things. */
  prefix: string;
  /** Absent: the SDK's own chain (AWS_ACCESS_KEY_ID…, a role of the machine). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (most self-hosted services) rather than in the host name. */
  forcePathStyle: boolean;
}
