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
  type SoilKind,
  statesNamedIn,
} from './fields.js';
import type { SoilUnit } from './numbers.js';
import { matchCrop, matchRegional, regionalsOfState } from './reference.js';
import { compiled as c, eachAnswer, reference as ref } from './test-support.js';

describe('reference data from the migration', () => {
  it('has the brands, products, regionals, 27 states and crops', () => {
    expect(ref.marcas).toEqual(['Aminoagro', 'Dimicron', 'Maximus', 'Concorrente']);
    expect(ref.produtosPorMarca.Concorrente).toContain('Vigora Plus');
    expect(ref.regionais).toContainEqual({ sigla: 'CMG', nome: 'Cerrado MG' });
    expect(ref.estados).toHaveLength(27);
    expect(ref.culturas).toContain('Cana-de-açúcar');
  });

  it.each([
    ['GO', ['GO']],
    ['PR', ['PR SC PY']],
    ['BA', ['Nordeste']],
    ['RO', ['MT Oeste/RO/AC']],
    // A state shared by two regionals stays ambiguous.
    ['MT', ['MT BR 163', 'MT Oeste/RO/AC']],
    ['SP', []],
  ])('maps the state %s to its regionals %j', (state, regionals) => {
    expect(regionalsOfState(state, c)).toEqual(regionals);
  });

  it.each([
    ['cerrado mg', 'Cerrado MG'],
    ['MT163', 'MT BR 163'],
    ['MT Oeste', 'MT Oeste/RO/AC'],
  ])('matches the regional %j by name or code → %j', (text, nome) => {
    expect(matchRegional(text, c)?.nome).toBe(nome);
  });

  it('does not take a bare "Sul" for a regional', () => {
    expect(matchRegional('Sul', c)).toBeNull();
  });

  it.each([
    ['FEIJÃO', 'Feijão'],
    ['Milho safrinha – híbrido 2B810', 'Milho'],
    ['cana-planta', 'Cana-de-açúcar'],
    ['cafeeiro', 'Café'],
    ['batata-doce', null],
  ])('matches the crop %j by name or plant → %j', (text, crop) => {
    expect(matchCrop(text, c)).toBe(crop);
  });
});

describe('soil contents in sentences whose exponents and footnote marks drifted', () => {
  it.each([
    ['na camada de 0–20 cm 310 g kg ¹ de argila e 1,9⁻ dag kg ¹ de matéria orgânica, com pH', 31, 1.9],
    ['textura média, com 180 g/kg de 1 argila e 14 g/dm³ de matéria orgânica. Foi usada', 18, 1.4],
  ])('%s', (text, argila, mo) => {
    expect(findSoilContent(text, 'argila')).toBe(argila);
    expect(findSoilContent(text, 'mo')).toBe(mo);
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
    ['Fazenda Serra Alta – Perdizes/MG', 'Perdizes', 'MG'],
    ['Projeto Vale Novo, lote 12 – Lagoa da Confusão/TO', 'Lagoa da Confusão', 'TO'],
    ['Passo Fundo – RS (687 m de altitude)', 'Passo Fundo', 'RS'],
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
    // The state spelled out after "Estado de".
    expect(findLocationInProse('no município de Jaboticabal, Estado de São Paulo, em Latossolo', c)).toMatchObject({
      cidade: 'Jaboticabal',
      estado: 'SP',
    });
    expect(findLocationInProse('no Campo Demonstrativo e Experimental (CDE) de Ponta Grossa, no Estado do Paraná, em', c)).toMatchObject({
      cidade: 'Ponta Grossa',
      estado: 'PR',
    });
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
  eachAnswer('reads the design', parseDesign, [
    [
      'DBC',
      ['delineamento em blocos casualizados (DBC)', 'blocos ao acaso', 'DBC com 4 blocos', 'análise de variância e blocos casualizados'],
    ],
    ['Inteiramente Casualizado', ['INTEIRAMENTE CASUALIZADO']],
    ['ANOVA', ['ANOVA seguida de teste de Tukey']],
    [null, ['teste de Tukey']],
  ]);

  it('reads money', () => {
    expect(parseMoney('R$ 1.480,00')).toBe(1480);
    expect(parseMoney('1.380,00')).toBe(1380);
    expect(parseMoney('1.380,00', true)).toBeNull();
  });

  it.each<[SoilKind, string, SoilUnit | null, number]>([
    ['argila', '52 %', null, 52],
    ['argila', '480 g/kg', null, 48],
    ['mo', '32 g/dm³', null, 3.2],
    ['mo', '28', 'g/kg', 2.8],
    ['mo', '2,6 dag/kg', null, 2.6],
    // Without a unit, 340 clay can only be g/kg.
    ['argila', '340', null, 34],
  ])('reads the soil value %s %j (unit %j) as %d %%', (kind, text, unit, percent) => {
    expect(parseSoilValue(kind, text, unit)).toBe(percent);
  });

  it.each<[string, SoilKind, number | null]>([
    ['solo com 38% de argila e 2,8% de matéria orgânica', 'argila', 38],
    ['solo com 38% de argila e 2,8% de matéria orgânica', 'mo', 2.8],
    ['Latossolo Vermelho, argila 340 g/kg, MO 25 g/dm³', 'mo', 2.5],
    ['apresenta 280 g/kg de argila e 2,2 dag/kg de matéria orgânica', 'argila', 28],
    ['argila 520 g/kg', 'mo', null],
    // Units written as powers.
    ['com 4,1 dag kg⁻¹ de matéria orgânica e 610 g kg⁻¹ de argila', 'argila', 61],
    ['com 4,1 dag kg⁻¹ de matéria orgânica e 610 g kg⁻¹ de argila', 'mo', 4.1],
    ['argila: 330 g kg-1; MO: 18 g dm-3', 'mo', 1.8],
    // A unitless organic matter above 6 is g/dm³.
    ['argila 35 %; M.O. 9', 'mo', 0.9],
    ['argila 35 %; M.O. 3,1', 'mo', 3.1],
    // Bilingual labels.
    ['Argila / clay: 27 % · M.O. / O.M.: 2,1 %', 'mo', 2.1],
  ])('finds in %j the soil content %s = %j', (text, kind, percent) => {
    expect(findSoilContent(text, kind)).toBe(percent);
  });

  // A cultivar is cut at the end of its name, whether it comes as a label's value or inside a sentence.
  it.each([
    { read: cleanCultivar, text: 'Orchestra. Plantio em 12/05', cultivar: 'Orchestra' },
    { read: cleanCultivar, text: 'SP83-2847 cana-planta de ano e meio', cultivar: 'SP83-2847' },
    { read: cleanCultivar, text: 'Catuaí Vermelho IAC 144', cultivar: 'Catuaí Vermelho IAC 144' },
    { read: cleanCultivar, text: 'cultivar Grande Naine (1º ciclo)', cultivar: 'Grande Naine' },
    { read: findCultivarInText, text: 'Cultivar BRS Sertaneja, semeada em 02/03', cultivar: 'BRS Sertaneja' },
    { read: findCultivarInText, text: 'A variedade é a RB867515, em segundo corte', cultivar: 'RB867515' },
    { read: findCultivarInText, text: 'A cultivar utilizada foi a TMG 7262, semeada em 20/10/2024.', cultivar: 'TMG 7262' },
    { read: findCultivarInText, text: 'Utilizou-se o híbrido DKB 390, semeado em fevereiro', cultivar: 'DKB 390' },
    {
      read: findCultivarInText,
      text: 'O cultivar utilizado foi o híbrido simples AG 8700 PRO3, semeado com espaçamento',
      cultivar: 'AG 8700 PRO3',
    },
    { read: findCultivarInText, text: 'Utilizou-se a cultivar Ágata, plantada com batata-semente tipo III', cultivar: 'Ágata' },
  ])('reads the cultivar in $text → $cultivar', ({ read, text, cultivar }) => {
    expect(read(text)).toBe(cultivar);
  });

  it('reads coordinates given together or one by one', () => {
    expect(parseCoordinates('-17,7923; -50,9192')).toEqual({ latitude: -17.7923, longitude: -50.9192 });
    expect(parseCoordinates(`12°05'44"S 45°47'12"W`)).toEqual({ latitude: -12.095556, longitude: -45.786667 });
    expect(parseOneCoordinate(`18°56'16,4" S`, 'lat')).toBeCloseTo(-18.9379, 4);
    expect(parseOneCoordinate('-61,4562', 'lon')).toBe(-61.4562);
    expect(parseOneCoordinate('61,4562', 'lon')).toBe(-61.4562);
  });

  it('reads the BU', () => {
    expect(parseBu('Aminoagro (BU2)')).toBe('BU2');
    expect(parseBu('BU 9')).toBeNull();
  });
});
