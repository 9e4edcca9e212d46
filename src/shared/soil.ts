/** Soil interpretation classes shown in step 3 (spec 000 §2). */
export interface SoilClass {
  id: string;
  label: string;
  range: string;
}

export const CLAY_CLASSES: readonly SoilClass[] = [
  { id: 'arenoso', label: 'Arenoso', range: '0-15%' },
  { id: 'medio', label: 'Médio', range: '15-35%' },
  { id: 'argiloso', label: 'Argiloso', range: '35-60%' },
  { id: 'muito-argiloso', label: 'Muito argiloso', range: 'acima de 60%' },
];

export const ORGANIC_MATTER_CLASSES: readonly SoilClass[] = [
  { id: 'baixo', label: 'Baixo', range: '0-2%' },
  { id: 'medio', label: 'Médio', range: '2-4%' },
  { id: 'alto', label: 'Alto', range: '4-6%' },
  { id: 'muito-alto', label: 'Muito alto', range: 'acima de 6%' },
];

/** Class of a clay content in %: the lower bound belongs to the class it opens. */
export function clayClass(value: number | null | undefined): SoilClass | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0 || value > 100) return null;
  if (value < 15) return CLAY_CLASSES[0]!;
  if (value < 35) return CLAY_CLASSES[1]!;
  if (value <= 60) return CLAY_CLASSES[2]!;
  return CLAY_CLASSES[3]!;
}

export function organicMatterClass(value: number | null | undefined): SoilClass | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0 || value > 100) return null;
  if (value < 2) return ORGANIC_MATTER_CLASSES[0]!;
  if (value < 4) return ORGANIC_MATTER_CLASSES[1]!;
  if (value <= 6) return ORGANIC_MATTER_CLASSES[2]!;
  return ORGANIC_MATTER_CLASSES[3]!;
}
