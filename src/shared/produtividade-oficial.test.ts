import { describe, expect, it } from 'vitest';
// Imported as text by Vite (vitest): what the table was copied from, with the rows as read.
import fonte from '../../docs/sources/conab-produtividade-uf-2024-25.json?raw';
import { produtividadeOficial } from './produtividade-oficial.js';

const { culturas } = JSON.parse(fonte) as { culturas: Record<string, Record<string, number>> };

describe("the official average yields (Conab's 2024/25 season by state)", () => {
  it('holds every value of the recorded source', () => {
    for (const [cultura, porUf] of Object.entries(culturas)) {
      for (const [uf, kgHa] of Object.entries(porUf)) expect(produtividadeOficial(cultura, uf), `${cultura} ${uf}`).toBe(kgHa);
    }
    // A state with no area in the sheet, and a crop the survey of grains does not cover, have none.
    expect(produtividadeOficial('Soja', 'RN')).toBeNull();
    expect(produtividadeOficial('Café', 'MG')).toBeNull();
  });

  it('reads the crop as the lookup names it and the state in any case', () => {
    expect(produtividadeOficial(' Soja ', 'go')).toBe(culturas.Soja!.GO);
    expect(produtividadeOficial('soja', 'GO')).toBeNull();
  });
});
