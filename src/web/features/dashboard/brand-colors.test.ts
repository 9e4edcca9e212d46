import { describe, expect, it } from 'vitest';
import { BRAND_LEGEND, OTHER_BRAND_COLOR, brandColor } from './brand-colors.js';

describe('brand colours', () => {
  it('gives each known brand its colour and others grey', () => {
    const green = brandColor('Aminoagro');
    expect(brandColor('AMINOAGRO')).toBe(green);
    expect(new Set([green, brandColor('Dimicron'), brandColor('Concorrente'), brandColor('Maximus')]).size).toBe(4);
    expect(brandColor('Outra Marca')).toBe(OTHER_BRAND_COLOR);
    expect(brandColor('')).toBe(OTHER_BRAND_COLOR);
    expect(brandColor(null)).toBe(OTHER_BRAND_COLOR);
    for (const c of [green, brandColor('Dimicron'), brandColor('Concorrente'), brandColor('Maximus')]) {
      expect(c).not.toBe(OTHER_BRAND_COLOR);
      expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('has a legend entry per brand, with matching colours, plus the grey "others"', () => {
    expect(BRAND_LEGEND.map((b) => b.marca)).toEqual(['Aminoagro', 'Dimicron', 'Concorrente', 'Maximus', 'Outras']);
    for (const b of BRAND_LEGEND.slice(0, 4)) expect(brandColor(b.marca)).toBe(b.color);
    expect(BRAND_LEGEND.at(-1)?.color).toBe(OTHER_BRAND_COLOR);
  });

  it('uses hues that read as green, red, orange and purple', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    expect(hue(brandColor('Aminoagro'))).toBeGreaterThan(90);
    expect(hue(brandColor('Aminoagro'))).toBeLessThan(160);
    expect(hue(brandColor('Dimicron')) < 10 || hue(brandColor('Dimicron')) > 350).toBe(true);
    expect(hue(brandColor('Concorrente'))).toBeGreaterThan(15);
    expect(hue(brandColor('Concorrente'))).toBeLessThan(40);
    expect(hue(brandColor('Maximus'))).toBeGreaterThan(260);
    expect(hue(brandColor('Maximus'))).toBeLessThan(300);
  });
});
