import { describe, expect, it } from 'vitest';
import { clusterMembers, clusterPoints, clusterWeights } from './map-clusters.js';

const cluster = (pts: [number, number][], radius = 40) =>
  clusterPoints(
    pts.map((p) => p[0]),
    pts.map((p) => p[1]),
    radius,
  );

/** Points along the x axis, at these x. */
const onXAxis = (...xs: number[]): [number, number][] => xs.map((x) => [x, 0]);

function minDistance(c: { size: number; x: Float64Array; y: Float64Array }): number {
  let min = Infinity;
  for (let a = 0; a < c.size; a++)
    for (let b = a + 1; b < c.size; b++) min = Math.min(min, Math.hypot(c.x[a]! - c.x[b]!, c.y[a]! - c.y[b]!));
  return min;
}

describe('clusterPoints', () => {
  it('joins points within the radius and keeps distant ones apart, at the mean of their members', () => {
    const c = cluster([
      [0, 0],
      [10, 0],
      [500, 500],
      [0, 20],
    ]);
    expect(c.size).toBe(2);
    expect([...c.count]).toEqual([3, 1]);
    expect([...c.of]).toEqual([0, 0, 1, 0]);
    expect(c.x[0]).toBeCloseTo(10 / 3);
    expect(c.y[0]).toBeCloseTo(20 / 3);
    expect([...clusterMembers(c, 0)]).toEqual([0, 1, 3]);
    expect([...clusterMembers(c, 1)]).toEqual([2]);
  });

  it('finds a neighbour across a grid cell border', () => {
    expect(
      cluster([
        [39, 39],
        [41, 41],
      ]).size,
    ).toBe(1);
  });

  it('merges clusters whose drawn centres end up closer than the radius', () => {
    // Greedy seeds at 0 and 45 (> 40 apart); their means drift to ~10 and ~40, which would overlap.
    const c = cluster(onXAxis(0, 30, 30, 45, 45, 45));
    expect(c.size).toBe(1);
    expect(c.count[0]).toBe(6);
    expect(minDistance(c)).toBeGreaterThan(40);
  });

  it('leaves no two drawn clusters closer than the radius, and loses no point, on 20,000 random points', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2000;
    const pts = Array.from({ length: 20_000 }, (): [number, number] => [rand(), rand()]);
    const c = cluster(pts, 44);
    expect(c.count.reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(c.members.length).toBe(20_000);
    // Each cluster is drawn at the mean of its members, as on the small inputs.
    for (let k = 0; k < c.size; k++) {
      const members = [...clusterMembers(c, k)];
      expect(c.x[k]).toBeCloseTo(members.reduce((sum, i) => sum + pts[i]![0], 0) / members.length, 6);
      expect(c.y[k]).toBeCloseTo(members.reduce((sum, i) => sum + pts[i]![1], 0) / members.length, 6);
    }
    expect(minDistance(c)).toBeGreaterThan(44 * 0.999);
  });

  it('is empty for no points', () => {
    expect(cluster([]).size).toBe(0);
  });

  it('weighs points that stand for groups: a cluster counts their experiments and sits at their weighted mean', () => {
    const weight = [3, 1, 100];
    const c = clusterPoints([0, 30, 500], [0, 0, 0], 40, weight);
    expect(c.size).toBe(2);
    expect([...c.count]).toEqual([2, 1]);
    expect(Array.from(clusterWeights(c, weight))).toEqual([4, 100]);
    expect(c.x[0]).toBeCloseTo(30 / 4);
    // Without weights, a cluster stands for its members.
    const plain = clusterPoints([0, 30], [0, 0], 40);
    expect(Array.from(clusterWeights(plain))).toEqual([2]);
  });
});
