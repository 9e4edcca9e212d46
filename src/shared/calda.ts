/**
 * The spray-mix sheet of one application (docs/api.md#field-plan): for each treatment sprayed, its
 * plots in the croqui, their area, the spray volume and what to weigh or measure of each product.
 * Pure: the server answers `GET /api/experiments/:id/calda` with it, and tests check it against hand
 * calculations.
 *
 * Amount of a product = dose per hectare × (plots × plot area in m²) / 10 000.
 *
 * Presentation (amounts weighed or measured in the field):
 * - below 1 000 mL (1 000 g) the amount is in mL (g), from there in L (kg);
 * - mL and g keep 2 decimals below 10 (a 0,05 mL dose does not become 0) and 1 decimal from 10
 *   (a field scale or a graduated syringe reads 0,1);
 * - L and kg keep 3 decimals, that is to the mL or gram;
 * - spray volumes are in L with 3 decimals (to the mL); areas in m² with 4.
 */
import type { Calda, DimensoesParcela, ItemCalda, TratamentoCalda } from './field-plan.js';

export interface AplicacaoCaldaInput {
  chave: string;
  volume_calda_l_ha: number | null;
  /** Indices in `tratamentos`; empty = every treatment. */
  tratamentos: number[];
}

export interface TratamentoCaldaInput {
  nome: string;
  produtos_aplicados: { nome: string; dose: number | null; unidade: string }[];
}

export interface CaldaInput {
  aplicacao: AplicacaoCaldaInput;
  tratamentos: TratamentoCaldaInput[];
  /** The croqui's plots. */
  parcelas: { numero: number; tratamento: number }[];
  parcela: DimensoesParcela;
}

/** Input that cannot give a mix (a plot without size, a treatment that does not exist); the message is pt-BR. */
export class CaldaInputError extends Error {
  override name = 'CaldaInputError';
}

export const MOTIVO_DOSE_SEMENTE = 'Dose por semente: calcule pela massa de sementes';
export const MOTIVO_DOSE_AUSENTE = 'Dose não informada';
export const MOTIVO_UNIDADE_AUSENTE = 'Unidade não informada';
export function motivoUnidadeDesconhecida(unidade: string): string {
  return `Unidade não reconhecida: ${unidade}`;
}

/** A product's unit as read: per hectare in litres, millilitres, kilograms or grams; by seed mass; or unknown. */
export type UnidadeDose =
  | { tipo: 'por_ha'; medida: 'volume' | 'massa'; /** mL or g in one unit of the dose */ fator: number }
  | { tipo: 'semente' }
  | { tipo: 'vazia' }
  | { tipo: 'desconhecida' };

const VOLUME: Record<string, number> = { l: 1000, lt: 1000, lts: 1000, litro: 1000, litros: 1000, ml: 1, cc: 1 };
const MASSA: Record<string, number> = { kg: 1000, kgs: 1000, quilo: 1000, quilos: 1000, g: 1, gr: 1, grama: 1, gramas: 1 };

/**
 * Reads a dose unit leniently: "L/ha", "l/ha", "L ha-1", "L.ha-1", "mL ha⁻¹", "Kg/ha", "g / ha",
 * "L por ha", "litros/hectare"… Seed treatment ("mL/100 kg de sementes", "g/100 kg de sementes",
 * "kg/t", "mL/kg") is told apart, as it is dosed by the seed's mass, not the area.
 */
export function lerUnidadeDose(unidade: string): UnidadeDose {
  // NFKC turns "⁻¹" into "−1" (U+2212); the dashes become a hyphen.
  const raw = unidade
    .normalize('NFKC')
    .replace(/[\u2212\u2013]/g, '-')
    .toLowerCase()
    .trim();
  if (!raw) return { tipo: 'vazia' };
  if (/sement|\/\s*100\s*kg|\/\s*t\b|\/\s*ton|\/\s*kg\b/.test(raw)) return { tipo: 'semente' };
  // "⁻¹" is NFKC "-1"; "ha^-1", "ha-1", "ha -1" and "/ha", "por ha", "por hectare" are all per hectare.
  const m = /^([a-z]+)\s*(?:\/|\.|\s|por\s)\s*(?:ha|hectare)\s*(?:\^?\s*-\s*1)?$/.exec(raw.replace(/\s+/g, ' '));
  if (!m) return { tipo: 'desconhecida' };
  const medida = m[1] as string;
  if (medida in VOLUME) return { tipo: 'por_ha', medida: 'volume', fator: VOLUME[medida] as number };
  if (medida in MASSA) return { tipo: 'por_ha', medida: 'massa', fator: MASSA[medida] as number };
  return { tipo: 'desconhecida' };
}

function arredondar(value: number, decimals: number): number {
  const f = 10 ** decimals;
  // toPrecision first: 1.0049999999 × 100 is 100.49999…, not the 100.5 that was meant.
  return Math.round(Number((value * f).toPrecision(12))) / f;
}

/** An amount in mL or g shown in the convenient unit (see the module's comment). */
export function apresentarQuantidade(base: number, medida: 'volume' | 'massa'): { quantidade: number; unidade: string } {
  const [pequena, grande] = medida === 'volume' ? ['mL', 'L'] : ['g', 'kg'];
  const pequenaArredondada = arredondar(base, base < 10 ? 2 : 1);
  if (pequenaArredondada < 1000) return { quantidade: pequenaArredondada, unidade: pequena };
  return { quantidade: arredondar(base / 1000, 3), unidade: grande };
}

function itemCalda(tratamento: number, produto: TratamentoCaldaInput['produtos_aplicados'][number], areaM2: number): ItemCalda {
  const base = { tratamento, produto: produto.nome, dose: produto.dose, unidade: produto.unidade };
  const semQuantidade = (motivo: string): ItemCalda => ({ ...base, quantidade: null, unidade_quantidade: null, motivo });
  if (produto.dose === null || produto.dose === undefined || !Number.isFinite(produto.dose)) return semQuantidade(MOTIVO_DOSE_AUSENTE);
  const unidade = lerUnidadeDose(produto.unidade ?? '');
  if (unidade.tipo === 'semente') return semQuantidade(MOTIVO_DOSE_SEMENTE);
  if (unidade.tipo === 'vazia') return semQuantidade(MOTIVO_UNIDADE_AUSENTE);
  if (unidade.tipo === 'desconhecida') return semQuantidade(motivoUnidadeDesconhecida(produto.unidade.trim()));
  if (produto.dose < 0) return semQuantidade(`Dose negativa: ${produto.dose}`);
  const emBase = (produto.dose * unidade.fator * areaM2) / 10_000;
  const { quantidade, unidade: unidadeQuantidade } = apresentarQuantidade(emBase, unidade.medida);
  return { ...base, quantidade, unidade_quantidade: unidadeQuantidade, motivo: null };
}

/** What to weigh or measure of each product, and the spray volume, for one application. */
export function calcularCalda(input: CaldaInput): Calda {
  const { aplicacao, tratamentos, parcelas, parcela } = input;
  const { comprimento_m: comprimento, largura_m: largura } = parcela;
  if (!(Number.isFinite(comprimento) && comprimento > 0 && Number.isFinite(largura) && largura > 0)) {
    throw new CaldaInputError('As dimensões da parcela (comprimento e largura) devem ser maiores que zero');
  }
  const volumeHa = aplicacao.volume_calda_l_ha;
  if (volumeHa !== null && !(Number.isFinite(volumeHa) && volumeHa >= 0)) {
    throw new CaldaInputError('O volume de calda (L/ha) deve ser um número maior ou igual a zero');
  }
  for (const i of aplicacao.tratamentos) {
    if (!Number.isInteger(i) || i < 0 || i >= tratamentos.length) {
      throw new CaldaInputError(
        `A aplicação ${aplicacao.chave} indica o tratamento ${Number.isInteger(i) ? i + 1 : String(i)}, que não existe (o experimento tem ${tratamentos.length})`,
      );
    }
  }
  const areaParcela = arredondar(comprimento * largura, 4);
  const selecionados =
    aplicacao.tratamentos.length === 0 ? tratamentos.map((_, i) => i) : [...new Set(aplicacao.tratamentos)].sort((a, b) => a - b);

  const porTratamento: TratamentoCalda[] = [];
  const itens: ItemCalda[] = [];
  let areaTotal = 0;
  for (const t of selecionados) {
    const numeros = parcelas
      .filter((p) => p.tratamento === t)
      .map((p) => p.numero)
      .sort((a, b) => a - b);
    const area = arredondar(numeros.length * comprimento * largura, 4);
    areaTotal += area;
    porTratamento.push({
      tratamento: t,
      parcelas: numeros,
      area_m2: area,
      volume_calda_l: volumeHa === null ? null : arredondar((volumeHa * area) / 10_000, 3),
    });
    for (const produto of (tratamentos[t] as TratamentoCaldaInput).produtos_aplicados) itens.push(itemCalda(t, produto, area));
  }
  return {
    aplicacao: aplicacao.chave,
    area_parcela_m2: areaParcela,
    itens,
    tratamentos: porTratamento,
    volume_calda_l: volumeHa === null ? null : arredondar((volumeHa * areaTotal) / 10_000, 3),
  };
}
