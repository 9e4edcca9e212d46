import { describe, expect, it } from 'vitest';
import { cropUnit, formatCropYield, formatGain, KG_HA } from './crop-units.js';

describe('crop units', () => {
  it('grains and coffee in 60 kg sacks, rice in 50 kg, cotton in arrobas, sugarcane and potato in tonnes', () => {
    expect(formatCropYield(3612, 'Soja')).toBe('60,2 sc/ha');
    expect(formatCropYield(9600, 'milho')).toBe('160 sc/ha');
    expect(formatCropYield(1800, 'Café')).toBe('30 sc/ha');
    expect(formatCropYield(8000, 'Arroz')).toBe('160 sc/ha');
    expect(formatCropYield(4500, 'Algodão')).toBe('300 @/ha');
    expect(formatCropYield(90_150, 'Cana-de-açúcar')).toBe('90,2 t/ha');
    expect(formatCropYield(35_000, 'BATATA')).toBe('35 t/ha');
  });

  it('any other crop in kg/ha; nothing is "-"', () => {
    expect(cropUnit('Quinoa')).toBe(KG_HA);
    expect(formatCropYield(1234.4, 'Quinoa')).toBe('1.234 kg/ha');
    expect(formatCropYield(null, 'Soja')).toBe('-');
  });

  it('gains are signed percentages with one decimal', () => {
    expect(formatGain(12.345)).toBe('+12,3%');
    expect(formatGain(-4)).toBe('−4,0%');
    expect(formatGain(0.01)).toBe('0,0%');
    expect(formatGain(null)).toBe('-');
  });
});
