/**
 * Realistic demo experiments as plain objects: pure and deterministic (a seeded PRNG, a fixed
 * anchor date), so a seed always yields the same data and tests can compare runs. Names and
 * places are plausible on purpose: real farming municipalities with their coordinates and
 * regional, crops where they are grown, yields and costs in believable ranges.
 */
import { BUSINESS_UNITS, CULTIVARES_SUGERIDAS, MODOS_APLICACAO, TIPOS_ESTATISTICA, YEAR_MAX, YEAR_MIN } from '../../shared/constants.js';
import {
  type Experiment,
  type ExperimentData,
  type ServerOwnedFields,
  custoTratamento,
  produtividadeMedia,
} from '../../shared/experiment.js';

/** "Now" of the generated data unless the caller gives another: keeps output reproducible. */
export const DEMO_ANCHOR = new Date('2026-11-01T12:00:00Z');

export interface ReferenceData {
  marcas: readonly string[];
  /** Product catalogue of each brand. */
  produtosPorMarca: Readonly<Record<string, readonly string[]>>;
  /** Regional names (experiments reference regionais.nome). */
  regionais: readonly string[];
  culturas: readonly string[];
  /** State codes; when given, municipalities of other states are left out. */
  estados?: readonly string[];
}

export interface DemoOptions {
  count: number;
  seed?: number;
  /** Exact number of treatments per experiment (default 3–6). */
  treatments?: number;
  /** Exact number of products per treatment, the control included (default 1–3, control 0). */
  products?: number;
  /** Exact number of analyses per treatment (default 0–2). */
  analyses?: number;
  /** The anchor date: created_at spreads over the 3 years before it. */
  now?: Date;
  /** The newest crop year (default: the anchor's year). */
  currentYear?: number;
}

export interface DemoProduct {
  nome: string;
  dose: number;
  custo: number;
}

export interface DemoAnalysis {
  nome: string;
  valor: number;
  unidade: string;
}

export interface DemoTreatment {
  nome: string;
  modalidade: string;
  /** The mean of `repeticoes` (rounded as the API rounds it) when the trial has plot yields. */
  produtividade: number;
  custo: number;
  /** Plot yields (kg/ha), one per block, in ~60 % of the trials. */
  repeticoes?: number[];
  produtos_aplicados: DemoProduct[];
  analises_adicionais: DemoAnalysis[];
  /** Plot values per assessment key, in the trials that rate some (see gerarAvaliacoes). */
  observacoes?: Record<string, number[]>;
}

type DemoAvaliacao = DemoExperiment['avaliacoes'][number];

/** An experiment as the API would return it, less what the server owns, with the seed's treatments. */
export interface DemoExperiment extends Omit<
  Experiment,
  keyof ServerOwnedFields | 'tratamentos' | 'teor_argila' | 'teor_materia_organica' | 'avaliacoes'
> {
  avaliacoes: ExperimentData['avaliacoes'];
  /** The seed always gives the soil contents (the API also takes null for imported trials). */
  teor_argila: number;
  teor_materia_organica: number;
  produtividade_media: number;
  created_at: Date;
  tratamentos: DemoTreatment[];
}

/* ---------- the world the data is drawn from ---------- */

interface Municipio {
  cidade: string;
  uf: string;
  regional: string;
  lat: number;
  lon: number;
  /** Typical clay content of the area's soils, %. */
  argila: readonly [number, number];
  culturas: readonly string[];
}

const GRAOS_SUL = ['Soja', 'Milho', 'Trigo', 'Feijão'];

/** A municipality as [cidade, uf, lat, lon, argila, culturas]; the table groups them by regional. */
type LinhaMunicipio = readonly [
  cidade: string,
  uf: string,
  lat: number,
  lon: number,
  argila: readonly [number, number],
  culturas: readonly string[],
];

/** Real municipalities (seat coordinates) and what their farms grow, by regional. */
const MUNICIPIOS_POR_REGIONAL: Readonly<Record<string, readonly LinhaMunicipio[]>> = {
  'PR SC PY': [
    ['Cascavel', 'PR', -24.9555, -53.4552, [45, 65], GRAOS_SUL],
    ['Toledo', 'PR', -24.7246, -53.7412, [50, 65], ['Soja', 'Milho', 'Trigo']],
    ['Palotina', 'PR', -24.2868, -53.8404, [40, 65], ['Soja', 'Milho', 'Trigo']],
    ['Guarapuava', 'PR', -25.3902, -51.4623, [40, 65], [...GRAOS_SUL, 'Batata']],
    ['Ponta Grossa', 'PR', -25.0916, -50.1668, [25, 50], [...GRAOS_SUL, 'Batata']],
    ['Castro', 'PR', -24.7891, -50.0108, [25, 50], [...GRAOS_SUL, 'Batata']],
    ['Londrina', 'PR', -23.3045, -51.1696, [50, 65], ['Soja', 'Milho', 'Trigo', 'Café']],
    ['Chapecó', 'SC', -27.1004, -52.6152, [45, 65], GRAOS_SUL],
    ['Campos Novos', 'SC', -27.4019, -51.2253, [45, 65], GRAOS_SUL],
    ['Xanxerê', 'SC', -26.877, -52.404, [45, 65], ['Soja', 'Milho', 'Feijão']],
  ],
  'MT BR 163': [
    ['Sorriso', 'MT', -12.5425, -55.7211, [25, 50], ['Soja', 'Milho', 'Algodão', 'Feijão']],
    ['Lucas do Rio Verde', 'MT', -13.0588, -55.9042, [30, 55], ['Soja', 'Milho', 'Algodão']],
    ['Nova Mutum', 'MT', -13.8374, -56.0743, [30, 55], ['Soja', 'Milho', 'Algodão']],
    ['Sinop', 'MT', -11.8604, -55.5091, [25, 50], ['Soja', 'Milho', 'Arroz']],
  ],
  'MT Oeste/RO/AC': [
    ['Campo Novo do Parecis', 'MT', -13.6587, -57.8907, [15, 35], ['Soja', 'Milho', 'Algodão', 'Feijão']],
    ['Sapezal', 'MT', -12.9892, -58.7648, [15, 35], ['Soja', 'Milho', 'Algodão']],
    ['Vilhena', 'RO', -12.7406, -60.1458, [25, 50], ['Soja', 'Milho']],
    ['Cerejeiras', 'RO', -13.187, -60.8168, [20, 45], ['Soja', 'Milho', 'Arroz']],
    ['Cacoal', 'RO', -11.4343, -61.4562, [20, 45], ['Café', 'Milho']],
    ['Rio Branco', 'AC', -9.9754, -67.8249, [20, 45], ['Milho', 'Soja', 'Arroz', 'Banana']],
  ],
  GO: [
    ['Rio Verde', 'GO', -17.7923, -50.9192, [35, 60], ['Soja', 'Milho', 'Algodão']],
    ['Jataí', 'GO', -17.8784, -51.7204, [30, 60], ['Soja', 'Milho', 'Algodão', 'Cana-de-açúcar']],
    ['Cristalina', 'GO', -16.7676, -47.6131, [35, 60], ['Soja', 'Milho', 'Feijão', 'Trigo', 'Batata', 'Café']],
    ['Mineiros', 'GO', -17.5654, -52.5537, [20, 45], ['Soja', 'Milho', 'Algodão', 'Cana-de-açúcar']],
    ['Montividiu', 'GO', -17.4439, -51.1728, [35, 60], ['Soja', 'Milho']],
  ],
  'Cerrado MG': [
    ['Unaí', 'MG', -16.3592, -46.9022, [30, 60], ['Soja', 'Milho', 'Feijão', 'Trigo']],
    ['Paracatu', 'MG', -17.2252, -46.8711, [25, 55], ['Soja', 'Milho', 'Feijão', 'Cana-de-açúcar']],
    ['Patos de Minas', 'MG', -18.5789, -46.5181, [35, 60], ['Milho', 'Soja', 'Café', 'Feijão', 'Batata']],
    ['Patrocínio', 'MG', -18.9379, -46.9934, [40, 65], ['Café', 'Soja', 'Milho']],
    ['Uberaba', 'MG', -19.7472, -47.9381, [20, 45], ['Soja', 'Milho', 'Cana-de-açúcar']],
    ['Perdizes', 'MG', -19.3511, -47.2963, [35, 60], ['Batata', 'Café', 'Soja', 'Milho']],
  ],
  Nordeste: [
    ['Luís Eduardo Magalhães', 'BA', -12.0956, -45.7866, [12, 30], ['Soja', 'Milho', 'Algodão', 'Café']],
    ['Barreiras', 'BA', -12.1528, -44.99, [12, 30], ['Soja', 'Milho', 'Algodão', 'Feijão']],
    ['São Desidério', 'BA', -12.3572, -44.9769, [12, 30], ['Soja', 'Algodão', 'Milho']],
    ['Balsas', 'MA', -7.5325, -46.0356, [15, 40], ['Soja', 'Milho', 'Arroz']],
    ['Uruçuí', 'PI', -7.2294, -44.5561, [15, 35], ['Soja', 'Milho']],
    ['Petrolina', 'PE', -9.3986, -40.5008, [10, 20], ['Uva', 'Manga', 'Banana']],
    ['Juazeiro', 'BA', -9.4158, -40.5028, [10, 20], ['Manga', 'Uva', 'Banana']],
  ],
};

export const MUNICIPIOS: readonly Municipio[] = Object.entries(MUNICIPIOS_POR_REGIONAL).flatMap(([regional, linhas]) =>
  linhas.map(([cidade, uf, lat, lon, argila, culturas]) => ({ cidade, uf, regional, lat, lon, argila, culturas })),
);

/** Consultancies and the regional where they mostly work (null: nationwide). */
export const CONSULTORIAS: readonly { nome: string; regional: string | null }[] = [
  { nome: 'Fundação Agro Planalto', regional: 'PR SC PY' },
  { nome: 'AgroTec Sul Consultoria', regional: 'PR SC PY' },
  { nome: 'Campos Gerais Pesquisa Agrícola', regional: 'PR SC PY' },
  { nome: 'Oeste Paranaense Consultoria Agronômica', regional: 'PR SC PY' },
  { nome: 'Nortão Agro Consultoria', regional: 'MT BR 163' },
  { nome: 'Mato Grosso Agro Pesquisa', regional: 'MT BR 163' },
  { nome: 'Safra Certa Agronomia', regional: 'MT BR 163' },
  { nome: 'Chapada dos Parecis Consultoria', regional: 'MT Oeste/RO/AC' },
  { nome: 'Nova Fronteira Consultoria Agrícola', regional: 'MT Oeste/RO/AC' },
  { nome: 'AgroNorte Assessoria Técnica', regional: 'MT Oeste/RO/AC' },
  { nome: 'Sudoeste Goiano Pesquisa', regional: 'GO' },
  { nome: 'Terra Fértil Assessoria Agronômica', regional: 'GO' },
  { nome: 'Cerrado Vivo Experimentação', regional: 'GO' },
  { nome: 'AgroCerrado Consultoria', regional: 'Cerrado MG' },
  { nome: 'Triângulo Agro Pesquisa', regional: 'Cerrado MG' },
  { nome: 'Noroeste Mineiro Assessoria Agrícola', regional: 'Cerrado MG' },
  { nome: 'MATOPIBA Consultoria Agronômica', regional: 'Nordeste' },
  { nome: 'Vale do São Francisco Agro', regional: 'Nordeste' },
  { nome: 'Oeste Baiano Pesquisa Agrícola', regional: 'Nordeste' },
  { nome: 'AgroExata Soluções em Pesquisa', regional: null },
  { nome: 'Germinar Pesquisa Agronômica', regional: null },
  { nome: 'Integrar Agronegócios', regional: null },
];

/** How often each crop is trialled (Soja and Milho dominate, as in the field). */
const PESO_CULTURA: Record<string, number> = {
  Soja: 34,
  Milho: 24,
  Café: 8,
  Algodão: 7,
  Trigo: 6,
  Feijão: 6,
  'Cana-de-açúcar': 3,
  Uva: 3,
  Manga: 3,
  Arroz: 2,
  Batata: 2,
  Banana: 2,
};

/** Plausible yields, kg/ha. */
export const PRODUTIVIDADE: Record<string, readonly [number, number]> = {
  Soja: [3000, 4800],
  Milho: [7000, 13000],
  Café: [1500, 3500],
  Algodão: [3500, 5500],
  Feijão: [1800, 3500],
  Trigo: [2500, 5000],
  Arroz: [6000, 9000],
  'Cana-de-açúcar': [70000, 110000],
  Uva: [20000, 35000],
  Manga: [15000, 30000],
  Batata: [25000, 45000],
  Banana: [20000, 40000],
};
const PRODUTIVIDADE_OUTRAS: readonly [number, number] = [2000, 6000];

/** Plausible prices of a 60 kg bag, R$ (crops sold otherwise have none). */
export const PRECO_SACA: Record<string, readonly [number, number]> = {
  Soja: [115, 150],
  Milho: [55, 85],
  Café: [900, 1500],
  Trigo: [65, 95],
  Feijão: [180, 320],
  Arroz: [70, 110],
  Algodão: [140, 200],
};

/** Share of the trials registered with plot yields (3 or 4 blocks). */
const COM_REPETICOES = 0.6;

/** Cultivars for the crops the constants have no suggestions for. */
const CULTIVARES_EXTRAS: Record<string, readonly string[]> = {
  Algodão: ['FM 985 GLTP', 'TMG 47 B2RF', 'DP 1746 B2RF', 'IMA 5801 B2RF', 'FM 974 GLT'],
  Trigo: ['TBIO Toruk', 'ORS Vintecinco', 'BRS Parrudo', 'TBIO Sossego', 'BRS 264'],
  Feijão: ['BRS Estilo', 'IPR Tuiuiú', 'TAA Dama', 'BRS FP403', 'IAC Imperador'],
  Arroz: ['BRS Pampa', 'IRGA 424', 'BRS A706 CL', 'BRS Esmeralda', 'Guri INTA CL'],
  'Cana-de-açúcar': ['RB867515', 'CTC 4', 'RB966928', 'CTC 9001', 'RB92579'],
  Batata: ['Ágata', 'Asterix', 'Atlantic', 'Orchestra', 'Cupido'],
};

interface AnaliseSpec {
  nome: string;
  unidade: string;
  /** Range per crop; `*` applies to any crop without its own range. */
  faixa: Partial<Record<string, readonly [number, number]>>;
  /** How the value follows the treatment's yield gain (negative: lower is better). */
  resposta: number;
}

/** The suggested analyses with units and plausible values per crop. */
const ANALISES: readonly AnaliseSpec[] = [
  {
    nome: 'Altura de Plantas',
    unidade: 'cm',
    faixa: {
      '*': [60, 110],
      Milho: [190, 260],
      'Cana-de-açúcar': [250, 380],
      Café: [120, 220],
      Banana: [250, 400],
      Algodão: [90, 140],
      Trigo: [70, 100],
      Arroz: [80, 110],
      Feijão: [40, 70],
      Batata: [40, 70],
      Uva: [150, 200],
      Manga: [250, 450],
    },
    resposta: 0.3,
  },
  { nome: 'Número de Vagens', unidade: 'unidades', faixa: { Soja: [30, 70], Feijão: [8, 20] }, resposta: 0.6 },
  { nome: 'Número de Grãos por Vagem', unidade: 'unidades', faixa: { Soja: [2, 2.8], Feijão: [4, 6.5] }, resposta: 0.2 },
  {
    nome: 'Peso de 1000 Grãos',
    unidade: 'g',
    faixa: { Soja: [140, 200], Milho: [280, 380], Trigo: [30, 45], Feijão: [220, 300], Arroz: [22, 30] },
    resposta: 0.4,
  },
  {
    nome: 'Número de Frutos',
    unidade: 'unidades',
    faixa: { Manga: [80, 220], Banana: [120, 220], Uva: [20, 45], Café: [60, 140], Algodão: [8, 16] },
    resposta: 0.6,
  },
  {
    nome: 'Diâmetro do Fruto',
    unidade: 'mm',
    faixa: { Manga: [80, 110], Uva: [15, 22], Banana: [32, 40], Batata: [45, 70] },
    resposta: 0.3,
  },
  { nome: 'Comprimento de Espigas', unidade: 'cm', faixa: { Milho: [15, 22], Trigo: [7, 11] }, resposta: 0.4 },
  { nome: 'Número de Fileiras', unidade: 'unidades', faixa: { Milho: [14, 18] }, resposta: 0.1 },
  { nome: 'Número de Entre-nós', unidade: 'unidades', faixa: { Soja: [12, 20], 'Cana-de-açúcar': [18, 30] }, resposta: 0.2 },
  {
    nome: 'Diâmetro do Caule',
    unidade: 'mm',
    faixa: { Milho: [15, 25], 'Cana-de-açúcar': [25, 35], Algodão: [12, 18], Café: [25, 45], Soja: [6, 10] },
    resposta: 0.3,
  },
  { nome: 'Área Foliar', unidade: 'cm²', faixa: { '*': [200, 600], Milho: [500, 800], Banana: [8000, 14000] }, resposta: 0.4 },
  { nome: 'Índice de Clorofila', unidade: 'índice SPAD', faixa: { '*': [35, 55] }, resposta: 0.3 },
  { nome: 'Teor de Proteína', unidade: '%', faixa: { Soja: [35, 42], Trigo: [11, 15], Feijão: [20, 26] }, resposta: 0.1 },
  { nome: 'Teor de Óleo', unidade: '%', faixa: { Soja: [18, 23], Algodão: [16, 22] }, resposta: 0.1 },
  {
    nome: 'Stand Final',
    unidade: 'plantas/m²',
    faixa: { Soja: [22, 30], Milho: [5.5, 7.5], Trigo: [250, 350], Feijão: [10, 14], Algodão: [8, 11], Arroz: [150, 250] },
    resposta: 0.1,
  },
  {
    nome: 'Acamamento',
    unidade: 'escala 1-5',
    faixa: { Soja: [1, 3], Trigo: [1, 4], Arroz: [1, 4], Milho: [1, 3], Feijão: [1, 3] },
    resposta: -0.5,
  },
];

/* ---------- seeded randomness ---------- */

/** mulberry32: tiny, fast, and good enough for demo data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick: lista vazia');
    return item;
  }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((s, i) => s + weight(i), 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return this.pick(items);
  }
  /** `n` items in random order; repeats the list when it is shorter than `n`. */
  sample<T>(items: readonly T[], n: number): T[] {
    const out: T[] = [];
    while (out.length < n && items.length > 0) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(this.next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      out.push(...copy.slice(0, n - out.length));
    }
    return out;
  }
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** "Cerrado Vivo Experimentação" → "cerrado-vivo-experimentacao" (for file names). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/* ---------- generation ---------- */

const DAY_MS = 86_400_000;

export function generateDemoExperiments(ref: ReferenceData, opts: DemoOptions): DemoExperiment[] {
  // Inserted in this order, ids then grow with created_at as in a real database.
  return [...demoExperiments(ref, opts)].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/** The same experiments one at a time, in the order drawn: a million never sit in memory together. */
export function* demoExperiments(ref: ReferenceData, opts: DemoOptions): Generator<DemoExperiment> {
  const rng = new Rng(opts.seed ?? 1);
  const anchor = (opts.now ?? DEMO_ANCHOR).getTime();
  const currentYear = Math.min(YEAR_MAX, Math.max(YEAR_MIN, opts.currentYear ?? new Date(anchor).getUTCFullYear()));

  const culturas = [...ref.culturas];
  const marcasComProdutos = ref.marcas.filter((m) => (ref.produtosPorMarca[m]?.length ?? 0) > 0);
  const marcas = marcasComProdutos.length > 0 ? marcasComProdutos : [...ref.marcas];
  if (culturas.length === 0 || marcas.length === 0 || ref.regionais.length === 0) {
    throw new Error('Dados de referência ausentes: cadastre ao menos uma marca, uma regional e uma cultura.');
  }

  // Municipalities whose regional and state the database knows; if an admin renamed every
  // regional, keep the places and spread them over the regionals that exist.
  const estados = ref.estados ? new Set(ref.estados) : null;
  const regionais = new Set(ref.regionais);
  const noEstado = MUNICIPIOS.filter((m) => !estados || estados.has(m.uf));
  let municipios = noEstado.filter((m) => regionais.has(m.regional));
  if (municipios.length === 0) {
    municipios = noEstado.map((m, i) => ({ ...m, regional: ref.regionais[i % ref.regionais.length] as string }));
  }
  if (municipios.length === 0) throw new Error('Dados de referência ausentes: nenhum estado conhecido dos municípios de demonstração.');

  const anos: number[] = [];
  for (let y = YEAR_MIN; y <= currentYear; y++) anos.push(y);
  // The current crop year gets about a third; older years fade out.
  const pesoAno = (y: number) => (y === currentYear ? 3 : 2.2 * 0.72 ** (currentYear - y - 1));
  const windowStart = anchor - 3 * 365 * DAY_MS;

  for (let n = 0; n < opts.count; n++) {
    const cultura = rng.weighted(culturas, (c) => PESO_CULTURA[c] ?? 1);
    const ondeCresce = municipios.filter((m) => m.culturas.includes(cultura));
    const municipio = rng.pick(ondeCresce.length > 0 ? ondeCresce : municipios);

    const locais = CONSULTORIAS.filter((c) => c.regional === municipio.regional);
    const consultoria = rng.pick(locais.length > 0 && rng.chance(0.8) ? locais : CONSULTORIAS).nome;
    const marca = rng.weighted(marcas, (m) => (m === 'Aminoagro' ? 3 : m === 'Concorrente' ? 1.2 : 1.6));
    const bu = rng.weighted(BUSINESS_UNITS, (b) => (b === 'BU1' ? 45 : b === 'BU2' ? 35 : 20));

    const semCoordenadas = rng.chance(0.1);
    const latitude = semCoordenadas ? null : round(municipio.lat + rng.between(-0.12, 0.12), 4);
    const longitude = semCoordenadas ? null : round(municipio.lon + rng.between(-0.12, 0.12), 4);

    const argila = Math.round(rng.between(municipio.argila[0], municipio.argila[1]));
    // Clayey soils hold more organic matter; the cooler south holds more still.
    const mo = 1 + ((argila - 10) / 55) * 3 + rng.between(-0.5, 0.8) + (municipio.regional === 'PR SC PY' ? 0.5 : 0);
    const materiaOrganica = round(Math.min(5.5, Math.max(1, mo)), 1);

    const cultivares = CULTIVARES_SUGERIDAS[cultura] ?? CULTIVARES_EXTRAS[cultura] ?? [`${cultura} Comum`, `${cultura} Precoce`];
    const cultivar = rng.pick(cultivares);

    const ano = rng.weighted(anos, pesoAno);
    // Entered after the crop year began (or any time in the window for older trials).
    const from = Math.min(Math.max(windowStart, Date.UTC(ano, 0, 15)), anchor - 30 * DAY_MS);
    // A day before the anchor's, at office hours in Brazil (UTC−3: 11:00–21:59 UTC), so every
    // timestamp falls strictly before the anchor.
    const day = Math.floor(rng.between(from, anchor - DAY_MS) / DAY_MS) * DAY_MS;
    const createdAt = new Date(day + rng.int(11 * 60, 21 * 60 + 59) * 60_000 + rng.int(0, 59) * 1000);

    const blocos = rng.chance(COM_REPETICOES) ? rng.int(3, 4) : 0;
    const tratamentos = gerarTratamentos(rng, opts, cultura, ref.produtosPorMarca[marca] ?? [], marca, blocos);
    // Drawn from a generator of their own, so that the rest of the demo stays as it was.
    const avaliacoes = blocos ? gerarAvaliacoes(new Rng((opts.seed ?? 1) * 7919 + n), tratamentos, blocos, ano, cultura) : [];
    const faixaPreco = blocos ? PRECO_SACA[cultura] : undefined;

    yield {
      consultoria,
      marca,
      bu,
      regional: municipio.regional,
      cidade: municipio.cidade,
      estado: municipio.uf,
      latitude,
      longitude,
      teor_argila: argila,
      teor_materia_organica: materiaOrganica,
      cultura,
      cultivar,
      ano,
      tipo_estatistica: rng.weighted(TIPOS_ESTATISTICA, (t) => (t === 'DBC' ? 50 : t === 'Blocos Casualizados' ? 20 : 15)),
      custo_protocolo: Math.round(rng.between(2000, 15000) / 10) * 10,
      // Log-uniform: most trials return tens or hundreds of thousands, a few millions.
      roi: rng.chance(0.15) ? null : round(Math.exp(rng.between(Math.log(50_000), Math.log(2_000_000))), 2),
      preco_saca: faixaPreco ? round(rng.between(faixaPreco[0], faixaPreco[1]), 2) : null,
      produtividade_regional: null,
      // Single-factor designs only: the demo's trials have no factors.
      fator_a: '',
      fator_b: '',
      avaliacoes,
      situacao: 'concluido',
      blocos: blocos || null,
      parcela: blocos ? { comprimento_m: 5, largura_m: 3 } : null,
      aplicacoes: aplicacoesDe(avaliacoes, tratamentos.length),
      produtividade_media: produtividadeMedia(tratamentos) ?? 0,
      created_at: createdAt,
      tratamentos,
    };
  }
}

/** The trials that rate disease sprayed every treatment but the control ten days before the first rating. */
function aplicacoesDe(avaliacoes: DemoAvaliacao[], tratamentos: number): ExperimentData['aplicacoes'] {
  const primeira = avaliacoes[0]?.data;
  if (!primeira) return [];
  const data = new Date(Date.parse(primeira) - 10 * DAY_MS).toISOString().slice(0, 10);
  return [
    {
      chave: 'aplicacao-1',
      data,
      estadio: 'R1',
      volume_calda_l_ha: 150,
      equipamento: 'Pulverizador costal pressurizado a CO₂',
      temperatura_c: 27,
      umidade_pct: 68,
      vento_km_h: 4,
      tratamentos: Array.from({ length: tratamentos - 1 }, (_, i) => i + 1),
    },
  ];
}

/**
 * In about 40 % of the trials with plot yields, what a fungicide or nutrition trial rates besides
 * them: disease severity (%) on three dates a week apart, the control worst and the treatments
 * slowing the disease, and plant height (cm) at the last date. Fills each treatment's observacoes.
 */
function gerarAvaliacoes(rng: Rng, tratamentos: DemoTreatment[], blocos: number, ano: number, cultura: string): DemoAvaliacao[] {
  if (!rng.chance(0.4)) return [];
  const alvo = cultura === 'Soja' ? 'Ferrugem-asiática' : cultura === 'Milho' ? 'Mancha-branca' : 'Doenças foliares';
  const inicio = Date.UTC(ano, 0, rng.int(5, 25));
  const datas = [0, 7, 14].map((d) => new Date(inicio + d * DAY_MS).toISOString().slice(0, 10));
  const avaliacoes: DemoAvaliacao[] = datas.map((data, d) => ({
    chave: `severidade-${d + 1}`,
    nome: 'Severidade',
    unidade: '%',
    tipo: 'porcentagem',
    data,
    estadio: `R5.${d + 1}`,
    alvo,
    escala_min: null,
    escala_max: null,
  }));
  avaliacoes.push({
    chave: 'altura',
    nome: 'Altura de Plantas',
    unidade: 'cm',
    tipo: 'medida',
    data: datas[2]!,
    estadio: 'R5.3',
    alvo: null,
    escala_min: null,
    escala_max: null,
  });
  const alturaBase = rng.between(60, 110);
  // The disease in the untreated control on each date; the plots vary ±20 % around it.
  const severidade = [rng.between(4, 9), rng.between(12, 25), rng.between(30, 60)];
  tratamentos.forEach((t, i) => {
    // The control (first) keeps the disease; each treatment slows it by its own share.
    const controle = i === 0 ? 1 : rng.between(0.25, 0.8);
    t.observacoes = Object.fromEntries([
      ...severidade.map((s, d) => [
        `severidade-${d + 1}`,
        Array.from({ length: blocos }, () => round(Math.min(100, Math.max(0, s * controle * rng.between(0.8, 1.2))), 1)),
      ]),
      ['altura', Array.from({ length: blocos }, () => round(alturaBase * rng.between(0.92, 1.08) + (i ? 3 : 0), 1))],
    ]);
  });
  return avaliacoes;
}

/** `n` draws in ±`spread`, centred so that their mean is exactly 0. */
function centred(rng: Rng, n: number, spread: number): number[] {
  const xs = Array.from({ length: n }, () => rng.between(-spread, spread));
  const m = xs.reduce((a, b) => a + b, 0) / n;
  return xs.map((x) => x - m);
}

/**
 * Plot yields to one decimal whose mean also has one decimal (the last plot moves by at most
 * 0.3 kg/ha), so the yield the API derives from them is what the PDF report prints.
 */
function parcelas(valores: number[]): number[] {
  const decimos = valores.map((v) => Math.round(v * 10));
  const resto = decimos.reduce((a, b) => a + b, 0) % decimos.length;
  decimos[decimos.length - 1]! -= resto;
  return decimos.map((d) => d / 10);
}

function gerarTratamentos(
  rng: Rng,
  opts: DemoOptions,
  cultura: string,
  catalogo: readonly string[],
  marca: string,
  blocos: number,
): DemoTreatment[] {
  const produtos = catalogo.length > 0 ? catalogo : [`${marca} Foliar`, `${marca} Enraizador`, `${marca} Bioestimulante`];
  const nTratamentos = opts.treatments ?? rng.int(3, 6);
  const modalidadePrincipal = rng.weighted(MODOS_APLICACAO, (m) =>
    m === 'Foliar' ? 45 : m === 'Solo' ? 15 : m === 'Sementes' || m === 'Sulco' ? 12 : m === 'Cobertura' ? 10 : 6,
  );

  const [min, max] = PRODUTIVIDADE[cultura] ?? PRODUTIVIDADE_OUTRAS;
  // The control leaves room for the treatments' −4 % to +15 % within the plausible range.
  const testemunha = rng.between(min / 0.96, max / 1.15);

  const aplicaveis = ANALISES.filter((a) => a.faixa[cultura] ?? a.faixa['*']);
  const nAnalises = opts.analyses ?? rng.weighted([0, 1, 2], (k) => (k === 1 ? 4 : 3));
  // Every treatment measures the same analyses, as in a real protocol.
  const analises = rng.sample(aplicaveis, nAnalises).map((spec, i) => {
    const [lo, hi] = spec.faixa[cultura] ?? spec.faixa['*'] ?? [1, 10];
    const repeticao = Math.floor(i / aplicaveis.length);
    return {
      spec,
      nome: repeticao > 0 ? `${spec.nome} (${repeticao + 1}ª avaliação)` : spec.nome,
      base: rng.between(lo, lo + (hi - lo) * 0.8),
    };
  });

  // A block's soil or slope moves every treatment in it alike (what a randomised-block design removes).
  const efeitoBloco = blocos ? centred(rng, blocos, 0.04) : [];

  const nomes = new Set<string>();
  const out: DemoTreatment[] = [];
  for (let t = 0; t < nTratamentos; t++) {
    const controle = t === 0;
    const nProdutos = opts.products ?? (controle ? 0 : rng.int(1, 3));
    const produtos_aplicados = rng.sample(produtos, nProdutos).map((nome) => ({
      nome,
      dose: round(rng.between(0.1, 3), 2),
      custo: round(rng.between(15, 180), 2),
    }));
    // Mostly +2 % to +15 % over the control; now and then a product does slightly worse.
    const ganho = controle ? 0 : rng.chance(0.88) ? rng.between(0.02, 0.15) : rng.between(-0.04, 0.02);

    let nome = controle ? 'Testemunha' : nomeDoTratamento(produtos_aplicados.map((p) => p.nome)) || `Tratamento ${t + 1}`;
    for (let k = 2; nomes.has(nome); k++) nome = `${nome.replace(/ - dose \d+$/, '')} - dose ${k}`;
    nomes.add(nome);

    const alvo = testemunha * (1 + ganho);
    const ruido = blocos ? centred(rng, blocos, 0.03) : [];
    const repeticoes = parcelas(efeitoBloco.map((b, j) => alvo * (1 + b + (ruido[j] ?? 0))));
    out.push({
      nome,
      modalidade: controle || rng.chance(0.7) ? modalidadePrincipal : rng.pick(MODOS_APLICACAO),
      // With plot yields the yield is their mean, rounded as the API rounds it.
      produtividade: blocos ? round(repeticoes.reduce((a, b) => a + b, 0) / blocos, 2) : round(alvo, 1),
      ...(blocos ? { repeticoes } : {}),
      custo: custoTratamento({ custo: 0, produtos_aplicados }),
      produtos_aplicados,
      analises_adicionais: analises.map((a) => ({
        nome: a.nome,
        unidade: a.spec.unidade,
        valor: round(Math.max(0, a.base * (1 + ganho * a.spec.resposta + rng.between(-0.03, 0.03))), 2),
      })),
    });
  }
  return out;
}

/** Named after its products; past three, the rest are counted so the name stays short. */
function nomeDoTratamento(produtos: string[]): string {
  const distintos = [...new Set(produtos)];
  if (distintos.length <= 3) return distintos.join(' + ');
  return `${distintos.slice(0, 2).join(' + ')} + ${distintos.length - 2} produtos`;
}
