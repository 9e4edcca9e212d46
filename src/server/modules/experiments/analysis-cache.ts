/**
 * Trial analyses already answered (GET /api/experiments/:id/analise), as the JSON text sent, most
 * recently used last. An analysis is a pure function of the experiment's data and the chosen
 * transformation (and the variable analysed: yield or an assessment), and every save of the data increments the experiment's version and sets its
 * updated_at, so the key `id:version:updated_at:transformacao:variavel` never names two different answers:
 * nothing is ever invalidated, and a server never answers from a stale entry, however many servers
 * share the database and whichever of them wrote last. (updated_at as well as version: a database
 * restored from a backup can reach a version number again with other data, never at the same
 * millisecond.) The size is bounded by the bytes kept; the least recently used entries go first.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = 8 * 1024 * 1024) {}

  /** `variavel`: '' for yield, else the assessment (or AACPD) analysed. */
  static key(id: number, version: number, updatedAt: string, transformacao: string | null, variavel = ''): string {
    return `${id}:${version}:${updatedAt}:${transformacao ?? ''}:${variavel}`;
  }

  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text === undefined) return undefined;
    // Map keeps insertion order: deleting and setting again makes the entry the most recent.
    this.entries.delete(key);
    this.entries.set(key, text);
    return text;
  }

  set(key: string, text: string): void {
    // A JavaScript string of n UTF-16 code units: 2n bytes is the bound that matters for memory.
    const size = 2 * text.length;
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= 2 * old.length;
    }
    this.entries.set(key, text);
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= 2 * v.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
