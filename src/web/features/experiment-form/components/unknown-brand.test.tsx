// @vitest-environment happy-dom
/**
 * A brand the catalogue lacks (a report's maker, proposed as printed) stays selected and says what
 * to do: pick the registered brand, or have it registered; an administrator can register it here.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../shared/auth.js';
import { buildPublicUser } from '../../../../shared/factories.test-helper.js';
import { session } from '../../../lib/api.js';
import { renderInForm } from './form.test-helper.js';
import { StepConsultoria } from './step-fields.js';

const ana = buildPublicUser('ana');
let brands = ['Aminoagro', 'Dimicron'];
const posted: unknown[] = [];

beforeEach(() => {
  brands = ['Aminoagro', 'Dimicron'];
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/lookups/marcas' && init?.method === 'POST') {
        const { nome } = JSON.parse(String(init.body)) as { nome: string };
        posted.push(nome);
        brands = [...brands, nome];
        return json(201, { marca: nome });
      }
      if (path === '/api/lookups/marcas') return json(200, { marcas: brands });
      if (path === '/api/lookups/regioes') return json(200, { regioes: [] });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Rota não encontrada' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = (role: PublicUser['role']) => session.set({ ...ana, role }, 'token', 'signout');

describe('a brand outside the catalogue', () => {
  it('stays selected and tells a user to pick the registered brand or ask for it', async () => {
    signIn('user');
    renderInForm(<StepConsultoria />, { marca: 'Agrovita Nutrição Vegetal' }, { schema: false });
    await screen.findByRole('option', { name: 'Aminoagro' });
    expect((document.querySelector('select[name="marca"]') as HTMLSelectElement).value).toBe('Agrovita Nutrição Vegetal');
    expect(screen.getByText(/“Agrovita Nutrição Vegetal” não está no catálogo de marcas/).textContent).toContain(
      'peça a um administrador que a cadastre',
    );
    expect(screen.queryByRole('button', { name: 'Cadastrar marca' })).toBeNull();
  });

  it('lets an administrator register it, after which the note goes', async () => {
    signIn('admin');
    renderInForm(<StepConsultoria />, { marca: 'Agrovita Nutrição Vegetal' }, { schema: false });
    const button = await screen.findByRole('button', { name: 'Cadastrar marca' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(screen.queryByText(/não está no catálogo de marcas/)).toBeNull());
    expect(posted).toEqual(['Agrovita Nutrição Vegetal']);
  });

  it('says nothing for a brand of the catalogue', async () => {
    signIn('user');
    renderInForm(<StepConsultoria />, { marca: 'Dimicron' }, { schema: false });
    await screen.findByRole('option', { name: 'Aminoagro' });
    expect(screen.queryByText(/não está no catálogo de marcas/)).toBeNull();
  });
});
