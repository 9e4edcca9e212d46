// Benchmarks start a server and wait for it: polls GET /api/health every half second.
/** Resolves when `base` answers /api/health; rejects after `tries` polls (120 s by default). */
export async function waitForHealth(base, tries = 240) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} não respondeu a /api/health`);
}
