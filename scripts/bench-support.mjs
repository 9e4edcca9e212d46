// What the benchmark scripts share: their command-line options and waiting for a server they started.

/** The value after `--name` on the command line, or `def`. */
export function option(name, def) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
}

/* Polls GET /api/health every half second. */
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
