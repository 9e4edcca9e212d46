/**
 * Marker clustering for the dashboard map, on projected pixel positions at one zoom level. Pure:
 * no React, no Leaflet. Greedy and grid-indexed, in one pass: each point joins the first cluster
 * whose seed (its first point) lies within `radius` pixels, looked up in the 3 × 3 grid cells
 * around it, or seeds a new one. Seeds of one cell are at least `radius` apart, so a cell holds a
 * handful and the pass stays linear (100,000 points in a few milliseconds). Deterministic: the
 * result depends only on the points' order.
 */

export interface Clusters {
  /** Number of clusters. */
  size: number;
  /** Drawn position of each cluster: the mean of its members' positions. */
  x: Float64Array;
  y: Float64Array;
  /** Points in each cluster. */
  count: Int32Array;
  /** The cluster of each point. */
  of: Int32Array;
  /** Members of cluster c: `members[start[c] … start[c + 1] − 1]`, in the points' order. */
  start: Int32Array;
  members: Int32Array;
}

/** Grid cells are keyed as one number: 2^26 cells per axis covers zoom 18 at a 4 px radius. */
const AXIS = 2 ** 26;

/**
 * Clusters of the points, then clusters of the clusters while two drawn circles still lie closer
 * than `radius` (a greedy pass compares seeds, but draws means, and two means can drift together).
 */
export function clusterPoints(px: ArrayLike<number>, py: ArrayLike<number>, radius: number, weight?: ArrayLike<number>): Clusters {
  let clusters = greedy(px, py, radius, weight);
  for (let pass = 0; pass < 4; pass++) {
    const merged = greedy(clusters.x, clusters.y, radius, clusterWeights(clusters, weight));
    if (merged.size === clusters.size) break;
    clusters = compose(clusters, merged);
  }
  return clusters;
}

/**
 * What each cluster stands for: its members' weights added up (a point sent for a group of
 * experiments weighs their number), or its member count when the points weigh 1 each.
 */
export function clusterWeights(clusters: Clusters, weight?: ArrayLike<number>): ArrayLike<number> {
  if (!weight) return clusters.count;
  const out = new Float64Array(clusters.size);
  for (let i = 0; i < clusters.of.length; i++) out[clusters.of[i]!] = out[clusters.of[i]!]! + weight[i]!;
  return out;
}

/** Points → clusters (`inner`), clusters → groups (`outer`): points → groups. */
function compose(inner: Clusters, outer: Clusters): Clusters {
  const n = inner.of.length;
  const of = new Int32Array(n);
  for (let i = 0; i < n; i++) of[i] = outer.of[inner.of[i]!]!;
  return finish(
    of,
    outer.size,
    (c) => outer.x[c]!,
    (c) => outer.y[c]!,
  );
}

/** The clusters' counts, member lists and (given) positions from each point's cluster. */
function finish(of: Int32Array, size: number, x: (c: number) => number, y: (c: number) => number): Clusters {
  const n = of.length;
  const out: Clusters = {
    size,
    x: new Float64Array(size),
    y: new Float64Array(size),
    count: new Int32Array(size),
    of,
    start: new Int32Array(size + 1),
    members: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) out.count[of[i]!] = out.count[of[i]!]! + 1;
  for (let c = 0; c < size; c++) {
    out.x[c] = x(c);
    out.y[c] = y(c);
    out.start[c + 1] = out.start[c]! + out.count[c]!;
  }
  const fill = out.start.slice(0, size);
  for (let i = 0; i < n; i++) {
    const c = of[i]!;
    out.members[fill[c]!] = i;
    fill[c] = fill[c]! + 1;
  }
  return out;
}

/** One greedy pass; `weight` (default 1 each) weighs the positions' means. */
function greedy(px: ArrayLike<number>, py: ArrayLike<number>, radius: number, weight?: ArrayLike<number>): Clusters {
  const n = px.length;
  const of = new Int32Array(n);
  const seedX: number[] = [];
  const seedY: number[] = [];
  const sumX: number[] = [];
  const sumY: number[] = [];
  const counts: number[] = [];
  const cells = new Map<number, number[]>();
  const r2 = radius * radius;

  for (let i = 0; i < n; i++) {
    const x = px[i]!;
    const y = py[i]!;
    const cx = Math.floor(x / radius);
    const cy = Math.floor(y / radius);
    let found = -1;
    for (let gx = cx - 1; gx <= cx + 1 && found < 0; gx++) {
      for (let gy = cy - 1; gy <= cy + 1 && found < 0; gy++) {
        const cell = cells.get(gx * AXIS + gy);
        if (!cell) continue;
        for (const c of cell) {
          const dx = seedX[c]! - x;
          const dy = seedY[c]! - y;
          if (dx * dx + dy * dy <= r2) {
            found = c;
            break;
          }
        }
      }
    }
    if (found < 0) {
      found = counts.length;
      seedX.push(x);
      seedY.push(y);
      sumX.push(0);
      sumY.push(0);
      counts.push(0);
      const key = cx * AXIS + cy;
      const cell = cells.get(key);
      if (cell) cell.push(found);
      else cells.set(key, [found]);
    }
    of[i] = found;
    const w = weight ? weight[i]! : 1;
    sumX[found] = sumX[found]! + x * w;
    sumY[found] = sumY[found]! + y * w;
    counts[found] = counts[found]! + w;
  }
  return finish(
    of,
    counts.length,
    (c) => sumX[c]! / counts[c]!,
    (c) => sumY[c]! / counts[c]!,
  );
}

/** The members of cluster `c`. */
export function clusterMembers(clusters: Clusters, c: number): Int32Array {
  return clusters.members.subarray(clusters.start[c]!, clusters.start[c + 1]!);
}
