// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys.js';
import { dashboardReads, filtersFromParams, tabFromParams } from './api/reads.js';
import { prefetchDashboard } from './prefetch.js';

const fetched: string[] = [];
beforeEach(() => {
  fetched.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      fetched.push(String(url));
      return new Response(JSON.stringify({ ok: String(url) }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard prefetch', () => {
  it('reads filters and tab from the URL as the page does', () => {
    const params = new URLSearchParams('cultura=Soja&ano=2024&aba=interativa&x=1');
    expect(filtersFromParams(params)).toEqual({
      regional: '',
      cultura: 'Soja',
      marca: '',
      ano: '2024',
      produto: '',
      avaliacao: '',
      situacao: '',
      conformidade: '',
    });
    expect(tabFromParams(params)).toBe('interativa');
    expect(filtersFromParams(new URLSearchParams('avaliacao=Severidade')).avaliacao).toBe('Severidade');
    expect(filtersFromParams(new URLSearchParams('situacao=planejado')).situacao).toBe('planejado');
    expect(filtersFromParams(new URLSearchParams('conformidade=atende')).conformidade).toBe('atende');
    expect(tabFromParams(new URLSearchParams('aba=nada'))).toBe('geral');
  });

  it("starts the overview, the map and the filter lists under the page's own query keys", async () => {
    const client = new QueryClient();
    prefetchDashboard(client, new URLSearchParams('cultura=Soja'));
    const filters = filtersFromParams(new URLSearchParams('cultura=Soja'));
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.overview(filters))).toBeDefined());
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.map(filters))).toBeDefined());
    expect(fetched.sort()).toEqual([
      '/api/dashboard/mapa?cultura=Soja',
      '/api/dashboard?cultura=Soja',
      '/api/lookups/avaliacoes',
      '/api/lookups/culturas',
      '/api/lookups/marcas',
      '/api/lookups/regioes',
    ]);
    expect(dashboardReads.overview(filters).queryKey).toEqual(queryKeys.overview(filters));
  });

  it('asks for the correlation on its tab, and nothing twice while the answers are fresh', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const params = new URLSearchParams('aba=interativa');
    prefetchDashboard(client, params);
    await vi.waitFor(() => expect(fetched).toHaveLength(6));
    prefetchDashboard(client, params);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetched).toHaveLength(6);
    expect(fetched).toContain('/api/dashboard/correlacao');
    expect(fetched).not.toContain('/api/dashboard/mapa');
  });
});
