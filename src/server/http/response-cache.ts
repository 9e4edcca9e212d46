/**
 * Answers of the dashboard's aggregate endpoints, kept per filter set until the data changes.
 * Aggregates read every experiment matching the filters, so their cost grows with the data; the
 * dashboard is opened many times a day on data that changes a few times. Every successful write
 * (any non-GET request outside /api/auth) empties the cache before its answer is sent, so a
 * client never reads an aggregate older than its own last write. On PostgreSQL other servers
 * write to the same database: `followChanges` gives the cache the database's change counter
 * (db/changes.ts, bumped at the commit of every such write), read before each cached answer; a
 * higher number empties the cache, so an answer is never older than the last commit before the
 * request (docs/decisions/008).
 */
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  text: string;
  at: number;
  /** The text gzipped, made on the first request that accepts it and kept with the entry. */
  gzip?: Buffer;
}

export class ResponseCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readChanges: (() => Promise<number>) | undefined;
  private seenChanges = -1;
  private checking: Promise<number> | undefined;
  private nextCheck: Promise<number> | undefined;

  /**
   * @param maxBytes bound on the texts kept (UTF-16 code units ≈ bytes of JSON); one answer may
   * take a third of it. At 100,000 experiments the correlation dataset is ~24 MB and the map ~6 MB.
   */
  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = 96 * 1024 * 1024,
  ) {}

  /** Compares the database's change counter before every cached answer (other servers' writes). */
  followChanges(read: () => Promise<number>): void {
    this.readChanges = read;
  }

  /**
   * The counter as read by a query that started after this call: the one under way when none is,
   * else the next one, shared by every request that arrived meanwhile (at most one query in
   * flight per server however many requests, and never a read older than the request).
   */
  private changes(read: () => Promise<number>): Promise<number> {
    if (!this.checking) {
      this.checking = read().finally(() => (this.checking = undefined));
      return this.checking;
    }
    this.nextCheck ??= this.checking
      .catch(() => undefined)
      .then(() => {
        this.nextCheck = undefined;
        return this.changes(read);
      });
    return this.nextCheck;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.text.length;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeInBytes(): number {
    return this.bytes;
  }

  /** The cached text for `key`, or computes it; a result computed across a write is not kept. */
  async text(key: string, compute: () => Promise<string>): Promise<string> {
    return (await this.entry(key, compute)).text;
  }

  /**
   * Sends the JSON text cached under `key`, gzipped once and kept so when the client accepts it:
   * at 100,000 experiments the map is ~4 MB of JSON, and compressing it again for every view
   * would cost more than reading it.
   */
  async sendJson(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<string>): Promise<FastifyReply> {
    const entry = await this.entry(key, compute);
    reply.type('application/json; charset=utf-8');
    if (entry.text.length < GZIP_MIN || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(entry.text);
    entry.gzip ??= gzipSync(entry.text, { level: 6 });
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(entry.gzip);
  }

  private async entry(key: string, compute: () => Promise<string>): Promise<Entry> {
    if (this.readChanges) {
      const changes = await this.changes(this.readChanges);
      // A lower number is a read that started before another request's: already acted upon.
      if (changes > this.seenChanges) {
        if (this.seenChanges !== -1) this.invalidate();
        this.seenChanges = changes;
      }
    }
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) {
      // Re-inserted: the Map's order is the least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    if (hit) this.remove(key);
    const generation = this.generation;
    const text = await compute();
    const entry: Entry = { text, at: this.now() };
    if (generation === this.generation && text.length <= this.maxBytes / 3) {
      this.remove(key);
      this.entries.set(key, entry);
      this.bytes += text.length;
      while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.remove(oldest);
      }
    }
    return entry;
  }

  /** Empties the cache when a request that may have changed data succeeds, before it answers. */
  install(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
      if (!reads && reply.statusCode < 400 && !request.url.startsWith('/api/auth/')) this.invalidate();
      return payload;
    });
  }
}

/** Below this, compression is left to the compression plugin (or not worth it). */
const GZIP_MIN = 2048;

/** A key that does not depend on the order of the query parameters. */
export function cacheKey(route: string, params: object): string {
  const entries = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route}?${JSON.stringify(entries)}`;
}
