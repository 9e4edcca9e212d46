import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { decimais, equacao, grausMinutosSegundos, relatorioTecnicoPdf } from './technical-report.js';
import { dadosEnsaio } from './technical-report.test-helper.js';

async function texto(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The FontName of every embedded TrueType program (a FontDescriptor with a FontFile2). */
async function fontesEmbutidas(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .filter((d) => d.has(PDFName.of('FontFile2')))
    .map((d) => d.get(PDFName.of('FontName'))?.toString() ?? '');
}

describe('relatorioTecnicoPdf', () => {
  const dados = dadosEnsaio();
  const analise = dados.analise!;

  it('writes every section, the trial and its numbers in pt-BR', async () => {
    const pdf = await relatorioTecnicoPdf(dados);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const t = await texto(pdf);
    for (const titulo of [
      'Relatório técnico-científico de eficiência agronômica',
      '1. Identificação',
      '2. Local',
      '3. Solo',
      '4. Metodologia',
      '5. Tratamentos',
      '6. Resultados',
      '7. Eficiência agronômica relativa',
      '8. Conformidade com a norma',
      '9. Conclusões',
      'Responsável técnico',
    ]) {
      expect(t).toContain(titulo);
    }
    expect(t).toContain('Gestão Agrícola · Relatório técnico-científico · Experimento nº 1234');
    expect(t).toMatch(/Página 1 de \d/);
    expect(t).toContain('Emitido em 10 de março de 2026');
    // Site, soil, methods, treatments.
    expect(t).toContain('Cascavel/PR');
    expect(t).toContain('latitude -24,9555°, longitude -53,4552°');
    expect(t).toContain('24°57′19,8″ S');
    expect(t).toContain('53°27′18,7″ O');
    expect(t).toContain('58,5 % (argiloso)');
    expect(t).toContain('3,2 % (médio)');
    expect(t).toContain('10 m × 3 m = 30 m²');
    expect(t).toContain('Blocos casualizados (DBC)');
    expect(t).toContain('12/11/2024');
    expect(t).toContain('Pulverizador costal CO₂');
    expect(t).toContain('Testemunha absoluta');
    expect(t).toContain('Padrão (referência)');
    expect(t).toContain('Produto testado');
    expect(t).toContain('Bioestimulante X – 1,5 L/ha');
    // Results: ANOVA, CV, means with letters, gains, regression.
    const tratamentos = analise.anova.linhas.find((l) => l.fonte === 'Tratamentos');
    expect(t).toContain(`${decimais(tratamentos?.f, 2)} **`);
    expect(t).toContain(`CV = ${decimais(analise.cv, 1)} %`);
    for (const g of analise.tukey.grupos) {
      expect(decimais(g.media, 1)).toMatch(/^\d\.\d{3},\d$/);
      expect(t).toContain(`${g.nome} ${decimais(g.media, 1)} ${decimais(g.media / 60, 1)} ${g.letras}`);
    }
    expect(t).toContain(decimais(analise.ganhos[0]?.kgHa, 1));
    expect(analise.regressao?.modelo).toBe('quadratico');
    expect(t).toContain(equacao(analise.regressao?.coeficientes ?? []));
    expect(t).toContain(`R² = ${decimais(analise.regressao?.r2, 4)}`);
    expect(t).toContain('Produtividade (kg/ha)');
    // Efficiency and checklist.
    for (const v of dados.conformidade.regras.find((r) => r.codigo === 'eficiencia_relativa')?.valor as { pct: number }[]) {
      expect(t).toContain(`${decimais(v.pct, 1)} %`);
    }
    expect(t).toContain('Atende');
    expect(t).toContain('Não atende');
    expect(t).toContain('Não se aplica');
    expect(t).toContain('Graus de liberdade do resíduo ≥ 15');
    expect(t).toContain('Sugestão: Com 5 blocos: 16 graus de liberdade');
    for (const rotulo of ['Nome:', 'CREA:', 'Assinatura:', 'Local e data:']) expect(t).toContain(rotulo);
  });

  it('embeds the DejaVu fonts', async () => {
    const fontes = await fontesEmbutidas(await relatorioTecnicoPdf(dados));
    expect(fontes.some((f) => /DejaVuSans$/.test(f))).toBe(true);
    expect(fontes.some((f) => /DejaVuSans-Bold$/.test(f))).toBe(true);
  });

  it('says why there are no statistics when the trial cannot be analysed', async () => {
    const t = await texto(
      await relatorioTecnicoPdf({
        ...dados,
        analise: null,
        analiseErro: 'São necessárias pelo menos 2 repetições por tratamento (informada: 1).',
      }),
    );
    expect(t).toContain('A análise estatística não pôde ser feita: São necessárias pelo menos 2 repetições');
    expect(t).toContain('Produtividade informada por tratamento');
    expect(t).toContain('9. Conclusões');
  });

  it('draws the observed means alone when no regression term is significant', async () => {
    const regressao = { ...analise.regressao!, modelo: null, coeficientes: null, r2: null, p: null };
    const t = await texto(await relatorioTecnicoPdf({ ...dados, analise: { ...analise, regressao } }));
    expect(t).toContain('Figura 1 – Produtividade média por dose. 0 L/ha: ');
    expect(t).toContain('Média observada');
    expect(t).not.toContain('Curva ajustada');
    expect(t).not.toContain('ŷ =');
  });

  it('cites the official average when the region’s average is the one the product ships', async () => {
    const regra = (oficial: boolean) => ({
      codigo: 'media_regional',
      titulo: 'Produtividade comparada com a média da região',
      referencia: 'IN 53/2013, art. 40',
      atende: true,
      situacao: 'atende' as const,
      valor: { ensaio: 3500, regional: 3739, pct: 93.6, fonte: oficial ? 'média de Soja em PR, Conab' : 'informada no ensaio', oficial },
      detalhe: 'Média do ensaio 3.500 kg/ha',
      sugestao: null,
    });
    const com = (oficial: boolean) =>
      relatorioTecnicoPdf({ ...dados, conformidade: { ...dados.conformidade, regras: [...dados.conformidade.regras, regra(oficial)] } });
    expect(await texto(await com(true))).toContain(
      'Fonte da média da região: Companhia Nacional de Abastecimento (Conab). Acompanhamento da safra brasileira de grãos',
    );
    expect(await texto(await com(false))).not.toContain('Fonte da média da região');
  });

  it('repeats a long table’s header on the next page', async () => {
    const muitas = Array.from({ length: 40 }, (_, i) => ({
      codigo: `regra_${i}`,
      titulo: `Requisito número ${i + 1} da norma`,
      referencia: 'IN 53/2013, art. 38',
      atende: i % 3 === 0 ? null : i % 2 === 0,
      situacao: i % 3 === 0 ? ('nao_se_aplica' as const) : i % 2 === 0 ? ('atende' as const) : ('nao_atende' as const),
      valor: null,
      detalhe: 'Um detalhe de duas linhas para que a tabela ocupe mais de uma página inteira do relatório.',
      sugestao: null,
    }));
    const pdf = await relatorioTecnicoPdf({ ...dados, conformidade: { ...dados.conformidade, regras: muitas } });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
    const comCabecalho = text.filter((p) => /Requisito\s+Referência\s+Resultado\s+Detalhe/.test(p.replace(/\s+/g, ' ')));
    expect(comCabecalho.length).toBeGreaterThanOrEqual(2);
  });
});

describe('grausMinutosSegundos', () => {
  it.each([
    [-24.9555, 'lat', '24°57′19,8″ S'],
    [-53.4552, 'lon', '53°27′18,7″ O'],
    [10.5, 'lat', '10°30′00″ N'],
    [-17.79235, 'lat', '17°47′32,5″ S'],
    [0.000014, 'lon', '0°00′00,1″ L'],
  ] as const)('%d (%s) → %s', (v, eixo, esperado) => {
    expect(grausMinutosSegundos(v, eixo)).toBe(esperado);
  });
});

describe('equacao', () => {
  it('writes the fitted curve with signs and pt-BR digits', () => {
    expect(equacao([3120.456, 12.3456, -0.056134])).toBe('ŷ = 3.120,5 + 12,346x − 0,05613x²');
    expect(equacao([50, -2])).toBe('ŷ = 50 − 2x');
  });
});
