import { describe, expect, it } from 'vitest';
import {
  cleanCity,
  cleanCultivar,
  findCultivarInText,
  findLocationInProse,
  findSoilContent,
  parseBu,
  parseCoordinates,
  parseDesign,
  parseLocation,
  parseMoney,
  parseOneCoordinate,
  parseSoilValue,
  parseYear,
  statesNamedIn,
} from './fields.js';
import { matchCrop, matchRegional, regionalsOfState } from './reference.js';
import { compiled as c, reference as ref } from './test-support.js';

describe('reference data from the migration', () => {
  it('has the brands, products, regionals, 27 states and crops', () => {
    expect(ref.marcas).toEqual(['Aminoagro', 'Dimicron', 'Maximus', 'Concorrente']);
    expect(ref.produtosPorMarca.Concorrente).toContain('Vigora Plus');
    expect(ref.regionais).toContainEqual({ sigla: 'CMG', nome: 'Cerrado MG' });
    expect(ref.estados).toHaveLength(27);
    expect(ref.culturas).toContain('Cana-de-açúcar');
  });

  it('maps states to regionals, leaving shared states ambiguous', () => {
    expect(regionalsOfState('GO', c)).toEqual(['GO']);
    expect(regionalsOfState('PR', c)).toEqual(['PR SC PY']);
    expect(regionalsOfState('BA', c)).toEqual(['Nordeste']);
    expect(regionalsOfState('RO', c)).toEqual(['MT Oeste/RO/AC']);
    expect(regionalsOfState('MT', c)).toEqual(['MT BR 163', 'MT Oeste/RO/AC']);
    expect(regionalsOfState('SP', c)).toEqual([]);
  });

  it('matches regionals by name or code, crops by name or plant', () => {
    expect(matchRegional('cerrado mg', c)?.nome).toBe('Cerrado MG');
    expect(matchRegional('MT163', c)?.nome).toBe('MT BR 163');
    expect(matchRegional('MT Oeste', c)?.nome).toBe('MT Oeste/RO/AC');
    expect(matchRegional('Sul', c)).toBeNull();
    expect(matchCrop('FEIJÃO', c)).toBe('Feijão');
    expect(matchCrop('Milho safrinha – híbrido 2B810', c)).toBe('Milho');
    expect(matchCrop('cana-planta', c)).toBe('Cana-de-açúcar');
    expect(matchCrop('cafeeiro', c)).toBe('Café');
    expect(matchCrop('batata-doce', c)).toBeNull();
  });
});

describe('parseLocation', () => {
  it.each([
    ['Rio Verde - GO', 'Rio Verde', 'GO'],
    ['Sorriso/MT', 'Sorriso', 'MT'],
    ['Chapecó (SC)', 'Chapecó', 'SC'],
    ['Ribeirão Preto, SP', 'Ribeirão Preto', 'SP'],
    ['Luís Eduardo Magalhães – BA', 'Luís Eduardo Magalhães', 'BA'],
    ['Fazenda Vale Verde, Petrolina, Pernambuco', 'Petrolina', 'PE'],
    ['CRISTALINA/GO', 'Cristalina', 'GO'],
    ['Campo Novo do Parecis/MT', 'Campo Novo do Parecis', 'MT'],
    ['Chapadão do Sul, Mato Grosso do Sul', 'Chapadão do Sul', 'MS'],
  ])('%s', (value, cidade, estado) => {
    expect(parseLocation(value, c)).toEqual({ cidade, estado });
  });

  it('reads a state alone or a city alone', () => {
    expect(parseLocation('Paraná', c)).toEqual({ estado: 'PR' });
    expect(parseLocation('Unaí', c)).toEqual({ cidade: 'Unaí' });
  });

  it('does not take a farm for a city', () => {
    expect(cleanCity('Fazenda Santa Rita')).toBeNull();
    expect(cleanCity('Campo experimental')).toBeNull();
  });

  it('finds the municipality in running text', () => {
    expect(findLocationInProse('conduzido na Fazenda Santa Rita, no município de Sorriso/MT (12°32\'33" S', c)).toMatchObject({
      cidade: 'Sorriso',
      estado: 'MT',
    });
    expect(findLocationInProse('localizada no município de Chapadão do Sul, Mato Grosso do Sul, sob', c)).toMatchObject({
      cidade: 'Chapadão do Sul',
      estado: 'MS',
    });
    expect(findLocationInProse('Área experimental: Fazenda São Bento, Jataí (GO)', c)).toMatchObject({ cidade: 'Jataí', estado: 'GO' });
    // A regional's name holds state codes but is not a city.
    expect(findLocationInProse('Regional MT Oeste/RO/AC', c)).toBeNull();
  });

  it('lists the states named in full', () => {
    expect(statesNamedIn('no estado de Mato Grosso do Sul', c).map((s) => s.sigla)).toEqual(['MS']);
  });
});

describe('parseYear', () => {
  it.each([
    ['2024', 2024],
    ['Safra 2023/24', 2024],
    ['2023/2024', 2024],
    ['2022/2023 (2023)', 2023],
    ['23/24', 2024],
    ['18/10/2024', 2024],
  ])('%s → %d', (value, year) => {
    expect(parseYear(value)).toBe(year);
  });

  it('does not take a non-consecutive pair as a season', () => {
    expect(parseYear('045/2023')).toBe(2023);
    expect(parseYear('sem data')).toBeNull();
  });
});

describe('other fields', () => {
  it('reads the design', () => {
    expect(parseDesign('delineamento em blocos casualizados (DBC)')).toBe('DBC');
    expect(parseDesign('blocos ao acaso')).toBe('DBC');
    expect(parseDesign('DBC com 4 blocos')).toBe('DBC');
    expect(parseDesign('INTEIRAMENTE CASUALIZADO')).toBe('Inteiramente Casualizado');
    expect(parseDesign('ANOVA seguida de teste de Tukey')).toBe('ANOVA');
    expect(parseDesign('análise de variância e blocos casualizados')).toBe('DBC');
    expect(parseDesign('teste de Tukey')).toBeNull();
  });

  it('reads money', () => {
    expect(parseMoney('R$ 1.480,00')).toBe(1480);
    expect(parseMoney('1.380,00')).toBe(1380);
    expect(parseMoney('1.380,00', true)).toBeNull();
  });

  it('reads soil contents in any unit', () => {
    expect(parseSoilValue('argila', '52 %', null)).toBe(52);
    expect(parseSoilValue('argila', '480 g/kg', null)).toBe(48);
    expect(parseSoilValue('mo', '32 g/dm³', null)).toBe(3.2);
    expect(parseSoilValue('mo', '28', 'g/kg')).toBe(2.8);
    expect(parseSoilValue('mo', '2,6 dag/kg', null)).toBe(2.6);
    // Without a unit, 340 clay can only be g/kg.
    expect(parseSoilValue('argila', '340', null)).toBe(34);
    expect(findSoilContent('solo com 38% de argila e 2,8% de matéria orgânica', 'argila')).toBe(38);
    expect(findSoilContent('solo com 38% de argila e 2,8% de matéria orgânica', 'mo')).toBe(2.8);
    expect(findSoilContent('Latossolo Vermelho, argila 340 g/kg, MO 25 g/dm³', 'mo')).toBe(2.5);
    expect(findSoilContent('apresenta 280 g/kg de argila e 2,2 dag/kg de matéria orgânica', 'argila')).toBe(28);
    expect(findSoilContent('argila 520 g/kg', 'mo')).toBeNull();
  });

  it('reads soil contents with units written as powers', () => {
    expect(findSoilContent('com 4,1 dag kg⁻¹ de matéria orgânica e 610 g kg⁻¹ de argila', 'argila')).toBe(61);
    expect(findSoilContent('com 4,1 dag kg⁻¹ de matéria orgânica e 610 g kg⁻¹ de argila', 'mo')).toBe(4.1);
    expect(findSoilContent('argila: 330 g kg-1; MO: 18 g dm-3', 'mo')).toBe(1.8);
  });

  it('reads a unitless organic matter above 6 as g/dm³, and cuts cultivars at the end of their name', () => {
    expect(findSoilContent('argila 35 %; M.O. 9', 'mo')).toBe(0.9);
    expect(findSoilContent('argila 35 %; M.O. 3,1', 'mo')).toBe(3.1);
    expect(cleanCultivar('Orchestra. Plantio em 12/05')).toBe('Orchestra');
    expect(cleanCultivar('SP83-2847 cana-planta de ano e meio')).toBe('SP83-2847');
    expect(cleanCultivar('Catuaí Vermelho IAC 144')).toBe('Catuaí Vermelho IAC 144');
    expect(findCultivarInText('Cultivar BRS Sertaneja, semeada em 02/03')).toBe('BRS Sertaneja');
    expect(findCultivarInText('A variedade é a RB867515, em segundo corte')).toBe('RB867515');
    expect(cleanCultivar('cultivar Grande Naine (1º ciclo)')).toBe('Grande Naine');
    expect(findSoilContent('Argila / clay: 27 % · M.O. / O.M.: 2,1 %', 'mo')).toBe(2.1);
  });

  it('reads coordinates given together or one by one', () => {
    expect(parseCoordinates('-17,7923; -50,9192')).toEqual({ latitude: -17.7923, longitude: -50.9192 });
    expect(parseCoordinates(`12°05'44"S 45°47'12"W`)).toEqual({ latitude: -12.095556, longitude: -45.786667 });
    expect(parseOneCoordinate(`18°56'16,4" S`, 'lat')).toBeCloseTo(-18.9379, 4);
    expect(parseOneCoordinate('-61,4562', 'lon')).toBe(-61.4562);
    expect(parseOneCoordinate('61,4562', 'lon')).toBe(-61.4562);
  });

  it('reads BU, cultivar and the organisation of a sentence', () => {
    expect(parseBu('Aminoagro (BU2)')).toBe('BU2');
    expect(parseBu('BU 9')).toBeNull();
    expect(findCultivarInText('A cultivar utilizada foi a TMG 7262, semeada em 20/10/2024.')).toBe('TMG 7262');
    expect(findCultivarInText('Utilizou-se o híbrido DKB 390, semeado em fevereiro')).toBe('DKB 390');
  });
});
