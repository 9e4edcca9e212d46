/**
 * The unit in which each crop's yield is customarily read in Brazil. Yields are stored in kg/ha;
 * the dashboard shows each crop in its own unit, with kg/ha beside it, and never averages crops
 * together:
 * - grains and coffee in sacks per hectare: 60 kg (soja, milho, trigo, feijão, sorgo, aveia,
 *   cevada, girassol; café: sacas de 60 kg de café beneficiado); arroz in 50 kg sacks, as it is
 *   traded in the South;
 * - algodão in arrobas (15 kg) of seed cotton per hectare, as growers and consultancies report it;
 * - high-yield crops in tonnes per hectare: cana-de-açúcar, batata, tomate, mandioca, fruits
 *   and vegetables;
 * - any other crop in kg/ha.
 */
import { normalizeName } from '../../../shared/cities.js';
import { formatNumber } from '../../../shared/format.js';

export interface CropUnit {
  /** As shown after a value: "sc/ha", "@/ha", "t/ha", "kg/ha". */
  unidade: string;
  /** kg in one unit (per hectare). */
  kg: number;
  /** What the unit means, for tooltips and tables: "saca de 60 kg". */
  descricao: string;
  /** Decimals shown. */
  casas: number;
}

export const KG_HA: CropUnit = { unidade: 'kg/ha', kg: 1, descricao: 'quilogramas por hectare', casas: 0 };
const SACA_60: CropUnit = { unidade: 'sc/ha', kg: 60, descricao: 'sacas de 60 kg por hectare', casas: 1 };
const SACA_50: CropUnit = { unidade: 'sc/ha', kg: 50, descricao: 'sacas de 50 kg por hectare', casas: 1 };
const ARROBA: CropUnit = { unidade: '@/ha', kg: 15, descricao: 'arrobas de 15 kg por hectare', casas: 0 };
const TONELADA: CropUnit = { unidade: 't/ha', kg: 1000, descricao: 'toneladas por hectare', casas: 1 };

const BY_CROP = new Map<string, CropUnit>(
  (
    [
      [SACA_60, ['Soja', 'Milho', 'Milho safrinha', 'Trigo', 'Feijão', 'Sorgo', 'Aveia', 'Cevada', 'Girassol', 'Café', 'Canola']],
      [SACA_50, ['Arroz']],
      [ARROBA, ['Algodão']],
      [
        TONELADA,
        [
          'Cana-de-açúcar',
          'Cana',
          'Batata',
          'Tomate',
          'Mandioca',
          'Cebola',
          'Cenoura',
          'Uva',
          'Manga',
          'Banana',
          'Laranja',
          'Citros',
          'Maçã',
          'Melancia',
          'Melão',
          'Abacaxi',
          'Mamão',
          'Eucalipto',
        ],
      ],
    ] as const
  ).flatMap(([unit, crops]) => crops.map((c) => [normalizeName(c), unit] as const)),
);

export function cropUnit(cultura: string | null | undefined): CropUnit {
  return BY_CROP.get(normalizeName(cultura ?? '')) ?? KG_HA;
}

/** A yield given in kg/ha in the crop's unit: "60,2 sc/ha", "90,1 t/ha", "3.612 kg/ha"; "-" for none. */
export function formatCropYield(kgHa: number | null | undefined, cultura: string | null | undefined): string {
  if (kgHa === null || kgHa === undefined || !Number.isFinite(kgHa)) return '-';
  const u = cropUnit(cultura);
  return `${formatNumber(kgHa / u.kg, u.casas)} ${u.unidade}`;
}

/** A relative gain in %, signed: "+12,3%", "−4,0%", "0,0%"; "-" for none. */
export function formatGain(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return '-';
  const rounded = Math.round(pct * 10) / 10;
  const text = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(rounded));
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${text}%`;
}
