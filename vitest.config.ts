import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // PGlite holds ~1 GB per open database: two workers fit this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
          setupFiles: ['src/web/test/setup.ts'],
          // vitest's 5 s was passed by a statistics test (5.5 s) with the cores shared: pure
          // computation slows with the load, and its budget has to cover that.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          // Budgets for a machine whose 2 cores are shared (npm test beside two CPU-bound processes):
          // a test that takes 5 s idle takes 15–20 s then, and no test may come near its limit.
          // Tests that start processes, engines or OCR set their own, measured, budgets.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
