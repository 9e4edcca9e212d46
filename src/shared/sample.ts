/** Shared because both sides thin lists for drawing: the server the soil scatter, the browser the explorer's charts. */

/**
 * An even sample of at most `max` items: the list is cut into `max` equal runs and one item is
 * taken from each, so a capped scatter still covers the whole list. The position inside each run
 * is a fixed pseudo-random offset rather than the run's start, because a plain stride aliases
 * with periodic data (every 5th row from the same state would show only some states). The same
 * input always gives the same sample, so redraws do not flicker. Returns the input when it fits.
 */
export function evenSample<T>(items: readonly T[], max: number): readonly T[] {
  const n = items.length;
  if (n <= max) return items;
  if (max <= 0) return [];
  const out: T[] = [];
  for (let i = 0; i < max; i++) {
    const start = Math.floor((i * n) / max);
    const end = Math.floor(((i + 1) * n) / max);
    const item = items[start + Math.floor(jitter(i) * (end - start))];
    if (item !== undefined) out.push(item);
  }
  return out;
}

/** A deterministic number in [0, 1) for bucket i (a 32-bit integer hash). */
function jitter(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
