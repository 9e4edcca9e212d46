import { describe, expect, it } from 'vitest';
import {
  compose,
  encodePgm,
  findImages,
  type GrayImage,
  maskCoverage,
  type Matrix,
  type PdfjsOps,
  readingDpi,
  removeRules,
  toGray,
} from './ocr-image.js';

const gray = (width: number, height: number, fill: (x: number, y: number) => number): GrayImage => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = fill(x, y);
  return { width, height, data };
};
const at = (img: GrayImage, x: number, y: number) => img.data[y * img.width + x]!;

describe('toGray', () => {
  it('reads 1-bit rows (1 = white, rows padded to a byte)', () => {
    // 10 px wide: two bytes per row. Row 0: black, white, black…; row 1: all white.
    const data = new Uint8Array([0b01010101, 0b01000000, 0xff, 0xff]);
    const img = toGray({ width: 10, height: 2, kind: 1, data })!;
    expect(Array.from(img.data.subarray(0, 10))).toEqual([0, 255, 0, 255, 0, 255, 0, 255, 0, 255]);
    expect(Array.from(img.data.subarray(10))).toEqual(Array(10).fill(255));
  });

  it('reads RGB as luminance and lays RGBA on white', () => {
    const rgb = toGray({ width: 3, height: 1, kind: 2, data: new Uint8Array([255, 0, 0, 0, 255, 0, 255, 255, 255]) })!;
    expect(rgb.data[0]).toBeGreaterThan(60);
    expect(rgb.data[0]).toBeLessThan(100);
    expect(rgb.data[1]).toBeGreaterThan(130);
    expect(rgb.data[2]).toBe(255);
    // Black at full, half and no opacity.
    const rgba = toGray({ width: 3, height: 1, kind: 3, data: new Uint8Array([0, 0, 0, 255, 0, 0, 0, 128, 0, 0, 0, 0]) })!;
    expect(Array.from(rgba.data)).toEqual([0, 127, 255]);
  });

  it('takes one byte per pixel as grey and refuses data shorter than declared', () => {
    expect(Array.from(toGray({ width: 2, height: 1, data: new Uint8Array([7, 200]) })!.data)).toEqual([7, 200]);
    expect(toGray({ width: 4, height: 4, kind: 2, data: new Uint8Array(10) })).toBeNull();
    expect(toGray({ width: 0, height: 4, kind: 2, data: new Uint8Array(10) })).toBeNull();
    expect(toGray({ width: 2, height: 2, kind: 1 })).toBeNull();
  });
});

describe('maskCoverage', () => {
  it('paints where the stencil bit is 0', () => {
    const m = maskCoverage({ width: 4, height: 1, data: new Uint8Array([0b10100000]) })!;
    expect(Array.from(m.data)).toEqual([0, 255, 0, 255]);
  });
});

describe('compose', () => {
  // A 4 × 2 image: left half black, right half white.
  const half = gray(4, 2, (x) => (x < 2 ? 0 : 255));

  it('scales an image onto the raster (unit square → pixels, image rows from the top)', () => {
    // Unit square to an 8 × 4 raster, y down: x' = 8u, y' = 4(1 - v).
    const out = compose(8, 4, [{ image: half, toRaster: [8, 0, 0, -4, 0, 4] }]);
    expect(at(out, 0, 0)).toBe(0);
    expect(at(out, 2, 3)).toBe(0);
    expect(at(out, 7, 0)).toBe(255);
    expect(at(out, 6, 2)).toBe(255);
  });

  it('honours a rotation of the drawing matrix (a page turned 90°)', () => {
    // Turned a quarter: the image's left (black) half ends up at the raster's top.
    const out = compose(2, 4, [{ image: half, toRaster: [0, -4, -2, 0, 2, 4] }]);
    expect(at(out, 0, 3)).toBe(0);
    expect(at(out, 1, 3)).toBe(0);
    expect(at(out, 0, 0)).toBe(255);
  });

  it('leaves white where no image is drawn and darkens under a stencil mask', () => {
    const out = compose(4, 4, [{ image: gray(2, 2, () => 255), toRaster: [2, 0, 0, -2, 0, 2], mask: true }]);
    expect(at(out, 0, 0)).toBe(0);
    expect(at(out, 3, 3)).toBe(255);
  });

  it('averages when shrinking, so thin strokes stay visible', () => {
    // Alternating black/white columns, shrunk 4×: grey, not all black or all white.
    const stripes = gray(16, 16, (x) => (x % 2 ? 255 : 0));
    const out = compose(4, 4, [{ image: stripes, toRaster: [4, 0, 0, -4, 0, 4] }]);
    expect(at(out, 1, 1)).toBeGreaterThan(90);
    expect(at(out, 1, 1)).toBeLessThan(165);
  });
});

describe('readingDpi', () => {
  it('reads a scan at its own resolution between 200 and 300 dpi', () => {
    expect(readingDpi(240)).toBe(240);
    expect(readingDpi(96)).toBe(200);
    expect(readingDpi(600)).toBe(300);
    expect(readingDpi(Number.NaN)).toBe(300);
  });
});

describe('encodePgm', () => {
  it('writes a binary PGM header and the pixels', () => {
    const pgm = encodePgm(gray(3, 2, (x, y) => x + y));
    const header = 'P5\n3 2\n255\n';
    expect(new TextDecoder().decode(pgm.subarray(0, header.length))).toBe(header);
    expect(Array.from(pgm.subarray(header.length))).toEqual([0, 1, 2, 1, 2, 3]);
  });
});

describe('removeRules', () => {
  it('whitens a long (slightly slanted) rule and keeps letter-sized strokes', () => {
    const dpi = 200;
    const img = gray(400, 100, () => 255);
    // A rule across the page, dropping one pixel every 80 (a scan turned ~0.7°), 2 px thick.
    for (let x = 10; x < 390; x++) {
      const y = 40 + Math.floor((x - 10) / 80);
      img.data[y * 400 + x] = 0;
      img.data[(y + 1) * 400 + x] = 0;
    }
    // A "letter": a 20 px bar and a 20 px stem, far from the rule.
    for (let x = 50; x < 70; x++) img.data[80 * 400 + x] = 0;
    for (let y = 70; y < 90; y++) img.data[y * 400 + 200] = 0;
    expect(removeRules(img, dpi)).toBeGreaterThan(700);
    for (let x = 10; x < 390; x++) expect(at(img, x, 40 + Math.floor((x - 10) / 80))).toBe(255);
    expect(at(img, 60, 80)).toBe(0);
    expect(at(img, 200, 80)).toBe(0);
  });

  it('whitens a vertical rule (a table column border)', () => {
    const img = gray(100, 300, () => 255);
    for (let y = 20; y < 280; y++) img.data[y * 100 + 50] = 30;
    removeRules(img, 200);
    expect(at(img, 50, 150)).toBe(255);
  });
});

describe('findImages', () => {
  const ops: PdfjsOps = {
    save: 10,
    restore: 11,
    transform: 12,
    paintFormXObjectBegin: 74,
    paintFormXObjectEnd: 75,
    paintImageXObject: 85,
    paintInlineImageXObject: 86,
    paintImageMaskXObject: 83,
  };

  it('follows save/restore, transforms and forms to each image’s matrix', () => {
    const page: Matrix = [595, 0, 0, 842, 0, 0];
    const found = findImages(
      [10, 12, 85, 11, 10, 74, 12, 85, 75, 11, 86],
      [
        null,
        page,
        ['img_p0_1', 10, 10],
        null,
        null,
        [[1, 0, 0, 1, 100, 50], null],
        [50, 0, 0, 20, 0, 0],
        ['img_p0_2'],
        null,
        null,
        [{ width: 1, height: 1 }],
      ],
      ops,
    );
    expect(found.map((f) => f.key ?? 'inline')).toEqual(['img_p0_1', 'img_p0_2', 'inline']);
    expect(found[0]!.ctm).toEqual(page);
    expect(found[1]!.ctm).toEqual([50, 0, 0, 20, 100, 50]);
    // After the restores, the identity again.
    expect(found[2]!.ctm).toEqual([1, 0, 0, 1, 0, 0]);
  });
});
