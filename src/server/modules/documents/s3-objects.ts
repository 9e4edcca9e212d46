/**
 * The object store on any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
 * Wasabi, DigitalOcean Spaces…), for servers that share no filesystem (docs/deploy.md,
 * "Documents"). Loaded only when DOCUMENTS_S3_BUCKET is set (openObjectStore in objects.ts).
 *
 * An S3 PUT is atomic: a reader sees the whole object or none, and a write cut short (a killed
 * server) leaves nothing. Each PUT carries the SHA-256 of its bytes, which is also the object's
 * name: the service refuses a body that does not match it, so no object holds other bytes than
 * its key says. Writing an object again makes it young again, which the collector relies on.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  ObjectStoreUnavailableError,
  type ObjectStore,
  type S3Settings,
  type StoredObject,
  checkObjectKey,
  isObjectKey,
} from './object-store.js';

/** A missing object (GET/HEAD answer 404 without a body for HEAD). */
function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
}

export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where the API requires them, plus the SHA-256 each PUT names itself:
      // the SDK's default CRC trailers are not understood by every S3-compatible service.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private keyOf(key: string): string {
    return `${this.settings.prefix}${checkObjectKey(key)}`;
  }

  /** Every call to the service: one that cannot be reached (or answers 5xx) is "unavailable", not a bug. */
  private async send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isNotFound(err)) throw err;
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === undefined || status >= 500) throw new ObjectStoreUnavailableError(this.describe(), err);
      throw err;
    }
  }

  private describe(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}${this.settings.endpoint ? ` em ${this.settings.endpoint}` : ''}`;
  }

  /** Refuses to start on a bucket that does not exist or these credentials cannot use. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      const why =
        status === 404
          ? 'o bucket não existe'
          : status === 403 || status === 401
            ? 'as credenciais não dão acesso a ele'
            : `o serviço não respondeu (${err instanceof Error ? err.message : String(err)})`;
      throw new ObjectStoreUnavailableError(`${this.describe()}: ${why}`, err);
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const Key = this.keyOf(key);
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/pdf',
          ChecksumSHA256: Buffer.from(key, 'hex').toString('base64'),
        }),
      ),
    );
  }

  async *chunks(key: string, chunk: number): AsyncIterable<Buffer> {
    const Key = this.keyOf(key);
    const answer = await this.send(() => this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })));
    // In Node the body is the response's stream: read as it arrives, cut to `chunk` at most.
    const body = answer.Body as AsyncIterable<Uint8Array> | undefined;
    if (!body) throw new Error(`objeto ${key} sem conteúdo`);
    for await (const piece of body) {
      const buffer = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      for (let at = 0; at < buffer.length; at += chunk) yield buffer.subarray(at, at + chunk);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.keyOf(key);
    await this.send(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key })));
  }

  async modifiedAt(key: string): Promise<Date | null> {
    const Key = this.keyOf(key);
    try {
      const head = await this.send(() => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key })));
      return head.LastModified ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.send(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }),
        ),
      );
      for (const item of page.Contents ?? []) {
        const key = item.Key?.slice(this.settings.prefix.length);
        if (key && isObjectKey(key) && item.LastModified) yield { key, modifiedAt: item.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
