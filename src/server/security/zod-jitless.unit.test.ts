/**
 * The browser's CSP (`script-src 'self'`, no `unsafe-eval`) reports any `new Function` as a
 * violation, even one zod catches. Every schema is built through zod.ts / zod-mini.ts, in jitless
 * mode, so none is ever called.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const OriginalFunction = globalThis.Function;

/** Counts `Function(...)` / `new Function(...)` while `run` imports and uses modules afresh. */
async function functionCalls(run: () => Promise<void>): Promise<number> {
  let calls = 0;
  globalThis.Function = new Proxy(OriginalFunction, {
    construct(target, args) {
      calls++;
      return Reflect.construct(target, args) as object;
    },
    apply(target, self, args) {
      calls++;
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  try {
    vi.resetModules();
    await run();
  } finally {
    globalThis.Function = OriginalFunction;
  }
  return calls;
}

afterEach(async () => {
  const { z } = await import('zod');
  z.config({ jitless: true });
});

describe('zod without eval', () => {
  it('the detector works: zod with JIT allowed calls Function', async () => {
    const calls = await functionCalls(async () => {
      const { z } = await import('zod');
      z.config({ jitless: false });
      z.object({ a: z.string() }).parse({ a: 'x' });
    });
    expect(calls).toBeGreaterThan(0);
  });

  it('building and using every shared schema never calls Function', async () => {
    const calls = await functionCalls(async () => {
      const { z } = await import('zod');
      z.config({ jitless: false });
      const { experimentInputSchema } = await import('../../shared/experiment.js');
      const { registerSchema, loginSchema } = await import('../../shared/auth.js');
      const { filtersSchema, listQuerySchema } = await import('../../shared/filters.js');
      await import('../../shared/lookups.js');
      experimentInputSchema.safeParse({ consultoria: 'Agro', tratamentos: [{ nome: 'T', modalidade: 'Foliar', produtividade: 1 }] });
      registerSchema.safeParse({ name: 'Ana', email: 'ana@exemplo.com', password: '123456' });
      loginSchema.safeParse({ email: 'ana@exemplo.com', password: '123456' });
      filtersSchema.safeParse({ cultura: 'Soja' });
      listQuerySchema.safeParse({ limit: '10' });
    });
    expect(calls).toBe(0);
  });

  it('no browser or shared module imports zod itself: only zod.ts and zod-mini.ts do', () => {
    const root = join(import.meta.dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/shared\/zod(-mini)?\.ts$/.test(path)) {
          // `import type` is erased at build time; any other import of zod runs zod's own module.
          if (/^import(?!\s+type\b)[^;]*from\s+'zod(\/[^']*)?';/m.test(readFileSync(path, 'utf8'))) offenders.push(path);
        }
      }
    };
    walk(join(root, 'shared'));
    walk(join(root, 'web'));
    expect(offenders).toEqual([]);
  });

  it('the bundler keeps the setting: both files are declared as having side effects in package.json', () => {
    // Otherwise `"sideEffects": ["*.css"]` lets Vite drop `z.config()` (measured: the build then
    // probes again, and the dashboard raises three CSP reports; tests/e2e/security.spec.ts).
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { sideEffects: string[] };
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(['./src/shared/zod.ts', './src/shared/zod-mini.ts']));
  });
});
