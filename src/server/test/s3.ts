/**
 * A local S3-compatible service for tests (s3rver, from npm): the object store's S3 backend is
 * tested against a server that speaks the S3 API over HTTP, as MinIO or AWS would. It keeps its
 * objects in a temporary folder and survives the app servers the tests kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../modules/documents/public.js';

export interface LocalS3 {
  settings: S3Settings;
  /** The same settings as environment variables (config.ts), for a server started as a process. */
  env: Record<string, string>;
  /** Stops answering (the port refuses connections) until start(); the objects stay. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver's fixed account: it takes any signature from it. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3(bucket = 'documentos-teste', prefix = 'pdfs/'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'ga-s3-'));
  const serve = (port: number) => new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    settings: { bucket, endpoint, region: 'us-east-1', prefix, credentials: KEYS, forcePathStyle: true },
    env: {
      DOCUMENTS_S3_BUCKET: bucket,
      DOCUMENTS_S3_ENDPOINT: endpoint,
      DOCUMENTS_S3_PREFIX: prefix,
      DOCUMENTS_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      DOCUMENTS_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    },
    stop,
    async start() {
      server ??= serve(port);
      await server.run();
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
