/**
 * Every experiment as a dot on one canvas. Leaflet's own circle markers cost an object, a path
 * and event wiring each (seconds at 100,000 points); here a point is two numbers in typed arrays,
 * projected once per zoom level, culled to the view, stamped from a pre-drawn sprite of its colour
 * (one huge path would take the rasteriser seconds), drawn once per pixel and colour, and found on
 * click by a scan of the positions last drawn.
 *
 * Up to CLUSTER_MAX_ZOOM, points closer than CLUSTER_RADIUS pixels are drawn as one numbered
 * circle (../map-clusters.ts, computed once per zoom level); a click on it zooms to its members.
 * A cluster of one is drawn as its point.
 */
import { DomUtil, Layer, latLngBounds, point, type LeafletMouseEvent, type Map as LeafletMap } from 'leaflet';
import { project } from '../../../../shared/geo.js';
import { type Clusters, clusterMembers, clusterPoints, clusterWeights } from '../map-clusters.js';

export interface CanvasPoint {
  lat: number;
  lng: number;
  color: string;
  /** Experiments this point stands for (a group the server formed): drawn as a numbered circle above 1. */
  weight?: number;
}

const RADIUS = 12;
const OUTLINE = '#ffffff';
const FILL_OPACITY = 0.8;
/** Clusters are formed at this zoom and below; above it every point is drawn. */
export const CLUSTER_MAX_ZOOM = 12;
/** Points whose distance on screen is below this (px) share a cluster. */
const CLUSTER_RADIUS = 44;
/** The brand's dark green (WCAG AA for its white count). */
const CLUSTER_FILL = '#2d6a3e';
const clusterCount = new Intl.NumberFormat('pt-BR');

/** A cluster's radius on screen: grows with the log of its size, 15–26 px. */
function clusterRadius(count: number): number {
  return Math.min(26, 13 + 4 * Math.log10(count));
}

export class PointsLayer extends Layer {
  private canvas: HTMLCanvasElement | null = null;
  private projectedZoom = Number.NaN;
  private px = new Float64Array(0);
  private py = new Float64Array(0);
  /**
   * Canvas positions of the marks drawn last, in drawing order (last = on top): a point's index,
   * or −(cluster + 1) for a cluster, with its radius.
   */
  private drawn: { index: Int32Array; x: Float32Array; y: Float32Array; r: Float32Array; count: number } = {
    index: new Int32Array(0),
    x: new Float32Array(0),
    y: new Float32Array(0),
    r: new Float32Array(0),
    count: 0,
  };
  /** Clusters per zoom level, computed when that level is first drawn, with what each stands for. */
  private readonly clustersByZoom = new Map<number, Clusters & { total: ArrayLike<number> }>();
  /** Each point's weight, when some point stands for more than one experiment. */
  private readonly weight: Float64Array | undefined;
  /** Distinct colours, and each point's index into them. */
  private readonly colors: string[] = [];
  private readonly colorIndex: Uint8Array;
  private readonly sprites = new Map<string, HTMLCanvasElement>();

  constructor(
    private readonly points: readonly CanvasPoint[],
    private readonly onPick: (index: number) => void,
  ) {
    super();
    this.weight = points.some((p) => (p.weight ?? 1) !== 1) ? Float64Array.from(points, (p) => p.weight ?? 1) : undefined;
    this.colorIndex = new Uint8Array(points.length);
    const known = new Map<string, number>();
    points.forEach((p, i) => {
      let c = known.get(p.color);
      if (c === undefined) {
        c = Math.min(this.colors.length, 63);
        if (c === this.colors.length) this.colors.push(p.color);
        known.set(p.color, c);
      }
      this.colorIndex[i] = c;
    });
  }

  override onAdd(map: LeafletMap): this {
    const canvas = DomUtil.create('canvas', 'leaflet-points-layer');
    canvas.style.position = 'absolute';
    canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(canvas);
    this.canvas = canvas;
    map.on('moveend viewreset resize', this.redraw, this);
    map.on('zoomstart', this.hide, this);
    map.on('click', this.pick, this);
    map.on('mousemove', this.hover, this);
    this.redraw();
    return this;
  }

  override onRemove(map: LeafletMap): this {
    map.off('moveend viewreset resize', this.redraw, this);
    map.off('zoomstart', this.hide, this);
    map.off('click', this.pick, this);
    map.off('mousemove', this.hover, this);
    map.getContainer().style.cursor = '';
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  private hide(): void {
    if (this.canvas) this.canvas.style.visibility = 'hidden';
  }

  /** The clusters at `zoom` (after ensureProjected), or null above CLUSTER_MAX_ZOOM. */
  private clustersAt(zoom: number): (Clusters & { total: ArrayLike<number> }) | null {
    if (zoom > CLUSTER_MAX_ZOOM) return null;
    let c = this.clustersByZoom.get(zoom);
    if (!c) {
      const clusters = clusterPoints(this.px, this.py, CLUSTER_RADIUS, this.weight);
      c = { ...clusters, total: clusterWeights(clusters, this.weight) };
      this.clustersByZoom.set(zoom, c);
    }
    return c;
  }

  /** A numbered circle standing for `members` experiments, at canvas position (x, y). */
  private drawCluster(ctx: CanvasRenderingContext2D, x: number, y: number, members: number): number {
    const r = clusterRadius(members);
    ctx.beginPath();
    ctx.arc(x, y, r + 4, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(45, 106, 62, 0.25)';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = CLUSTER_FILL;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = OUTLINE;
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(clusterCount.format(members), x, y + 0.5);
    return r + 4;
  }

  private ensureProjected(zoom: number): void {
    if (zoom === this.projectedZoom) return;
    const n = this.points.length;
    this.px = new Float64Array(n);
    this.py = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = this.points[i]!;
      const [x, y] = project(p.lat, p.lng, zoom);
      this.px[i] = x;
      this.py[i] = y;
    }
    this.projectedZoom = zoom;
  }

  /** A dot of `color` with its white outline, drawn once at the screen's pixel ratio. */
  private sprite(color: string, ratio: number): HTMLCanvasElement {
    const key = `${color}@${ratio}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      const side = Math.ceil((RADIUS + 2) * 2 * ratio);
      sprite = document.createElement('canvas');
      sprite.width = side;
      sprite.height = side;
      const ctx = sprite.getContext('2d');
      if (ctx) {
        ctx.scale(ratio, ratio);
        ctx.beginPath();
        ctx.arc(RADIUS + 2, RADIUS + 2, RADIUS, 0, Math.PI * 2);
        ctx.globalAlpha = FILL_OPACITY;
        ctx.fillStyle = color;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = OUTLINE;
        ctx.stroke();
      }
      this.sprites.set(key, sprite);
    }
    return sprite;
  }

  private redraw(): void {
    const map = this._map as LeafletMap | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    DomUtil.setPosition(canvas, topLeft);
    canvas.width = Math.round(size.x * ratio);
    canvas.height = Math.round(size.y * ratio);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    canvas.style.visibility = 'visible';
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

    const zoom = map.getZoom();
    this.ensureProjected(zoom);
    const clusters = this.clustersAt(zoom);
    // Canvas position = projected pixel − pixel origin − where the canvas sits in the layer.
    const origin = map.getPixelOrigin();
    const dx = origin.x + topLeft.x;
    const dy = origin.y + topLeft.y;
    const n = this.points.length;
    if (this.drawn.index.length !== n) {
      this.drawn = { index: new Int32Array(n), x: new Float32Array(n), y: new Float32Array(n), r: new Float32Array(n), count: 0 };
    }
    let count = 0;
    let clusterMarks = 0;
    const half = RADIUS + 2;
    // In the points' own order, as markers would stack; a dot of the same colour already on the
    // same pixel is not drawn again (it would look the same).
    const seen = new Set<number>();
    ctx.font = 'bold 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    let groupMarks = 0;
    const drawPoint = (i: number, x: number, y: number) => {
      if (x < -RADIUS || y < -RADIUS || x > size.x + RADIUS || y > size.y + RADIUS) return;
      const weight = this.weight?.[i] ?? 1;
      if (weight > 1) {
        // A group the server formed: its circle and number; a click on it zooms in (onPick).
        this.drawn.index[count] = i;
        this.drawn.x[count] = x;
        this.drawn.y[count] = y;
        this.drawn.r[count] = this.drawCluster(ctx, x, y, weight);
        count++;
        groupMarks++;
        return;
      }
      const color = this.colorIndex[i]!;
      const key = (Math.round(x) * 65_536 + Math.round(y)) * 64 + color;
      if (seen.has(key)) return;
      seen.add(key);
      ctx.drawImage(this.sprite(this.colors[color]!, ratio), x - half, y - half, half * 2, half * 2);
      this.drawn.index[count] = i;
      this.drawn.x[count] = x;
      this.drawn.y[count] = y;
      this.drawn.r[count] = RADIUS;
      count++;
    };
    if (!clusters) {
      for (let i = 0; i < n; i++) drawPoint(i, this.px[i]! - dx, this.py[i]! - dy);
    } else {
      // Single points first, clusters over them.
      for (let c = 0; c < clusters.size; c++) {
        if (clusters.count[c] === 1) {
          const i = clusters.members[clusters.start[c]!]!;
          drawPoint(i, this.px[i]! - dx, this.py[i]! - dy);
        }
      }
      for (let c = 0; c < clusters.size; c++) {
        if (clusters.count[c] === 1) continue;
        const members = clusters.total[c]!;
        const x = clusters.x[c]! - dx;
        const y = clusters.y[c]! - dy;
        const r = clusterRadius(members);
        if (x < -r || y < -r || x > size.x + r || y > size.y + r) continue;
        this.drawn.index[count] = -(c + 1);
        this.drawn.x[count] = x;
        this.drawn.y[count] = y;
        this.drawn.r[count] = this.drawCluster(ctx, x, y, members);
        count++;
        clusterMarks++;
      }
    }
    clusterMarks += groupMarks;
    this.drawn.count = count;
    // What the canvas shows, for tests and tools that cannot read pixels.
    canvas.dataset.clusters = String(clusterMarks);
    canvas.dataset.points = String(count - clusterMarks);
  }

  /** The topmost mark under a container position: a point's index, −(cluster + 1), or null. */
  private hit(x: number, y: number): number | null {
    const { index, x: xs, y: ys, r, count } = this.drawn;
    for (let k = count - 1; k >= 0; k--) {
      const ddx = xs[k]! - x;
      const ddy = ys[k]! - y;
      const rk = r[k]!;
      if (ddx * ddx + ddy * ddy <= rk * rk) return index[k]!;
    }
    return null;
  }

  private pick(e: LeafletMouseEvent): void {
    const found = this.hit(e.containerPoint.x, e.containerPoint.y);
    if (found === null) return;
    if (found >= 0) this.onPick(found);
    else this.zoomToCluster(-found - 1);
  }

  /** Zooms so that the cluster's members fill the view, at least one level past the clustering. */
  private zoomToCluster(c: number): void {
    const map = this._map as LeafletMap | undefined;
    const clusters = map ? this.clustersByZoom.get(map.getZoom()) : undefined;
    if (!map || !clusters) return;
    const bounds = latLngBounds([]);
    for (const i of clusterMembers(clusters, c)) bounds.extend([this.points[i]!.lat, this.points[i]!.lng]);
    const target = Math.min(Math.max(map.getBoundsZoom(bounds, false, point(48, 48)), map.getZoom() + 1), CLUSTER_MAX_ZOOM + 1);
    map.setView(bounds.getCenter(), target);
  }

  /** Centres the map on point `index`, past the clustering, and reports it as picked. */
  showPoint(index: number): void {
    const map = this._map as LeafletMap | undefined;
    const p = this.points[index];
    if (!map || !p) return;
    map.setView([p.lat, p.lng], Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 1), { animate: false });
    this.onPick(index);
  }

  private hover(e: LeafletMouseEvent): void {
    const map = this._map as LeafletMap | undefined;
    if (!map) return;
    map.getContainer().style.cursor = this.hit(e.containerPoint.x, e.containerPoint.y) !== null ? 'pointer' : '';
  }
}
