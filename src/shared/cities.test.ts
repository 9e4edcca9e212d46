import { describe, expect, it } from 'vitest';
import { KNOWN_CITY_COUNT, cityCenter } from './cities.js';

describe('cityCenter', () => {
  it('finds cities regardless of accents, case and spacing', () => {
    const sp = cityCenter('São Paulo', 'SP');
    expect(sp).toEqual({ lat: -23.5505, lng: -46.6333 });
    expect(cityCenter('sao paulo', 'sp')).toEqual(sp);
    expect(cityCenter('  SÃO   PAULO ', ' Sp ')).toEqual(sp);
    expect(cityCenter('Cuiaba', 'MT')).toEqual(cityCenter('Cuiabá', 'MT'));
    expect(cityCenter('luis eduardo magalhaes', 'BA')).toEqual(cityCenter('Luís Eduardo Magalhães', 'BA'));
  });

  it('covers the capitals and the main farming towns', () => {
    const required: Array<[string, string]> = [
      ['São Paulo', 'SP'],
      ['Brasília', 'DF'],
      ['Curitiba', 'PR'],
      ['Cuiabá', 'MT'],
      ['Manaus', 'AM'],
      ['Goiânia', 'GO'],
      ['Belo Horizonte', 'MG'],
      ['Campo Grande', 'MS'],
      ['Porto Alegre', 'RS'],
      ['Salvador', 'BA'],
      ['Sorriso', 'MT'],
      ['Lucas do Rio Verde', 'MT'],
      ['Rio Verde', 'GO'],
      ['Jataí', 'GO'],
      ['Cascavel', 'PR'],
      ['Londrina', 'PR'],
      ['Uberaba', 'MG'],
      ['Unaí', 'MG'],
      ['Luís Eduardo Magalhães', 'BA'],
      ['Barreiras', 'BA'],
      ['Balsas', 'MA'],
      ['Chapecó', 'SC'],
      ['Petrolina', 'PE'],
      ['Dourados', 'MS'],
      ['Passo Fundo', 'RS'],
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
