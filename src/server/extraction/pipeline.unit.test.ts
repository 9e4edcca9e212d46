/** The extractor's stages alone: layout, candidates and their choice, the organisation reader. */
import { describe, expect, it } from 'vitest';
import { Candidates, choose } from './candidates.js';
import { extractFromText, looksLikeTrialReport, NO_YIELDS_WARNING } from './extract.js';
import { manufacturer } from './read-fields.js';
import { buildLayout, dropRunningLines, findGutter, snippetAround } from './layout.js';
import { nameOnly, organizationScore, readOrganization } from './organization.js';
import { groupLines, type TextLine } from './pdf-text.js';
import { compiled as c, item, itemsPage, pdfOf, reference as ref, tablePage, textPage } from './test-support.js';
import { fold } from './text.js';

describe('layout', () => {
  it('keeps a running header on its first page only and drops page numbers', () => {
    const header = 'Serra Verde Pesquisa Agrícola · relatório de ensaio';
    const lines = [
      ...tablePage([50, 280], [[header], ['Primeira página do texto'], ['', 'Página 1 de 2']], { page: 1 }),
      ...tablePage([50, 280], [[header], ['Segunda página do texto'], ['', 'Página 2 de 2']], { page: 2 }),
    ];
    const kept = dropRunningLines(lines).map((l) => `${l.page}:${l.text}`);
    expect(kept).toEqual([
      '1:Serra Verde Pesquisa Agrícola · relatório de ensaio',
      '1:Primeira página do texto',
      '2:Segunda página do texto',
    ]);
  });

  it('reads two text columns one after the other', () => {
    const lines = tablePage(
      [50, 320],
      [
        ['O ensaio foi instalado em', 'A testemunha produziu menos'],
        ['latossolo argiloso com', 'que os demais tratamentos'],
        ['quatro repetições por', 'em todos os blocos do'],
        ['tratamento avaliado.', 'experimento conduzido.'],
      ],
    );
    expect(findGutter(lines)).not.toBeNull();
    const layout = buildLayout(pdfOf(lines));
    expect(layout.flat).toContain('O ensaio foi instalado em latossolo argiloso com quatro repetições por tratamento avaliado.');
    expect(layout.flat).toContain('A testemunha produziu menos que os demais tratamentos');
  });

  it('reads two columns whose baselines do not line up', () => {
    const items = [
      ...['Na área do ensaio o solo', 'tem textura média e foi', 'corrigido antes do plantio.', 'Fim da coluna esquerda.'].map((t, i) =>
        item(t, 50, 700 - i * 14),
      ),
      ...['Os resultados mostram que', 'a aplicação via foliar', 'aumentou a produtividade.', 'Fim da coluna direita.'].map((t, i) =>
        item(t, 320, 693 - i * 14),
      ),
    ];
    const layout = buildLayout(pdfOf(groupLines(items, 1)));
    expect(layout.flat).toContain('Na área do ensaio o solo tem textura média e foi corrigido antes do plantio.');
    expect(layout.flat).toContain('Os resultados mostram que a aplicação via foliar aumentou a produtividade.');
  });

  it('does not split one column of text', () => {
    const lines = textPage(['Uma linha longa de texto corrido que atravessa a página inteira de lado a lado', 'curta']);
    expect(findGutter(lines)).toBeNull();
  });

  it('maps offsets back to pages and cuts snippets at word boundaries', () => {
    const layout = buildLayout(
      pdfOf([...textPage(['Texto da primeira página']), ...textPage(['Texto da segunda página'], { page: 2 })], 2),
    );
    expect(layout.pageAt(layout.flat.indexOf('segunda'))).toBe(2);
    expect(layout.pageAt(0)).toBe(1);
    const long = 'palavra '.repeat(60);
    const s = snippetAround(long, 200, 207, 40);
    expect(s.length).toBeLessThanOrEqual(42);
    expect(s.startsWith('…')).toBe(true);
  });
});

describe('candidates and the choice', () => {
  const ev = (source: 'label' | 'sentence' | 'document', page = 1) => ({ page, snippet: `de ${source}`, source });

  it('takes the most trusted value and keeps its evidence', () => {
    const cands = new Candidates();
    cands.add('cultura', 'Milho', 0.7, ev('document'));
    cands.add('cultura', 'Soja', 0.95, ev('label', 2));
    const chosen = choose(cands).get('cultura');
    expect(chosen?.value).toBe('Soja');
    expect(chosen?.evidence).toMatchObject({ page: 2, source: 'label', confidence: 0.95 });
  });

  it('gains a little when sources agree, loses when two values are close', () => {
    const agree = new Candidates();
    agree.add('cidade', 'Rio Verde', 0.85, ev('sentence'));
    agree.add('cidade', 'rio verde', 0.8, ev('document'));
    expect(choose(agree).get('cidade')?.confidence).toBeCloseTo(0.88, 5);

    const contest = new Candidates();
    contest.add('cidade', 'Rio Verde', 0.85, ev('sentence'));
    contest.add('cidade', 'Jataí', 0.83, ev('document'));
    expect(choose(contest).get('cidade')?.confidence).toBeCloseTo(0.75, 5);
  });

  it('ignores empty values and marks OCR pages', () => {
    const cands = new Candidates();
    cands.add('ano', null, 0.9, ev('label'));
    cands.add('ano', Number.NaN, 0.9, ev('label'));
    cands.add('ano', 2024, 0.9, ev('label', 3));
    const chosen = choose(cands, [3]).get('ano');
    expect(chosen?.value).toBe(2024);
    expect(chosen?.evidence.ocr).toBe(true);
    expect(chosen?.confidence).toBeLessThan(0.9);
  });
});

describe('the organisation that ran the trial', () => {
  it('scores names of organisations, not people, laboratories, brands or titles', () => {
    expect(organizationScore('Serra Verde Pesquisa Agrícola Ltda.', c)).toBeGreaterThan(0.9);
    expect(organizationScore('Planície Consultoria', c)).toBeGreaterThan(0);
    expect(organizationScore('Eng. Agr. João P. Silva', c)).toBe(0);
    expect(organizationScore('Laboratório Terra Análises Agrícolas', c)).toBe(0);
    expect(organizationScore('Relatório Técnico de Pesquisa', c)).toBe(0);
    expect(organizationScore('Aminoagro Pesquisa', c)).toBe(0);
    expect(organizationScore('Rua das Flores, 120', c)).toBe(0);
    // A journal, a document's type.
    expect(organizationScore('Revista de Agricultura Neotropical', c)).toBe(0);
    expect(organizationScore('Informe de Pesquisa', c)).toBe(0);
    expect(organizationScore('Comunicado Técnico de Pesquisa', c)).toBe(0);
  });

  it('cuts a name where the sentence goes on, and drops a label run into it', () => {
    expect(nameOnly('Serra Verde Pesquisa na fazenda do produtor')).toBe('Serra Verde Pesquisa');
    expect(nameOnly('Vale Alto Pesquisa em Arroz Irrigado')).toBe('Vale Alto Pesquisa em Arroz Irrigado');
    expect(nameOnly('Planície Consultoria Marca')).toBe('Planície Consultoria');
  });

  function organizationOf(lines: TextLine[]): string | undefined {
    const cands = new Candidates();
    readOrganization(buildLayout(pdfOf(lines)), c, cands);
    return choose(cands).get('consultoria')?.value as string | undefined;
  }

  it("keeps a federal institute's name whole across its comma", () => {
    expect(
      organizationOf(
        textPage(['INSTITUTO FEDERAL DE EDUCAÇÃO, CIÊNCIA E TECNOLOGIA BAIANO – CAMPUS GUANAMBI', 'Trabalho de Conclusão de Curso']),
      ),
    ).toBe('Instituto Federal de Educação, Ciência e Tecnologia Baiano');
  });

  it.each([
    {
      why: 'prefers the executor label over the letterhead, and skips the signing engineer',
      text: [
        'COOPERATIVA REGIONAL DOS PRODUTORES · DIA DE CAMPO',
        'Relatório de resultados',
        'Executora: Planície Consultoria Agronômica – equipe de campo',
        'Responsável: Eng. Agr. Maria S. Souza – CREA-GO 12.345/D',
      ],
      organisation: 'Planície Consultoria Agronômica',
    },
    {
      why: 'reads the letterhead in capitals, in title case',
      text: ['SERRA VERDE PESQUISA AGRÍCOLA LTDA.', 'Av. Central, 100 – Centro', 'Relatório de ensaio'],
      organisation: 'Serra Verde Pesquisa Agrícola Ltda.',
    },
    {
      why: 'keeps a labelled name whole although a longer phrase ends with it',
      text: [
        'Relatório de Ensaio / Trial Report',
        'Serra Verde Pesquisa Agrícola Ltda. · Rio Verde – GO',
        'Empresa: Serra Verde Pesquisa Agrícola Ltda.',
      ],
      organisation: 'Serra Verde Pesquisa Agrícola Ltda.',
    },
    {
      why: "reads an article's affiliation: the university, not the author's course",
      text: [
        'Bioestimulante na produtividade da soja',
        'Ana Souza; Pedro Lima',
        'Acadêmica de Agronomia, Universidade Federal do Vale Alto (UFVA). Mestrando do PPG em Agronomia, UFVA.',
        'Resumo: o experimento avaliou doses de um bioestimulante.',
      ],
      organisation: 'Universidade Federal do Vale Alto',
    },
    {
      why: 'reads the institution whose experimental field it was, not its department',
      text: [
        'Material e métodos',
        'O experimento foi conduzido em 2023 na área experimental do Departamento de Fitotecnia da Universidade Federal do Vale Alto, em solo argiloso.',
      ],
      organisation: 'Universidade Federal do Vale Alto',
    },
    {
      why: 'reads "conduzido pela …" in a sentence',
      text: ['O ensaio foi conduzido pela Vale Alto Agronomia na fazenda do produtor, em 2024.'],
      organisation: 'Vale Alto Agronomia',
    },
    {
      why: 'leaves a place in parentheses out of a labelled name',
      text: ['Executora: Campo Alto Pesquisa e Consultoria (Sorriso/MT)'],
      organisation: 'Campo Alto Pesquisa e Consultoria',
    },
  ])('$why', ({ text, organisation }) => {
    expect(organizationOf(textPage(text))).toBe(organisation);
  });

  it.each([
    {
      why: 'joins a name set large over what the organisation does',
      items: [
        [60, 800, 'VALE NORTE', 16],
        [60, 782, 'Pesquisa Agronômica', 10],
      ],
      organisation: 'Vale Norte Pesquisa Agronômica',
    },
    {
      why: 'keeps an institution spelled out after an acronym drawn against it',
      items: [[60, 800, 'COOPERSULCooperativa Agrícola Sul do Vale', 12]],
      organisation: 'Cooperativa Agrícola Sul do Vale',
    },
    {
      why: 'keeps an acronym that is part of a company name',
      items: [[60, 800, 'CERRADÃO Consultoria Agronômica', 12]],
      organisation: 'CERRADÃO Consultoria Agronômica',
    },
  ] as { why: string; items: [number, number, string, number][]; organisation: string }[])('$why', ({ items, organisation }) => {
    const lines = itemsPage([...items, [60, 720, 'Relatório de ensaio de milho', 20], [60, 690, 'Texto do relatório.', 10]]);
    expect(organizationOf(lines)).toBe(organisation);
  });
});

describe('not a trial report', () => {
  it('tells an invoice and a lab report from a trial', () => {
    expect(looksLikeTrialReport(fold('Pedido de venda · Nota fiscal · valor unitário · frete · safra 2025/26 · sementes de soja'), 0)).toBe(
      false,
    );
    expect(
      looksLikeTrialReport(
        fold('Laudo de análise de solo · amostra 12 · extrator Mehlich · CTC · argila 45% · protocolo do laboratório'),
        0,
      ),
    ).toBe(false);
    expect(
      looksLikeTrialReport(
        fold('Ensaio em blocos com quatro repetições; a testemunha e os tratamentos foram colhidos; produtividade em kg/ha'),
        4,
      ),
    ).toBe(true);
  });

  it('tells the minutes of a meeting and a members newsletter that talk about trials from a report', () => {
    const minutes = fold(
      'Ata da reunião do comitê técnico · pauta: ensaios da próxima safra · presentes · aprovada a proposta de protocolo',
    );
    expect(looksLikeTrialReport(minutes, 0)).toBe(false);
    const news = fold('Informativo da cooperativa · nesta edição · cooperados · produtividade média da região · ensaio no dia de campo');
    expect(looksLikeTrialReport(news, 0)).toBe(false);
    expect(looksLikeTrialReport(minutes, 4)).toBe(true);
  });

  it('tells an invitation to a field day from the results of one', () => {
    const invitation = fold('Convite · Dia de campo de soja · palestra técnica · sorteio entre os participantes · tratamento de sementes');
    expect(looksLikeTrialReport(invitation, 0)).toBe(false);
    expect(
      looksLikeTrialReport(fold('Dia de campo: resultados do ensaio em blocos; a testemunha e os tratamentos, produtividade em sc/ha'), 4),
    ).toBe(true);
  });
});

describe('the whole pipeline on lines', () => {
  const headerRows: (string | [number, string])[][] = [
    ['Serra Verde Pesquisa Agrícola Ltda.'],
    ['Relatório de ensaio de soja – safra 2023/24'],
    ['Marca: Aminoagro', 'Município: Rio Verde – GO'],
    ['Cultura: Soja', 'Cultivar: M 8349 IPRO'],
    ['Delineamento: blocos casualizados, quatro repetições; cada parcela com testemunha e tratamentos.'],
  ];
  const header = tablePage([50, 300], headerRows);

  it('says so when the yields are missing, and gives evidence for what it found', () => {
    const result = extractFromText(pdfOf(header), ref);
    expect(result.warnings).toContain(NO_YIELDS_WARNING);
    expect(result.data).toMatchObject({
      consultoria: 'Serra Verde Pesquisa Agrícola Ltda.',
      marca: 'Aminoagro',
      cidade: 'Rio Verde',
      estado: 'GO',
    });
    expect(result.evidence?.cidade).toMatchObject({ page: 1, source: 'label' });
    expect(result.evidence?.cidade?.snippet).toContain('Rio Verde');
    expect(result.fieldsExtracted).toEqual(Object.keys(result.data));
    expect(result.confidence).toBeLessThan(0.8);
  });

  it('asks for a review when only the control has a yield', () => {
    const rows: typeof headerRows = [
      ...headerRows,
      ['Tratamento', [250, 'Produtividade (kg/ha)']],
      ['T1 Testemunha', [270, '3.310']],
      ['T2 Produto Alfa', [270, '-']],
    ];
    const result = extractFromText(pdfOf(tablePage([50, 300], rows)), ref);
    expect(result.warnings).toContain(NO_YIELDS_WARNING);
    expect(result.confidence).toBeLessThan(0.8);
    expect(result.evidence?.tratamentos?.confidence ?? 0).toBeLessThanOrEqual(0.5);
  });
});

describe('values whose label is beside, above or wrapped around them', () => {
  it('reads a cost whose caption wraps around it, and one under a KPI tile', () => {
    const wrapped = tablePage(
      [60, 300, 410],
      [
        ['Delineamento', 'Custo do'],
        ['', '', 'R$ 21.300,00'],
        ['', 'protocolo'],
      ],
      { pitch: 6 },
    );
    expect(extractFromText(pdfOf(wrapped), ref).data.custo_protocolo).toBe(21300);
    const tile = tablePage(
      [60, 300],
      [
        ['+0,8 t/ha', 'R$ 9.950,00'],
        ['ganho máximo', 'custo do protocolo'],
      ],
    );
    expect(extractFromText(pdfOf(tile), ref).data.custo_protocolo).toBe(9950);
    const perHectare = tablePage(
      [60, 300],
      [
        ['', 'R$ 148,00'],
        ['', 'custo do protocolo por hectare'],
      ],
    );
    expect(extractFromText(pdfOf(perHectare), ref).data.custo_protocolo).toBeUndefined();
  });

  it('reads a header row of labels over their values, a combined "Regional / BU" among them', () => {
    const form = tablePage(
      [50, 230, 400],
      [
        ['Ensaio conduzido por', 'Local', 'Cultivar'],
        ['Serra Verde Consultoria', 'Sorriso – MT', 'M 8349 IPRO'],
        ['Ano de colheita', 'Regional / BU', 'Delineamento'],
        ['2025', 'MT BR 163 · BU2', 'DBC, 4 blocos'],
      ],
    );
    expect(extractFromText(pdfOf(form), ref).data).toMatchObject({
      consultoria: 'Serra Verde Consultoria',
      regional: 'MT BR 163',
      bu: 'BU2',
      ano: 2025,
      tipo_estatistica: 'DBC',
    });
  });
});

describe('fields stated the way other producers state them', () => {
  const data = (rows: string[]) => extractFromText(pdfOf(textPage(['Relatório de ensaio de campo', ...rows])), ref).data;

  it('reads two soil labels with two values, and a cost told in a sentence or under "Orçamento"', () => {
    expect(data(['Argila / M.O.: 250 g/kg / 22 g/dm³'])).toMatchObject({ teor_argila: 25, teor_materia_organica: 2.2 });
    expect(data(['O ensaio atende à BU2 e custou R$ 21.300,00, incluídas as análises.'])).toMatchObject({ custo_protocolo: 21300 });
    expect(data(['Ensaio contratado pela empresa, com custo de R$ 11.250,00.'])).toMatchObject({ custo_protocolo: 11250 });
    expect(data(['Orçamento: R$ 14.000,00'])).toMatchObject({ custo_protocolo: 14000 });
    expect(data(['O produtor colheu 60 sc/ha e gastou R$ 3.000,00 por hectare.']).custo_protocolo).toBeUndefined();
  });

  it('gives a labelled crop that is not on the list as written, not another crop the text mentions', () => {
    expect(data(['Cultura: SORGO GRANÍFERO', 'Antecessora: soja. A soja da safra anterior rendeu bem; soja na região.'])).toMatchObject({
      cultura: 'Sorgo',
    });
    expect(data(['Cultura: Milho safrinha']).cultura).toBe('Milho');
  });
});

describe('the year from the period a trial ran, in words', () => {
  const yearOf = (sentence: string) => extractFromText(pdfOf(textPage(['Relatório de ensaio de milho', sentence])), ref).data.ano;

  it('takes the year the period ends, with the month names written out', () => {
    expect(yearOf('O ensaio foi conduzido de fevereiro a julho de 2023, em sucessão à soja.')).toBe(2023);
    expect(yearOf('O experimento foi conduzido de agosto de 2021 a julho de 2022 na Fazenda Areão.')).toBe(2022);
    expect(yearOf('O trabalho foi realizado entre março de 2022 e fevereiro de 2023.')).toBe(2023);
  });

  it('wins over a season a sentence cites from elsewhere, and leaves a period that is not the trial’s', () => {
    expect(yearOf('O ensaio foi conduzido de fevereiro a julho de 2023. Segundo a Conab, na safra 2021/22 a média foi menor.')).toBe(2023);
    expect(yearOf('A seca de fevereiro a julho de 2021 reduziu a produção do estado. O ensaio foi instalado na safra 2023/24.')).not.toBe(
      2021,
    );
  });
});

describe('a brand outside the catalogue', () => {
  it('reads the tested product’s maker where the report names it, as printed', () => {
    expect(manufacturer('O produto, fabricado pela Agrovita Nutrição Vegetal, foi aplicado via foliar.')?.nome).toBe(
      'Agrovita Nutrição Vegetal',
    );
    expect(manufacturer('três doses do extrato de algas Algamar® (Marinova Fertilizantes), 1,0, 2,0 e 3,0 L ha-1')?.nome).toBe(
      'Marinova Fertilizantes',
    );
    expect(manufacturer('do fertilizante foliar Kalimax®, da empresa Potassa Nutrientes (30% de K2O)')?.nome).toBe('Potassa Nutrientes');
    expect(manufacturer('O Verdekal é produzido pela Verdequímica Indústria de Fertilizantes Ltda. A adubação de plantio')?.nome).toMatch(
      /^Verdequímica Indústria de Fertilizantes Ltda\.?$/,
    );
    expect(manufacturer('doses de 0,5 e 1,0 L ha-1 de Terrabio Raiz (Terrabio Insumos Biológicos Ltda.), aplicadas no sulco')?.nome).toBe(
      'Terrabio Insumos Biológicos Ltda.',
    );
    expect(manufacturer('conduzido em Passo Fundo (RS), na Embrapa Trigo (Passo Fundo)')).toBeNull();
    expect(manufacturer('O experimento foi conduzido pela equipe da fazenda.')).toBeNull();
  });

  it('proposes it for review, with the sentence as evidence, only when no catalogue brand is named', () => {
    const result = extractFromText(
      pdfOf(
        textPage([
          'Relatório de ensaio de soja',
          'O produto Radix Plus®, fabricado pela Agrovita Nutrição Vegetal, foi aplicado via foliar.',
        ]),
      ),
      ref,
    );
    expect(result.data.marca).toBe('Agrovita Nutrição Vegetal');
    expect(result.evidence?.marca?.snippet).toContain('fabricado pela Agrovita Nutrição Vegetal');
    expect(result.evidence?.marca?.confidence).toBeLessThan(0.75);
    expect(result.warnings.join(' ')).toContain('Marca fora do catálogo: o relatório cita “Agrovita Nutrição Vegetal”.');
    const ours = extractFromText(
      pdfOf(textPage(['Relatório de ensaio de soja', 'Aminoagro Raiz, fabricado pela Agrovita Nutrição Vegetal, foi aplicado no sulco.'])),
      ref,
    );
    expect(ours.data.marca).toBe('Aminoagro');
  });
});
