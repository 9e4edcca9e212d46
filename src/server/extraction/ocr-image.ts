/**
 * The picture of a page without a text layer, for OCR: the images the page paints (a scan is one
 * big image per page) taken from pdf.js's operator list with the transform each is drawn with,
 * converted to 8-bit grey and composed onto a white raster of the page at about 300 dpi (scaled
 * up from a coarse scan, down from a fine one, turned with the page's /Rotate). No canvas: the
 * raster is sampled here, and written as a binary PGM, which leptonica (tesseract) reads.
 */
import type { getDocumentProxy } from 'unpdf';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
/** A PDF matrix [a b c d e f]. */
export type Matrix = [number, number, number, number, number, number];

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row from the top; 0 black, 255 white. */
  data: Uint8Array;
}

/** The page as OCR sees it, with the scale back to PDF points. */
export interface PageRaster {
  image: GrayImage;
  /** Raster pixels per PDF point (dpi / 72). */
  pxPerPt: number;
  /** The page as displayed (after /Rotate), in points. */
  widthPt: number;
  heightPt: number;
}

/** pdf.js's ImageKind. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * Resolutions a page is read at. Tesseract reads 10-point text well from 200 dpi; above 300 dpi
 * it only gets slower (measured: 200 dpi ~1.3–3.6 s per A4 page, 300 dpi about twice that).
 */
export const MIN_DPI = 200;
export const MAX_DPI = 300;
/** Longest side of the raster: an A3 or larger page is read at less than its dpi. */
export const MAX_RASTER_SIDE = 3600;
/** Images smaller than this (rules, bullets, specks) carry no text worth composing. */
const MIN_IMAGE_SIDE = 8;
/** A page painting thousands of images (tiles, patterns) is not a scan; its first ones are enough. */
const MAX_IMAGES = 400;
/** Decoded pixels read per page at most (a 600 dpi A4 colour scan is ~35 M). */
const MAX_SOURCE_PIXELS = 120_000_000;

/** An image as pdf.js hands it over after decoding (`page.objs`). */
export interface PdfjsImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * Grey pixels of a decoded pdf.js image: 1-bit (packed rows, 1 = white), RGB, or RGBA laid on
 * white. Null when the data does not match its declared size (nothing is guessed).
 */
export function toGray(img: PdfjsImage): GrayImage | null {
  const { width: w, height: h, data } = img;
  if (!data || !Number.isInteger(w) || !Number.isInteger(h) || w <= 0 || h <= 0) return null;
  const n = w * h;
  const out = new Uint8Array(n);
  if (img.kind === GRAYSCALE_1BPP) {
    const rowBytes = (w + 7) >> 3;
    if (data.length < rowBytes * h) return null;
    for (let y = 0; y < h; y++) {
      const row = y * rowBytes;
      for (let x = 0; x < w; x++) out[y * w + x] = (data[row + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return { width: w, height: h, data: out };
  }
  const channels = img.kind === RGB_24BPP ? 3 : img.kind === RGBA_32BPP ? 4 : data.length / n;
  if (data.length < n * channels) return null;
  if (channels === 1) {
    out.set(data.subarray(0, n));
  } else if (channels === 3) {
    for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = (data[j]! * 77 + data[j + 1]! * 150 + data[j + 2]! * 29) >> 8;
  } else if (channels === 4) {
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      const lum = (data[j]! * 77 + data[j + 1]! * 150 + data[j + 2]! * 29) >> 8;
      const a = data[j + 3]!;
      out[i] = (lum * a + 255 * (255 - a) + 127) / 255;
    }
  } else {
    return null;
  }
  return { width: w, height: h, data: out };
}

/**
 * A stencil mask (`/ImageMask true`, as some fax and JBIG2 scans are drawn): packed 1-bit rows
 * where 0 paints the fill colour (taken as black) and 1 leaves the page as it is. Returned as
 * coverage (255 = painted) for `compose`.
 */
export function maskCoverage(mask: { width: number; height: number; data?: Uint8Array | Uint8ClampedArray }): GrayImage | null {
  const { width: w, height: h, data } = mask;
  if (!data || !Number.isInteger(w) || !Number.isInteger(h) || w <= 0 || h <= 0) return null;
  const rowBytes = (w + 7) >> 3;
  if (data.length < rowBytes * h) return null;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < w; x++) out[y * w + x] = (data[row + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255;
  }
  return { width: w, height: h, data: out };
}

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[4] * m[3]) / det, (m[4] * m[1] - m[5] * m[0]) / det];
}

/** An image and the matrix that maps its unit square to raster pixels (y down). */
export interface PlacedImage {
  image: GrayImage;
  toRaster: Matrix;
  /** A stencil mask: `image` is coverage, painted black. */
  mask?: boolean;
}

/**
 * Paints the images, in order, onto a white `width` × `height` raster. Each raster pixel is
 * sampled back in its image (bilinear; averaged over a few sub-samples when the image is
 * shrunk), so any scale, flip or rotation of the drawing matrix is honoured.
 */
export function compose(width: number, height: number, images: PlacedImage[]): GrayImage {
  const out = new Uint8Array(width * height).fill(255);
  for (const { image, toRaster, mask } of images) {
    const inv = invert(toRaster);
    if (!inv) continue;
    const { width: w, height: h, data } = image;
    // Raster bounding box of the image's unit square.
    const corners = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ].map(([u, v]) => [toRaster[0] * u! + toRaster[2] * v! + toRaster[4], toRaster[1] * u! + toRaster[3] * v! + toRaster[5]] as const);
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
    const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((c) => c[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
    const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((c) => c[1]))));
    if (x0 >= x1 || y0 >= y1) continue;
    // Image pixels per raster pixel, along the raster's x and y.
    const perX = Math.hypot(inv[0] * w, inv[1] * h);
    const perY = Math.hypot(inv[2] * w, inv[3] * h);
    const sub = Math.min(4, Math.max(1, Math.ceil(Math.max(perX, perY) - 0.25)));
    const sample = (px: number, py: number): number => {
      const u = inv[0] * px + inv[2] * py + inv[4];
      const v = inv[1] * px + inv[3] * py + inv[5];
      if (u < 0 || u > 1 || v < 0 || v > 1) return -1;
      // Image rows run from the top; the unit square's v from the bottom.
      const sx = Math.min(w - 1, Math.max(0, u * w - 0.5));
      const sy = Math.min(h - 1, Math.max(0, (1 - v) * h - 0.5));
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      const fx = sx - ix;
      const fy = sy - iy;
      const ix1 = ix + 1 < w ? ix + 1 : ix;
      const iy1 = iy + 1 < h ? iy + 1 : iy;
      const top = data[iy * w + ix]! * (1 - fx) + data[iy * w + ix1]! * fx;
      const bottom = data[iy1 * w + ix]! * (1 - fx) + data[iy1 * w + ix1]! * fx;
      return top * (1 - fy) + bottom * fy;
    };
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        let sum = 0;
        let count = 0;
        for (let j = 0; j < sub; j++) {
          for (let i = 0; i < sub; i++) {
            const s = sample(x + (i + 0.5) / sub, y + (j + 0.5) / sub);
            if (s >= 0) {
              sum += s;
              count++;
            }
          }
        }
        if (count === 0) continue;
        const value = sum / count;
        const at = y * width + x;
        // A mask's coverage darkens what is below; an image replaces it.
        out[at] = mask ? Math.round((out[at]! * (255 - value)) / 255) : Math.round(value);
      }
    }
  }
  return { width, height, data: out };
}

/**
 * Whitens the rules of tables and boxes (dark runs longer than `minInches` along a row or a
 * column), which tesseract otherwise reads as "|", "e" or "—" and which cut its text lines. A
 * slightly turned scan draws a rule as steps: each row is looked at together with its two
 * neighbours, so the steps join into one run. Letters are never that long; the short pieces
 * of rule that cross them are the only text pixels lost. Returns how many pixels were whitened.
 */
export function removeRules(image: GrayImage, dpi: number, minInches = 0.3): number {
  const { width: w, height: h, data } = image;
  // Rules are often thin grey lines: anything clearly darker than paper counts.
  const DARK = 200;
  const EDGE = 230;
  const mark = new Uint8Array(w * h);
  const dark = (i: number) => data[i]! < DARK;
  const minH = Math.max(20, Math.round(dpi * minInches));
  const minV = Math.max(20, Math.round(dpi * minInches * 1.2));
  // Rows: runs over the union of rows y-1, y, y+1; row y's own dark pixels in a long run are rule.
  for (let y = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const i = y * w + x;
      const on = x < w && (dark(i) || (y > 0 && dark(i - w)) || (y < h - 1 && dark(i + w)));
      if (on) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        if (x - start >= minH) for (let k = y * w + start; k < i; k++) if (dark(k)) mark[k] = 1;
        start = -1;
      }
    }
  }
  // Columns, the same way.
  for (let x = 0; x < w; x++) {
    let start = -1;
    for (let y = 0; y <= h; y++) {
      const i = y * w + x;
      const on = y < h && (dark(i) || (x > 0 && dark(i - 1)) || (x < w - 1 && dark(i + 1)));
      if (on) {
        if (start < 0) start = y;
      } else if (start >= 0) {
        if (y - start >= minV) for (let k = start * w + x; k < i; k += w) if (dark(k)) mark[k] = 1;
        start = -1;
      }
    }
  }
  let removed = 0;
  for (let i = 0; i < mark.length; i++) {
    if (!mark[i]) continue;
    data[i] = 255;
    removed++;
    // The grey fringe of a rule, which would otherwise binarise into a thinner rule.
    for (const j of [i - w, i + w, i - 1, i + 1]) if (j >= 0 && j < data.length && !mark[j] && data[j]! < EDGE) data[j] = 255;
  }
  return removed;
}

/** Binary PGM (P5), which leptonica reads without any codec. */
export function encodePgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.data.length);
  out.set(header, 0);
  out.set(image.data, header.length);
  return out;
}

/** The pdf.js operator codes used here (their values come from the loaded pdf.js). */
export interface PdfjsOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

interface Found {
  key?: string;
  inline?: PdfjsImage;
  mask?: { width: number; height: number; data?: Uint8Array | Uint8ClampedArray | string };
  ctm: Matrix;
}

/**
 * The images a page paints and where, from its operator list (annotations left out). Forms
 * (`Do` of a form XObject) are followed, with their matrices.
 */
export function findImages(fnArray: number[], argsArray: unknown[], ops: PdfjsOps): Found[] {
  const found: Found[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  for (let i = 0; i < fnArray.length && found.length < MAX_IMAGES; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm;
    else if (fn === ops.transform && Array.isArray(args) && args.length === 6) ctm = multiply(ctm, args as Matrix);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = Array.isArray(args) ? args[0] : null;
      if (Array.isArray(m) && m.length === 6) ctm = multiply(ctm, m as Matrix);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === ops.paintImageXObject && Array.isArray(args) && typeof args[0] === 'string') found.push({ key: args[0], ctm });
    else if (fn === ops.paintInlineImageXObject && Array.isArray(args) && args[0] && typeof args[0] === 'object') {
      found.push({ inline: args[0] as PdfjsImage, ctm });
    } else if (fn === ops.paintImageMaskXObject && Array.isArray(args) && args[0] && typeof args[0] === 'object') {
      found.push({ mask: args[0] as Found['mask'] & object, ctm });
    }
  }
  return found;
}

/** How long an image may still be decoding after its operator list arrived. */
const OBJECT_WAIT_MS = 5_000;

/**
 * An object of the page (an image), once pdf.js has decoded it (large Flate images arrive
 * after the operator list), or null when it does not come in time or failed.
 */
function objectOf(page: PdfPage, key: string): Promise<unknown> {
  const objs = key.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OBJECT_WAIT_MS);
    try {
      objs.get(key, (value: unknown) => {
        clearTimeout(timer);
        resolve(value ?? null);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/**
 * The resolution the page is read at: the scan's own (no resampling, which costs time and
 * blurs), raised to MIN_DPI for a coarse scan and lowered to MAX_DPI for a fine one.
 */
export function readingDpi(nativeDpi: number): number {
  if (!Number.isFinite(nativeDpi) || nativeDpi <= 0) return MAX_DPI;
  return Math.min(MAX_DPI, Math.max(MIN_DPI, nativeDpi));
}

/** Pixels per inch of an image drawn with `ctm` (user space, points). */
function nativeDpiOf(image: GrayImage, ctm: Matrix): number {
  const wPt = Math.hypot(ctm[0], ctm[1]);
  const hPt = Math.hypot(ctm[2], ctm[3]);
  if (!(wPt > 0 && hPt > 0)) return 0;
  return 72 * Math.sqrt((image.width / wPt) * (image.height / hPt));
}

/**
 * The page's raster for OCR, or null when it paints no image (a blank page, or one drawn with
 * vector paths only, which would need a renderer). `dpi` forces a resolution (measurements).
 */
export async function pageRaster(page: PdfPage, ops: PdfjsOps, dpi?: number): Promise<PageRaster | null> {
  // Annotations are not part of the scan (AnnotationMode.DISABLE = 0).
  const list = await page.getOperatorList({ annotationMode: 0 });
  const found = findImages(list.fnArray, list.argsArray, ops);
  const images: { image: GrayImage; ctm: Matrix; mask: boolean }[] = [];
  let pixels = 0;
  for (const f of found) {
    let image: GrayImage | null = null;
    let mask = false;
    if (f.key) {
      image = toGray(((await objectOf(page, f.key)) as PdfjsImage | null) ?? { width: 0, height: 0 });
    } else if (f.inline) {
      image = toGray(f.inline);
    } else if (f.mask) {
      const raw =
        typeof f.mask.data === 'string'
          ? (((await objectOf(page, f.mask.data)) as { data?: Uint8Array } | null)?.data ?? undefined)
          : f.mask.data;
      image = maskCoverage({ width: f.mask.width, height: f.mask.height, data: raw });
      mask = true;
    }
    if (!image || image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) continue;
    pixels += image.width * image.height;
    if (pixels > MAX_SOURCE_PIXELS) break;
    images.push({ image, ctm: f.ctm, mask });
  }
  if (images.length === 0) return null;

  const base = page.getViewport({ scale: 1 });
  if (!(base.width > 0 && base.height > 0)) return null;
  const largest = images.reduce((a, b) => (b.image.width * b.image.height > a.image.width * a.image.height ? b : a));
  const wanted = dpi ?? readingDpi(nativeDpiOf(largest.image, largest.ctm));
  const scale = Math.min(wanted / 72, MAX_RASTER_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const device = viewport.transform as Matrix;
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const placed = images.map(({ image, ctm, mask }) => ({ image, toRaster: multiply(device, ctm), mask }));
  return { image: compose(width, height, placed), pxPerPt: scale, widthPt: base.width, heightPt: base.height };
}
