/**
 * Trial-analysis component tests: the API's answer for an analysis, a stubbed fetch, the mounted
 * report, readers of its tables, and the clean-up after each test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { avisos, classificarCv, ganhosComRetorno, type TrialAnalysis } from '../../../shared/stats/index.js';
import { AnalysisView } from './analysis-view.js';

/** What the API answers (routes.ts): analyze() plus each gain's cost (by name, 0 if not given), the CV class and the notes. */
export function apiAnswer(analysis: TrialAnalysis, custos: Readonly<Record<string, number>> = {}): AnalysisResponse {
  const ganhos = ganhosComRetorno(analysis.ganhos, [0, ...analysis.ganhos.map((g) => custos[g.nome] ?? 0)]);
  return { ...analysis, ganhos, cvClasse: classificarCv(analysis.cv), avisos: avisos(analysis) };
}

/** Answers every request with `body` as JSON and this status; returns the stub to read the calls. */
export function serveJson(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Mounts the analysis report of experiment `id`, without retries. */
export function renderAnalysisView(id: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AnalysisView id={id} />
    </QueryClientProvider>,
  );
}

export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
/** The table's column headings, as text. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);
/** The cells of every row under the heading row, as text. */
export const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map(cells);
export const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });

/** Unmounts what was rendered and restores fetch after each test of the calling file. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
