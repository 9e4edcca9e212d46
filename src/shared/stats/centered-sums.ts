/**
 * The centred sums of squares and products of two samples of the same length: Σ(x−x̄)², Σ(y−ȳ)²
 * and Σ(x−x̄)(y−ȳ). The means are taken first (two passes), which keeps the sums accurate for
 * large values such as years or yields. Pearson's r and Shapiro-Wilk's W are both built on them.
 */
export function centeredSums(xs: readonly number[], ys: readonly number[]): { sxx: number; syy: number; sxy: number } {
  const n = xs.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i] ?? 0;
    sy += ys[i] ?? 0;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return { sxx, syy, sxy };
}
