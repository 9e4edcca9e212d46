/** Chart label helpers (docs/product-rules.md#dashboard-charts). */

/** Regional and modality labels: 12 characters plus an ellipsis. */
export function truncateLabel(text: string, max = 12): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Pie labels show whole percentages. */
export function wholePercent(part: number, total: number): string {
  if (!total) return '0%';
  return `${Math.round((part / total) * 100)}%`;
}
