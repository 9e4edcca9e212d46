import { describe, expect, it } from 'vitest';
import {
  BRAND_LEGEND,
  BRAZIL_CENTER,
  KNOWN_CITY_COUNT,
  OTHER_BRAND_COLOR,
  brandColor,
  cityCenter,
  placePoint,
  spreadOverlapping,
} from './cities.js';

describe('cityCenter', () => {
  it('finds cities regardless of accents, case and spacing', () => {
    const sp = cityCenter('São Paulo', 'SP');
    expect(sp).toEqual({ lat: -23.5505, lng: -46.6333 });
    expect(cityCenter('sao paulo', 'sp')).toEqual(sp);
    expect(cityCenter('  SÃO   PAULO ', ' Sp ')).toEqual(sp);
    expect(cityCenter('Cuiaba', 'MT')).toEqual(cityCenter('Cuiabá', 'MT'));
    expect(cityCenter('luis eduardo magalhaes', 'BA')).toEqual(cityCenter('Luís Eduardo Magalhães', 'BA'));
  });

  it('covers the capitals and farming towns of the spec', () => {
    const required: Array<[string, string]> = [
      ['São Paulo', 'SP'], ['Brasília', 'DF'], ['Curitiba', 'PR'], ['Cuiabá', 'MT'], ['Manaus', 'AM'],
      ['Goiânia', 'GO'], ['Belo Horizonte', 'MG'], ['Campo Grande', 'MS'], ['Porto Alegre', 'RS'], ['Salvador', 'BA'],
      ['Sorriso', 'MT'], ['Lucas do Rio Verde', 'MT'], ['Rio Verde', 'GO'], ['Jataí', 'GO'], ['Cascavel', 'PR'],
      ['Londrina', 'PR'], ['Uberaba', 'MG'], ['Unaí', 'MG'], ['Luís Eduardo Magalhães', 'BA'], ['Barreiras', 'BA'],
      ['Balsas', 'MA'], ['Chapecó', 'SC'], ['Petrolina', 'PE'], ['Dourados', 'MS'], ['Passo Fundo', 'RS'],
    ];
    for (const [cidade, uf] of required) {
      const c = cityCenter(cidade, uf);
      expect(c, `${cidade}/${uf}`).not.toBeNull();
      // Every entry must lie inside Brazil's bounding box.
      expect(c!.lat).toBeGreaterThan(-34);
      expect(c!.lat).toBeLessThan(6);
      expect(c!.lng).toBeGreaterThan(-74);
      expect(c!.lng).toBeLessThan(-34);
    }
    expect(KNOWN_CITY_COUNT).toBeGreaterThanOrEqual(25);
  });

  it('matches by city name alone when the state is missing, and accepts state names', () => {
    expect(cityCenter('Brasilia', '')).toEqual(cityCenter('Brasília', 'DF'));
    expect(cityCenter('Sorriso', null)).toEqual(cityCenter('Sorriso', 'MT'));
    expect(cityCenter('Sorriso - MT', '')).toEqual(cityCenter('Sorriso', 'MT'));
    expect(cityCenter('Chapecó/SC', '')).toEqual(cityCenter('Chapecó', 'SC'));
    expect(cityCenter('Rio Verde', 'Goiás')).toEqual(cityCenter('Rio Verde', 'GO'));
  });

  it('returns null for unknown cities or a city in the wrong state', () => {
    expect(cityCenter('Cidade Inexistente', 'SP')).toBeNull();
    expect(cityCenter('', 'SP')).toBeNull();
    expect(cityCenter('Sorriso', 'RS')).toBeNull();
  });
});

describe('placePoint', () => {
  const base = { lat: null, lng: null, cidade: 'Curitiba', estado: 'PR' };

  it("uses the experiment's own coordinates first", () => {
    expect(placePoint({ ...base, lat: -24.5, lng: -53.1 })).toEqual({ lat: -24.5, lng: -53.1, approximate: false });
  });

  it('falls back to the city centre, then to the centre of Brazil', () => {
    expect(placePoint(base)).toEqual({ ...cityCenter('Curitiba', 'PR'), approximate: true });
    expect(placePoint({ ...base, cidade: 'Lugar Nenhum' })).toEqual({ ...BRAZIL_CENTER, approximate: true });
  });

  it('ignores half, out-of-range or (0, 0) coordinates', () => {
    expect(placePoint({ ...base, lat: -24.5 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: 0, lng: 0 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: -200, lng: -50 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: Number.NaN, lng: -50 }).approximate).toBe(true);
  });
});

describe('spreadOverlapping', () => {
  const dist = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => Math.hypot(a.lat - b.lat, a.lng - b.lng);

  it('leaves distinct points untouched', () => {
    const pts = [
      { id: 1, lat: -10, lng: -50 },
      { id: 2, lat: -10.0001, lng: -50 },
      { id: 3, lat: -20, lng: -45 },
    ];
    expect(spreadOverlapping(pts)).toEqual(pts);
  });

  it('separates identical positions onto a small circle around them, keeping the other fields', () => {
    const here = { lat: -12.5425, lng: -55.7211 };
    const pts = [1, 2, 3, 4].map((id) => ({ id, ...here }));
    const out = spreadOverlapping([...pts, { id: 9, lat: -20, lng: -45 }]);
    expect(out.map((p) => p.id)).toEqual([1, 2, 3, 4, 9]);
    expect(out[4]).toEqual({ id: 9, lat: -20, lng: -45 });
    const spread = out.slice(0, 4);
    expect(new Set(spread.map((p) => `${p.lat},${p.lng}`)).size).toBe(4);
    for (const p of spread) {
      const d = dist(p, here);
      expect(d).toBeGreaterThanOrEqual(0.015);
      expect(d).toBeLessThanOrEqual(0.07);
    }
    // The input is not mutated.
    expect(pts[0]).toEqual({ id: 1, ...here });
  });

  it('is deterministic and keeps hundreds of identical points apart', () => {
    const pts = Array.from({ length: 500 }, (_, id) => ({ id, lat: -15.7939, lng: -47.8828 }));
    const a = spreadOverlapping(pts);
    expect(spreadOverlapping(pts)).toEqual(a);
    expect(new Set(a.map((p) => `${p.lat},${p.lng}`)).size).toBe(500);
    for (const p of a) expect(dist(p, pts[0]!)).toBeLessThanOrEqual(0.07);
  });

  it('handles an empty list', () => {
    expect(spreadOverlapping([])).toEqual([]);
  });
});

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
