/** Soil interpretation classes shown in step 3 (docs/product-rules.md#wizard-step-3). */
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

/**
 * The class of a percentage among four: the second opens at `secondFrom`, the third at `thirdFrom`
 * and ends at `thirdUpTo` inclusive. Outside 0–100 (or not a number), none.
 */
function classOf(
  value: number | null | undefined,
  classes: readonly SoilClass[],
  [secondFrom, thirdFrom, thirdUpTo]: readonly [number, number, number],
): SoilClass | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0 || value > 100) return null;
  return classes[value < secondFrom ? 0 : value < thirdFrom ? 1 : value <= thirdUpTo ? 2 : 3]!;
}

/** Class of a clay content in %: the lower bound belongs to the class it opens. */
export function clayClass(value: number | null | undefined): SoilClass | null {
  return classOf(value, CLAY_CLASSES, [15, 35, 60]);
}

export function organicMatterClass(value: number | null | undefined): SoilClass | null {
  return classOf(value, ORGANIC_MATTER_CLASSES, [2, 4, 6]);
}
