/**
 * The technical-scientific report of a trial (issue 34): the PDF a crop-input company files with
 * MAPA for each trial: identification, site, soil, methods, treatments, results (ANOVA, Tukey,
 * gains, the dose–response curve), relative agronomic efficiency, the norm's checklist, and blank
 * lines for the conclusions and the responsible agronomist's signature. Pure: the trial, its
 * analysis and its compliance in, the PDF's bytes out (GET /api/experiments/:id/relatorio-tecnico).
 */
import {
  type ConformidadeResponse,
  type EficienciaRelativa,
  type RegraConformidade,
  SITUACAO_REGRA_LABEL,
  type SituacaoRegra,
} from '../../shared/conformidade.js';
import { FONTE_PRODUTIVIDADE_OFICIAL_COMPLETA } from '../../shared/produtividade-oficial.js';
import type { Experiment, Tratamento } from '../../shared/experiment.js';
import { formatBRL, formatIsoDate, formatLongDate, formatNumber } from '../../shared/format.js';
import { classificarCv, formatarDose, KG_POR_SACA, type TrialAnalysis } from '../../shared/stats/index.js';
import { clayClass, organicMatterClass } from '../../shared/soil.js';
import { desenharCurvaDose } from './dose-chart.js';
import { COR, Folha, type Celula, type Coluna } from './pdf-layout.js';

export interface RelatorioTecnicoDados {
  experiment: Experiment;
  /** null when the trial cannot be analysed: `analiseErro` says why. */
  analise: TrialAnalysis | null;
  analiseErro: string | null;
  conformidade: ConformidadeResponse;
  emitidoEm: Date;
}

export const TITULO_RELATORIO = 'Relatório técnico-científico de eficiência agronômica';

/** A treatment's role in the trial as the norm names it; `papel` may not exist yet on older trials. */
type Papel = 'testemunha' | 'padrao' | 'teste';
const PAPEL_LABEL: Readonly<Record<Papel, string>> = {
  testemunha: 'Testemunha absoluta',
  padrao: 'Padrão (referência)',
  teste: 'Produto testado',
};
export const papelLabel = (t: Tratamento): string => {
  const papel = (t as Tratamento & { papel?: string | null }).papel;
  return papel && papel in PAPEL_LABEL ? PAPEL_LABEL[papel as Papel] : '—';
};

const DELINEAMENTO_LABEL: Readonly<Record<string, string>> = {
  DBC: 'Blocos casualizados (DBC)',
  'Blocos Casualizados': 'Blocos casualizados (DBC)',
  'Inteiramente Casualizado': 'Inteiramente casualizado (DIC)',
  ANOVA: 'Inteiramente casualizado (DIC)',
  'Quadrado Latino': 'Quadrado latino (DQL)',
};

/** A coordinate in degrees, minutes and seconds to the tenth: 24°57′19,8″ S. */
export function grausMinutosSegundos(valor: number, eixo: 'lat' | 'lon'): string {
  const hemisferio = eixo === 'lat' ? (valor < 0 ? 'S' : 'N') : valor < 0 ? 'O' : 'L';
  const decimos = Math.round(Math.abs(valor) * 36_000);
  const graus = Math.floor(decimos / 36_000);
  const minutos = Math.floor((decimos % 36_000) / 600);
  const segundos = (decimos % 600) / 10;
  const [inteiros = '0', fracao] = formatNumber(segundos, 1).split(',');
  const s = `${inteiros.padStart(2, '0')}${fracao ? `,${fracao}` : ''}`;
  return `${graus}°${String(minutos).padStart(2, '0')}′${s}″ ${hemisferio}`;
}

/** A regression coefficient with the digits it deserves: 3.120,5 · 12,34 · 0,05613. */
export function formatarCoeficiente(v: number): string {
  const a = Math.abs(v);
  if (a >= 1000) return formatNumber(v, 1);
  if (a >= 1) return formatNumber(v, 3);
  if (a === 0) return '0';
  return new Intl.NumberFormat('pt-BR', { maximumSignificantDigits: 4 }).format(v);
}

/** ŷ = 3.120,5 + 12,34x − 0,05613x² */
export function equacao(coef: readonly number[]): string {
  const termos = coef.map((c, grau) => ({ c, sufixo: grau === 0 ? '' : grau === 1 ? 'x' : `x${grau === 2 ? '²' : '³'}` }));
  const [primeiro, ...resto] = termos;
  let texto = `ŷ = ${formatarCoeficiente(primeiro?.c ?? 0)}`;
  for (const { c, sufixo } of resto) texto += ` ${c < 0 ? '−' : '+'} ${formatarCoeficiente(Math.abs(c))}${sufixo}`;
  return texto;
}

const formatos = new Map<number, Intl.NumberFormat>();
/** A number with exactly `casas` decimals, so a column's digits line up: 56,0 · 3.456,8 · 1.347.111,69. */
export function decimais(v: number | null | undefined, casas: number): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  let f = formatos.get(casas);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });
    formatos.set(casas, f);
  }
  return f.format(v);
}

/** p as a table prints it: "< 0,0001", "0,0234". */
const formatarP = (p: number | null): string => (p === null ? '' : p < 0.0001 ? '< 0,0001' : decimais(p, 4));
/** "p < 0,0001", "p = 0,0234" */
const pIgual = (p: number | null): string => (p === null ? '' : p < 0.0001 ? 'p < 0,0001' : `p = ${decimais(p, 4)}`);
const significancia = (p: number | null): string => (p === null ? '' : p < 0.01 ? '**' : p < 0.05 ? '*' : 'ns');
const pct = (v: number | null | undefined, casas = 1): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${decimais(v, casas)} %`;
const ou = (v: string | null | undefined): string => (v && v.trim() ? v.trim() : '—');

/** The efficiency rule's value, if it is the list the rule promises. */
function eficiencias(regra: RegraConformidade | undefined): EficienciaRelativa[] | null {
  if (!regra || !Array.isArray(regra.valor)) return null;
  return (regra.valor as unknown[]).filter(
    (v): v is EficienciaRelativa =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { nome?: unknown }).nome === 'string' &&
      (typeof (v as { pct?: unknown }).pct === 'number' || (v as { pct?: unknown }).pct === null),
  );
}

/** The unit of the regression's dose: that of the product whose dose is the treatment's, the commonest. */
function unidadeDose(tratamentos: readonly Tratamento[]): string {
  const contagem = new Map<string, number>();
  for (const t of tratamentos) {
    if (t.dose === null || t.dose === undefined) continue;
    const p = t.produtos_aplicados.find((p) => p.dose === t.dose && p.unidade) ?? t.produtos_aplicados.find((p) => p.unidade);
    if (p?.unidade) contagem.set(p.unidade, (contagem.get(p.unidade) ?? 0) + 1);
  }
  return [...contagem.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const veredito = (situacao: SituacaoRegra): Celula =>
  situacao === 'atende'
    ? { texto: SITUACAO_REGRA_LABEL.atende, negrito: true, cor: COR.atende }
    : situacao === 'nao_atende'
      ? { texto: SITUACAO_REGRA_LABEL.nao_atende, negrito: true, cor: COR.naoAtende }
      : { texto: SITUACAO_REGRA_LABEL[situacao], cor: COR.neutro };

/** The PDF of the trial's technical-scientific report. */
export async function relatorioTecnicoPdf(dados: RelatorioTecnicoDados): Promise<Buffer> {
  const { experiment: e, analise, analiseErro, conformidade, emitidoEm } = dados;
  const folha = new Folha({
    titulo: `${TITULO_RELATORIO} – Experimento nº ${e.id}`,
    autor: e.consultoria,
    assunto: `${e.cultura} · ${e.cidade}/${e.estado} · ${e.ano}`,
    criadoEm: emitidoEm,
  });
  const numeroDe = new Map(e.tratamentos.map((t, i) => [t.nome.trim(), `T${i + 1}`]));
  const numero = (nome: string): string => numeroDe.get(nome.trim()) ?? '';
  let tabelas = 0;
  const legenda = (texto: string): string => `Tabela ${++tabelas} – ${texto}`;

  folha.tituloDocumento(
    TITULO_RELATORIO,
    [`Experimento nº ${e.id}`, e.cultura, e.cultivar && `cultivar ${e.cultivar}`, `${e.cidade}/${e.estado}`, String(e.ano)]
      .filter(Boolean)
      .join(' · '),
  );

  // 1. Identificação
  folha.secao('1. Identificação');
  folha.campos([
    ['Experimento nº', String(e.id)],
    ['Emitido em', formatLongDate(emitidoEm)],
    ['Consultoria', ou(e.consultoria)],
    ['Marca', ou(e.marca)],
    ['Business Unit', ou(e.bu)],
    ['Cultura', ou(e.cultura)],
    ['Cultivar', ou(e.cultivar)],
    ['Safra (ano)', String(e.ano)],
  ]);
  folha.campos([['Norma', conformidade.normaTitulo]], { colunas: 1, rotulo: 104 });

  // 2. Local
  folha.secao('2. Local');
  const temCoordenadas = e.latitude !== null && e.longitude !== null && e.latitude !== undefined && e.longitude !== undefined;
  folha.campos([
    ['Município/UF', `${ou(e.cidade)}/${ou(e.estado)}`],
    ['Regional', ou(e.regional)],
  ]);
  folha.campos(
    [
      [
        'Coordenadas (graus decimais)',
        temCoordenadas ? `latitude ${formatNumber(e.latitude, 6)}°, longitude ${formatNumber(e.longitude, 6)}°` : 'Não informadas',
      ],
      [
        'Coordenadas (graus, minutos e segundos)',
        temCoordenadas
          ? `latitude ${grausMinutosSegundos(e.latitude as number, 'lat')}, longitude ${grausMinutosSegundos(e.longitude as number, 'lon')}`
          : 'Não informadas',
      ],
    ],
    { colunas: 1, rotulo: 160 },
  );

  // 3. Solo
  folha.secao('3. Solo');
  const argila = clayClass(e.teor_argila);
  const mo = organicMatterClass(e.teor_materia_organica);
  folha.campos([
    [
      'Teor de argila',
      e.teor_argila === null ? 'Não informado' : `${formatNumber(e.teor_argila, 2)} %${argila ? ` (${argila.label.toLowerCase()})` : ''}`,
    ],
    [
      'Matéria orgânica',
      e.teor_materia_organica === null
        ? 'Não informada'
        : `${formatNumber(e.teor_materia_organica, 1)} %${mo ? ` (${mo.label.toLowerCase()})` : ''}`,
    ],
  ]);

  // 4. Metodologia
  folha.secao('4. Metodologia');
  const repeticoes = e.blocos ?? Math.max(0, ...e.tratamentos.map((t) => t.repeticoes?.length ?? 0));
  const parcela = e.parcela;
  const areaParcela = parcela ? parcela.comprimento_m * parcela.largura_m : null;
  const parcelas = repeticoes * e.tratamentos.length;
  folha.campos([
    ['Delineamento', DELINEAMENTO_LABEL[e.tipo_estatistica] ?? e.tipo_estatistica],
    ['Tratamentos', String(e.tratamentos.length)],
    ['Blocos (repetições)', repeticoes ? String(repeticoes) : '—'],
    ['Parcelas', parcelas ? String(parcelas) : '—'],
    [
      'Parcela',
      parcela && areaParcela !== null
        ? `${formatNumber(parcela.comprimento_m, 2)} m × ${formatNumber(parcela.largura_m, 2)} m = ${formatNumber(areaParcela, 2)} m²`
        : 'Não informada',
    ],
    ['Área experimental', areaParcela !== null && parcelas ? `${formatNumber(areaParcela * parcelas, 1)} m²` : '—'],
  ]);
  folha.paragrafo(
    'Os dados de produtividade (kg/ha) foram submetidos à análise de variância pelo teste F; as médias dos tratamentos foram comparadas ' +
      'pelo teste de Tukey a 5 % de probabilidade. A normalidade dos resíduos foi verificada pelo teste de Shapiro-Wilk e a ' +
      'homogeneidade das variâncias pelo teste de Bartlett. Quando os tratamentos têm doses, a resposta à dose foi ajustada por ' +
      'regressão polinomial (linear ou quadrática), escolhendo o maior grau significativo a 5 %.',
  );
  folha.subsecao('Aplicações');
  if (e.aplicacoes.length) {
    const colunas: Coluna[] = [
      { titulo: 'Aplicação', peso: 11 },
      { titulo: 'Data', peso: 13 },
      { titulo: 'Estádio', peso: 9 },
      { titulo: 'Calda\n(L/ha)', peso: 10, alinhamento: 'right' },
      { titulo: 'Equipamento', peso: 23 },
      { titulo: 'Condições', peso: 20 },
      { titulo: 'Tratamentos', peso: 14 },
    ];
    folha.tabela(
      colunas,
      e.aplicacoes.map((a) => [
        a.chave,
        formatIsoDate(a.data),
        ou(a.estadio),
        decimais(a.volume_calda_l_ha, 1),
        ou(a.equipamento),
        condicoes(a) || '—',
        a.tratamentos.length ? a.tratamentos.map((i) => `T${i + 1}`).join(', ') : 'Todos',
      ]),
      { legenda: legenda('Aplicações dos tratamentos'), inteira: true },
    );
  } else {
    folha.paragrafo('Nenhuma aplicação registrada.', { cor: COR.suave });
  }

  // 5. Tratamentos
  const colunasTratamentos: Coluna[] = [
    { titulo: 'Nº', peso: 5, alinhamento: 'center' },
    { titulo: 'Tratamento', peso: 24 },
    { titulo: 'Papel', peso: 16 },
    { titulo: 'Modalidade', peso: 14 },
    { titulo: 'Produtos (dose e unidade)', peso: 41 },
  ];
  const linhasTratamentos = e.tratamentos.map((t, i) => [
    `T${i + 1}`,
    t.nome,
    papelLabel(t),
    ou(t.modalidade),
    t.produtos_aplicados.length
      ? t.produtos_aplicados
          .map((p) => `${p.nome}${p.dose === null ? '' : ` – ${formatarDose(p.dose)}${p.unidade ? ` ${p.unidade}` : ''}`}`)
          .join('\n')
      : 'Sem produto aplicado',
  ]);
  const legendaTratamentos = legenda('Tratamentos avaliados');
  folha.secao('5. Tratamentos', folha.alturaTabela(colunasTratamentos, linhasTratamentos, legendaTratamentos));
  folha.tabela(colunasTratamentos, linhasTratamentos, { legenda: legendaTratamentos, inteira: true });

  // 6. Resultados
  folha.secao('6. Resultados', 120);
  if (analise) resultados(folha, analise, e, numero, legenda);
  else {
    folha.paragrafo(`A análise estatística não pôde ser feita: ${analiseErro ?? 'dados insuficientes.'}`, { negrito: true });
    folha.tabela(
      [
        { titulo: 'Nº', peso: 6, alinhamento: 'center' },
        { titulo: 'Tratamento', peso: 50 },
        { titulo: 'Produtividade\n(kg/ha)', peso: 22, alinhamento: 'right' },
        { titulo: 'Produtividade\n(sc/ha)', peso: 22, alinhamento: 'right' },
      ],
      e.tratamentos.map((t, i) => [
        `T${i + 1}`,
        t.nome,
        decimais(t.produtividade, 1),
        t.produtividade === null ? '—' : decimais(t.produtividade / KG_POR_SACA, 1),
      ]),
      { legenda: legenda('Produtividade informada por tratamento'), inteira: true },
    );
  }

  // 7. Eficiência agronômica relativa
  folha.secao('7. Eficiência agronômica relativa');
  const regraEar = conformidade.regras.find((r) => r.codigo === 'eficiencia_relativa');
  const ear = eficiencias(regraEar);
  folha.paragrafo('EAR (%) = (Y tratamento − Y testemunha) ÷ (Y padrão − Y testemunha) × 100, com Y a produtividade média.');
  if (ear && ear.length) {
    folha.tabela(
      [
        { titulo: 'Nº', peso: 8, alinhamento: 'center' },
        { titulo: 'Tratamento', peso: 62 },
        { titulo: 'Eficiência agronômica relativa', peso: 30, alinhamento: 'right' },
      ],
      ear.map((v) => [numero(v.nome) || '—', v.nome, pct(v.pct, 1)]),
      { legenda: legenda('Eficiência agronômica relativa ao padrão'), inteira: true },
    );
  }
  if (regraEar?.detalhe) folha.nota(regraEar.detalhe);
  else if (!ear?.length) folha.nota('Eficiência relativa não calculada.');

  // 8. Conformidade
  folha.secao('8. Conformidade com a norma');
  folha.paragrafo(`Verificação dos requisitos da ${conformidade.normaTitulo}.`);
  folha.tabela(
    [
      { titulo: 'Requisito', peso: 27 },
      { titulo: 'Referência', peso: 16 },
      { titulo: 'Resultado', peso: 14 },
      { titulo: 'Detalhe', peso: 43 },
    ],
    conformidade.regras.map((r) => [
      r.titulo,
      r.referencia,
      veredito(r.situacao),
      r.sugestao && r.atende === false ? `${r.detalhe}\nSugestão: ${r.sugestao}` : r.detalhe,
    ]),
    { legenda: legenda('Lista de verificação da norma') },
  );
  const regional = conformidade.regras.find((r) => r.codigo === 'media_regional')?.valor as { oficial?: boolean } | null | undefined;
  if (regional?.oficial) folha.paragrafo(`Fonte da média da região: ${FONTE_PRODUTIVIDADE_OFICIAL_COMPLETA}`);
  const falhas = conformidade.regras.filter((r) => r.atende === false).length;
  folha.paragrafo(
    conformidade.atende
      ? 'Resultado: o ensaio atende a todos os requisitos aplicáveis da norma.'
      : `Resultado: o ensaio não atende a ${falhas} ${falhas === 1 ? 'requisito' : 'requisitos'} da norma.`,
    { negrito: true, cor: conformidade.atende ? COR.atende : COR.naoAtende },
  );

  // 9. Conclusões e responsável técnico
  folha.secao('9. Conclusões', 120);
  folha.linhasParaEscrever(9);
  folha.secao('Responsável técnico', 180);
  for (const rotulo of ['Nome', 'CREA', 'Assinatura', 'Local e data']) {
    folha.avancar(20);
    const y = folha.doc.y;
    folha.fonte(9.5, true, COR.texto);
    folha.doc.text(`${rotulo}:`, folha.esquerda, y - 10, { width: 90, lineBreak: false });
    folha.doc
      .save()
      .moveTo(folha.esquerda + 92, y + 2)
      .lineTo(folha.esquerda + folha.largura, y + 2)
      .lineWidth(0.5)
      .strokeColor(COR.regua)
      .stroke()
      .restore();
    folha.doc.y = y + 8;
  }

  return folha.terminar(
    `Gestão Agrícola · Relatório técnico-científico · Experimento nº ${e.id}`,
    `Emitido em ${formatLongDate(emitidoEm)}`,
  );
}

/** "25,0 °C · UR 70 % · vento 5 km/h" */
function condicoes(a: Experiment['aplicacoes'][number]): string {
  return [
    a.temperatura_c === null ? null : `${formatNumber(a.temperatura_c, 1)} °C`,
    a.umidade_pct === null ? null : `UR ${formatNumber(a.umidade_pct, 0)} %`,
    a.vento_km_h === null ? null : `vento ${formatNumber(a.vento_km_h, 1)} km/h`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function resultados(
  folha: Folha,
  analise: TrialAnalysis,
  e: Experiment,
  numero: (nome: string) => string,
  legenda: (texto: string) => string,
): void {
  // 6.1 ANOVA
  folha.subsecao('6.1 Análise de variância', 110);
  folha.tabela(
    [
      { titulo: 'Fonte de variação', peso: 26 },
      { titulo: 'GL', peso: 8, alinhamento: 'right' },
      { titulo: 'SQ', peso: 20, alinhamento: 'right' },
      { titulo: 'QM', peso: 18, alinhamento: 'right' },
      { titulo: 'F', peso: 11, alinhamento: 'right' },
      { titulo: '', peso: 5 },
      { titulo: 'p', peso: 12, alinhamento: 'right' },
    ],
    analise.anova.linhas.map((l) => [
      { texto: l.fonte, negrito: l.fonte === 'Total' },
      String(l.gl),
      decimais(l.sq, 2),
      l.qm === null ? '' : decimais(l.qm, 2),
      l.f === null ? '' : decimais(l.f, 2),
      l.f === null ? '' : significancia(l.p),
      formatarP(l.p),
    ]),
    { legenda: legenda('Análise de variância da produtividade (kg/ha)'), inteira: true },
  );
  folha.nota('** significativo a 1 %; * significativo a 5 %; ns não significativo (teste F).');
  const transformada = analise.transformacao.aplicada;
  folha.campos([
    ['Média geral', `${decimais(analise.media, 1)} kg/ha`],
    ['Coeficiente de variação', `CV = ${decimais(analise.cv, 1)} % (${classificarCv(analise.cv)})`],
    ['Normalidade (Shapiro-Wilk)', `W = ${decimais(analise.shapiroWilk.w, 4)}; ${pIgual(analise.shapiroWilk.p)}`],
    ['Homogeneidade (Bartlett)', analise.bartlett.p === null ? 'Não calculável' : pIgual(analise.bartlett.p)],
  ]);
  if (transformada) {
    folha.nota(`Análise feita com os dados transformados (${transformada}); médias, ganhos e CV estão na escala original (kg/ha).`);
  }

  // 6.2 Means and Tukey
  folha.subsecao('6.2 Médias e teste de Tukey', 90);
  folha.tabela(
    [
      { titulo: 'Nº', peso: 7, alinhamento: 'center' },
      { titulo: 'Tratamento', peso: 45 },
      { titulo: 'Média\n(kg/ha)', peso: 18, alinhamento: 'right' },
      { titulo: 'Média\n(sc/ha)', peso: 16, alinhamento: 'right' },
      { titulo: 'Tukey 5 %', peso: 14, alinhamento: 'center' },
    ],
    analise.tukey.grupos.map((g) => [numero(g.nome), g.nome, decimais(g.media, 1), decimais(g.media / KG_POR_SACA, 1), g.letras]),
    { legenda: legenda('Produtividade média dos tratamentos'), inteira: true },
  );
  folha.nota(
    `Médias seguidas da mesma letra não diferem entre si pelo teste de Tukey a 5 % de probabilidade (DMS = ${decimais(analise.tukey.dms, 1)} kg/ha).`,
  );

  // 6.3 Gains over the control
  if (analise.testemunha && analise.ganhos.length) {
    const precificado = analise.ganhos.some((g) => g.receitaExtra !== null);
    folha.subsecao('6.3 Ganho sobre a testemunha', 90);
    const colunas: Coluna[] = [
      { titulo: 'Nº', peso: 7, alinhamento: 'center' },
      { titulo: 'Tratamento', peso: 31 },
      { titulo: 'Ganho\n(kg/ha)', peso: 16, alinhamento: 'right' },
      { titulo: 'Ganho\n(sc/ha)', peso: 15, alinhamento: 'right' },
      { titulo: 'Ganho\n(%)', peso: 12, alinhamento: 'right' },
      ...(precificado ? [{ titulo: 'Receita extra\n(R$/ha)', peso: 19, alinhamento: 'right' as const }] : []),
    ];
    folha.tabela(
      colunas,
      analise.ganhos.map((g) => [
        numero(g.nome),
        g.nome,
        decimais(g.kgHa, 1),
        decimais(g.scHa, 1),
        pct(g.pct, 1),
        ...(precificado ? [formatBRL(g.receitaExtra)] : []),
      ]),
      { legenda: legenda(`Ganho de produtividade sobre a testemunha (${analise.testemunha.nome})`), inteira: true },
    );
    folha.nota(
      `Testemunha: ${analise.testemunha.nome}, ${decimais(analise.testemunha.media, 1)} kg/ha. Saca de ${KG_POR_SACA} kg` +
        (precificado && e.preco_saca !== null ? `, a ${formatBRL(e.preco_saca)}.` : '.'),
    );
  }

  // 6.4 Dose–response
  const reg = analise.regressao;
  if (reg) {
    folha.subsecao('6.4 Regressão de dose', 260);
    const unidade = unidadeDose(e.tratamentos);
    if (reg.modelo && reg.coeficientes) {
      folha.paragrafo(
        `Modelo ${reg.modelo === 'linear' ? 'linear' : 'quadrático'}: ${equacao(reg.coeficientes)}, ` +
          `com x a dose${unidade ? ` (${unidade})` : ''}; R² = ${decimais(reg.r2, 4)}; ${pIgual(reg.p)}.`,
        { negrito: true },
      );
      const extras = [
        reg.dose_maxima !== null
          ? `Dose de máxima produtividade: ${formatarDose(reg.dose_maxima)}${unidade ? ` ${unidade}` : ''} (${decimais(reg.produtividade_maxima, 1)} kg/ha).`
          : null,
        reg.dose_economica !== null
          ? `Dose de máxima eficiência econômica: ${formatarDose(reg.dose_economica)}${unidade ? ` ${unidade}` : ''} (${decimais(reg.produtividade_economica, 1)} kg/ha).`
          : null,
      ].filter((t): t is string => t !== null);
      if (extras.length) folha.paragrafo(extras.join(' '));
    }
    if (reg.medias_por_dose.length >= 2) {
      desenharCurvaDose(folha, {
        pontos: reg.medias_por_dose,
        coeficientes: reg.modelo ? reg.coeficientes : null,
        rotuloX: unidade ? `Dose (${unidade})` : 'Dose',
        rotuloY: 'Produtividade (kg/ha)',
      });
      folha.nota(
        `Figura 1 – Produtividade média por dose${reg.modelo ? ' e curva ajustada' : ''}. ` +
          reg.medias_por_dose
            .map((p) => `${formatarDose(p.dose)}${unidade ? ` ${unidade}` : ''}: ${decimais(p.media, 1)} kg/ha`)
            .join('; ') +
          '.',
      );
    }
    for (const aviso of reg.avisos) folha.nota(aviso);
  }
}
