/**
 * Component tests: answers the app's API calls from a table (path → JSON body, 404 otherwise),
 * through the real API client, and unmounts what was rendered after each test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export function stubApi(answers: Readonly<Record<string, unknown>>): void {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        const body = answers[String(url)];
        return new Response(JSON.stringify(body ?? { error: { code: 'NOT_FOUND', message: 'Rota não encontrada' } }), {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
