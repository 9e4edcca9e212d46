/**
 * A realistic trial for the technical report's tests: a DBC soybean trial with an absolute control, a
 * reference product and three doses of the tested one in 4 blocks, its applications, site and soil,
 * and a compliance answer made by hand around its analysis.
 */
import type { ConformidadeResponse } from '../../shared/conformidade.js';
import type { Experiment, Tratamento } from '../../shared/experiment.js';
import { buildExperiment } from '../../shared/factories.test-helper.js';
import { analyze, type AnalyzeInput, type DesignInput, type TrialAnalysis } from '../../shared/stats/index.js';
import type { RelatorioTecnicoDados } from './technical-report.js';

type ComPapel = Tratamento & { papel?: 'testemunha' | 'padrao' | 'teste' | null };

const tratamento = (i: number, t: Partial<ComPapel> & Pick<Tratamento, 'nome' | 'repeticoes'>): ComPapel => {
  const reps = t.repeticoes ?? [];
  return {
    id: i + 1,
    modalidade: 'Foliar',
    custo: 0,
    nivel_a: '',
    nivel_b: '',
    dose: null,
    produtos_aplicados: [],
    analises_adicionais: [],
    produtividade: Math.round((reps.reduce((a, b) => a + b, 0) / reps.length) * 100) / 100,
    ...t,
  };
};

const produtoX = (dose: number) => [{ nome: 'Bioestimulante X', dose, unidade: 'L/ha', custo: 40 * dose }];

/** A DBC soybean trial: absolute control, a reference product and three doses of the tested one, 4 blocks. */
export function ensaio(): Experiment {
  const tratamentos: ComPapel[] = [
    tratamento(0, {
      nome: 'Testemunha absoluta',
      modalidade: 'Sem aplicação',
      papel: 'testemunha',
      dose: 0,
      repeticoes: [3220.4, 2878.5, 3142.2, 3015.6],
    }),
    tratamento(1, {
      nome: 'Padrão Fertilizante Y',
      papel: 'padrao',
      produtos_aplicados: [{ nome: 'Fertilizante foliar Y', dose: 2, unidade: 'L/ha', custo: 95 }],
      repeticoes: [3402.2, 3571.7, 3745.9, 3318.4],
    }),
    tratamento(2, {
      nome: 'Produto X 0,5 L/ha',
      papel: 'teste',
      dose: 0.5,
      produtos_aplicados: produtoX(0.5),
      repeticoes: [3480.5, 3190.1, 3341.7, 3435.2],
    }),
    tratamento(3, {
      nome: 'Produto X 1,0 L/ha',
      papel: 'teste',
      dose: 1,
      produtos_aplicados: produtoX(1),
      repeticoes: [3610.3, 3405.8, 3902.6, 3488.9],
    }),
    tratamento(4, {
      nome: 'Produto X 1,5 L/ha',
      papel: 'teste',
      dose: 1.5,
      produtos_aplicados: produtoX(1.5),
      repeticoes: [3750.7, 3298.2, 3625.4, 3561.0],
    }),
  ];
  return buildExperiment({
    id: 1234,
    consultoria: 'Agro Campo Pesquisa e Consultoria Ltda.',
    marca: 'Aminoagro',
    bu: 'BU1',
    regional: 'PR SC PY',
    cidade: 'Cascavel',
    estado: 'PR',
    latitude: -24.9555,
    longitude: -53.4552,
    teor_argila: 58.5,
    teor_materia_organica: 3.2,
    cultura: 'Soja',
    cultivar: 'M6410 IPRO',
    ano: 2025,
    tipo_estatistica: 'DBC',
    blocos: 4,
    preco_saca: 130,
    parcela: { comprimento_m: 10, largura_m: 3 },
    aplicacoes: [
      {
        chave: 'A',
        data: '2024-11-12',
        estadio: 'V4',
        volume_calda_l_ha: 150,
        equipamento: 'Pulverizador costal CO₂, ponta XR 110.02',
        temperatura_c: 26.5,
        umidade_pct: 68,
        vento_km_h: 4.2,
        tratamentos: [1, 2, 3, 4],
      },
      {
        chave: 'B',
        data: '2024-12-20',
        estadio: 'R1',
        volume_calda_l_ha: 150,
        equipamento: 'Pulverizador costal CO₂, ponta XR 110.02',
        temperatura_c: 29,
        umidade_pct: 61,
        vento_km_h: 6,
        tratamentos: [],
      },
    ],
    tratamentos,
  });
}

/** As the experiments module builds the analysis' input (analysisInput() in experiments/trial-summary.ts). */
export const entrada = (e: Experiment): AnalyzeInput => ({
  design: e.tipo_estatistica as DesignInput,
  precoSaca: e.preco_saca,
  tratamentos: e.tratamentos.map((t) => ({
    nome: t.nome,
    repeticoes: t.repeticoes ?? [],
    dose: t.dose,
    produtos: t.produtos_aplicados.map((p) => ({ dose: p.dose, custo: p.custo })),
  })),
});

export const conformidade = (analise: TrialAnalysis): ConformidadeResponse => {
  const media = (nome: string) => analise.tukey.grupos.find((g) => g.nome === nome)?.media ?? 0;
  const yt = media('Testemunha absoluta');
  const yp = media('Padrão Fertilizante Y');
  const ear = ['Produto X 0,5 L/ha', 'Produto X 1,0 L/ha', 'Produto X 1,5 L/ha'].map((nome) => ({
    nome,
    pct: (100 * (media(nome) - yt)) / (yp - yt),
  }));
  return {
    norma: 'in53',
    normaTitulo: 'IN MAPA nº 53/2013, art. 37 a 42',
    atende: false,
    regras: [
      {
        codigo: 'gl_residuo',
        titulo: 'Graus de liberdade do resíduo ≥ 15',
        referencia: 'IN 53/2013, art. 38',
        atende: false,
        situacao: 'nao_atende',
        valor: 12,
        detalhe: '12 graus de liberdade do resíduo: mínimo 15',
        sugestao: 'Com 5 blocos: 16 graus de liberdade',
      },
      {
        codigo: 'testemunha_absoluta',
        titulo: 'Testemunha absoluta',
        referencia: 'IN 53/2013, art. 39',
        atende: true,
        situacao: 'atende',
        valor: 'Testemunha absoluta',
        detalhe: 'T1 é a testemunha absoluta',
        sugestao: null,
      },
      {
        codigo: 'regressao_doses',
        titulo: 'Regressão com 3 ou mais doses',
        referencia: 'IN 53/2013, art. 40',
        atende: null,
        situacao: 'nao_se_aplica',
        valor: null,
        detalhe: 'Exigida só para produtos com recomendação de dose variável',
        sugestao: null,
      },
      {
        codigo: 'eficiencia_relativa',
        titulo: 'Eficiência agronômica relativa ao padrão',
        referencia: 'IN 53/2013, art. 41',
        atende: true,
        situacao: 'atende',
        valor: ear,
        detalhe: 'Eficiência calculada para os 3 tratamentos com o produto testado',
        sugestao: null,
      },
    ],
  };
};

/** The report's input for that trial, analysed as the server analyses it. */
export function dadosEnsaio(): RelatorioTecnicoDados {
  const experiment = ensaio();
  const analise = analyze(entrada(experiment));
  return { experiment, analise, analiseErro: null, conformidade: conformidade(analise), emitidoEm: new Date('2026-03-10T15:00:00Z') };
}
