/**
 * Every experiment as a dot on one canvas. Leaflet's own circle markers cost an object, a path
 * and event wiring each (seconds at 100,000 points); here a point is two numbers in typed arrays,
 * projected once per zoom level, culled to the view, stamped from a pre-drawn sprite of its colour
 * (one huge path would take the rasteriser seconds), drawn once per pixel and colour, and found on
 * click by a scan of the positions last drawn.
 */
import { DomUtil, Layer, type LeafletMouseEvent, type Map as LeafletMap } from 'leaflet';

export interface CanvasPoint {
  lat: number;
  lng: number;
  color: string;
}

const RADIUS = 12;
const OUTLINE = '#ffffff';
const FILL_OPACITY = 0.8;
const TILE = 256;

/** Web Mercator pixel coordinates at `zoom`, as Leaflet's EPSG:3857 CRS computes them. */
function project(lat: number, lng: number, zoom: number): [number, number] {
  const scale = TILE * 2 ** zoom;
  const clamped = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [(scale * (lng + 180)) / 360, scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}

export class PointsLayer extends Layer {
  private canvas: HTMLCanvasElement | null = null;
  private projectedZoom = Number.NaN;
  private px = new Float64Array(0);
  private py = new Float64Array(0);
  /** Canvas positions of the points drawn last, in drawing order (last = on top). */
  private drawn: { index: Int32Array; x: Float32Array; y: Float32Array; count: number } = {
    index: new Int32Array(0),
    x: new Float32Array(0),
    y: new Float32Array(0),
    count: 0,
  };
  /** Distinct colours, and each point's index into them. */
  private readonly colors: string[] = [];
  private readonly colorIndex: Uint8Array;
  private readonly sprites = new Map<string, HTMLCanvasElement>();

  constructor(
    private readonly points: readonly CanvasPoint[],
    private readonly onPick: (index: number) => void,
  ) {
    super();
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

    this.ensureProjected(map.getZoom());
    // Canvas position = projected pixel − pixel origin − where the canvas sits in the layer.
    const origin = map.getPixelOrigin();
    const dx = origin.x + topLeft.x;
    const dy = origin.y + topLeft.y;
    const n = this.points.length;
    if (this.drawn.index.length !== n) {
      this.drawn = { index: new Int32Array(n), x: new Float32Array(n), y: new Float32Array(n), count: 0 };
    }
    let count = 0;
    const half = RADIUS + 2;
    // In the points' own order, as markers would stack; a dot of the same colour already on the
    // same pixel is not drawn again (it would look the same).
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const x = this.px[i]! - dx;
      const y = this.py[i]! - dy;
      if (x < -RADIUS || y < -RADIUS || x > size.x + RADIUS || y > size.y + RADIUS) continue;
      const color = this.colorIndex[i]!;
      const key = (Math.round(x) * 65_536 + Math.round(y)) * 64 + color;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.drawImage(this.sprite(this.colors[color]!, ratio), x - half, y - half, half * 2, half * 2);
      this.drawn.index[count] = i;
      this.drawn.x[count] = x;
      this.drawn.y[count] = y;
      count++;
    }
    this.drawn.count = count;
  }

  /** The topmost point under a container position, or -1. */
  private hit(x: number, y: number): number {
    const { index, x: xs, y: ys, count } = this.drawn;
    const r2 = RADIUS * RADIUS;
    for (let k = count - 1; k >= 0; k--) {
      const ddx = xs[k]! - x;
      const ddy = ys[k]! - y;
      if (ddx * ddx + ddy * ddy <= r2) return index[k]!;
    }
    return -1;
  }

  private pick(e: LeafletMouseEvent): void {
    const found = this.hit(e.containerPoint.x, e.containerPoint.y);
    if (found >= 0) this.onPick(found);
  }

  private hover(e: LeafletMouseEvent): void {
    const map = this._map as LeafletMap | undefined;
    if (!map) return;
    map.getContainer().style.cursor = this.hit(e.containerPoint.x, e.containerPoint.y) >= 0 ? 'pointer' : '';
  }
}
