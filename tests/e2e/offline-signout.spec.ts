/**
 * "Sair" on a shared phone without a connection: the question about unsent experiments, the
 * sign-in page at once and after a reload, the old session ended on the server as soon as the
 * connection returns, and nothing of the first person for the next one (docs/security.md).
 */
import { type Page, type Route, expect, test } from '@playwright/test';
import { apiToken, createTwoTreatmentTrial, heading, newUser, pdfFile, registerByApi, signInByForm } from './fixtures.js';
import { SAVED_ON_DEVICE, fillControlToPdf, fillFirstSteps } from './offline-wizard.js';

test.use({ serviceWorkers: 'allow' });

const QUESTION = 'Sair deste aparelho?';

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** What the device keeps, read in the page: session keys, drafts, pending sign-outs, API caches, queued items. */
async function deviceState(page: Page) {
  return page.evaluate(async () => {
    const keys = Object.keys(localStorage);
    const items = await new Promise<{ id: string; userId?: string }[]>((resolve, reject) => {
      const open = indexedDB.open('gestao-agricola-offline', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('pendentes', { keyPath: 'id' });
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('pendentes', 'readonly').objectStore('pendentes').getAll();
        all.onsuccess = () => {
          open.result.close();
          resolve(all.result as { id: string; userId?: string }[]);
        };
        all.onerror = () => reject(all.error);
      };
    });
    return {
      token: localStorage.getItem('gestao-agricola:auth-token'),
      user: localStorage.getItem('gestao-agricola:user'),
      drafts: keys.filter((k) => k.startsWith('gestao-agricola:draft:') || k === 'editingExperiment'),
      pendingSignOuts: localStorage.getItem('gestao-agricola:pending-signouts'),
      apiCaches: (await caches.keys()).filter((n) => n.startsWith('gestao-agricola-api-')),
      items,
    };
  });
}

/** Steps 1 to 7 of the wizard, saved (offline: kept on the device). */
async function saveExperiment(page: Page, consultoria: string) {
  await fillFirstSteps(page, consultoria, 'Brasmax Garra');
  await fillControlToPdf(page, { pdfName: 'Ensaio de Ana.pdf', marker: consultoria });
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED_ON_DEVICE }).first()).toBeVisible();
}

test('Sair offline: asked, signed out at once and after a reload, ended on the server once online, nothing left for the next person', async ({
  context,
  request,
}) => {
  // No signal: the browser's offline mode, and no API request leaves the browser meanwhile (Chromium
  // may let a request of a page being loaded through the service worker out before its offline mode
  // applies; a phone without signal has no such gap).
  const cut = (route: Route) => route.abort('internetdisconnected');
  const offline = async (on: boolean) => {
    if (on) {
      await context.route('**/api/**', cut);
      await context.setOffline(true);
    } else {
      await context.unroute('**/api/**', cut);
      await context.setOffline(false);
    }
  };
  const ana = await registerByApi(request, newUser({ role: 'consultor' }));
  const bia = await registerByApi(request, newUser({ role: 'consultor' }));
  const tag = Date.now().toString(36);
  const trial = `Ensaio da Ana ${tag}`;
  await createTwoTreatmentTrial(request, await apiToken(request, ana), trial, pdfFile('Ana.pdf', 'offline-signout'));

  // Online: Ana signs in and opens the dashboard, which the worker keeps for her.
  const page = await context.newPage();
  await signInByForm(page, ana);
  await page.waitForURL('**/dashboard');
  await controlled(page);
  await page.goto('/dashboard?aba=experimentos');
  await expect(page.getByRole('row').filter({ hasText: trial })).toBeAttached();
  await expect.poll(async () => (await deviceState(page)).apiCaches).toHaveLength(1);
  const { token: oldToken, user: anaJson, apiCaches } = await deviceState(page);
  const anaCache = `gestao-agricola-api-${encodeURIComponent((JSON.parse(anaJson!) as { id: string }).id)}`;
  expect(apiCaches).toEqual([anaCache]);
  const profileWith = async (token: string) =>
    (await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await profileWith(oldToken!)).toBe(200);

  // No signal: an experiment is saved on the device, and the next one's draft is typed.
  await page.getByRole('button', { name: 'Novo Experimento' }).click();
  await heading(page, 'Dados da Consultoria');
  await offline(true);
  await saveExperiment(page, `Pendente da Ana ${tag}`);
  await expect(page.getByRole('button', { name: /^Pendentes \(1\)/ })).toBeVisible();
  await heading(page, 'Dados da Consultoria');
  await page.locator('input[name="consultoria"]').fill(`Rascunho da Ana ${tag}`);
  await expect.poll(async () => (await deviceState(page)).drafts).toEqual(['gestao-agricola:draft:novo']);

  // Sair: the question first, in the app's own dialog (nothing to send first without a connection).
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  const dialog = page.getByRole('alertdialog', { name: QUESTION });
  await expect(dialog).toContainText('1 experimento não enviado será apagado deste aparelho');
  await expect(dialog.getByRole('button', { name: 'Enviar antes de sair' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/signout-dialog-1280.png' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: '/tmp/signout-dialog-375.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Apagar e sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // At once: the sign-in page, and the device holds nothing of Ana but the pending sign-out.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect
    .poll(async () => {
      const s = await deviceState(page);
      return { ...s, pendingSignOuts: s.pendingSignOuts ? JSON.parse(s.pendingSignOuts).length : 0 };
    })
    .toEqual({ token: null, user: null, drafts: [], pendingSignOuts: 1, apiCaches: [], items: [] });

  // A reload, still offline: the sign-in page, not Ana's dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(trial)).toHaveCount(0);
  // The server has not heard yet.
  expect(await profileWith(oldToken!)).toBe(200);

  // The connection returns: Ana's old session is ended on the server.
  await offline(false);
  await expect.poll(() => profileWith(oldToken!), { timeout: 20_000 }).toBe(401);
  await expect.poll(async () => (await deviceState(page)).pendingSignOuts).toBeNull();

  // Bia signs in on the same phone: none of Ana's pending items, drafts or cached answers.
  await signInByForm(page, bia);
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pendentes/ })).toHaveCount(0);
  const biaState = await deviceState(page);
  expect(biaState.items).toEqual([]);
  expect(biaState.drafts).toEqual([]);
  expect(biaState.apiCaches).not.toContain(anaCache);
  await page.getByRole('button', { name: 'Novo Experimento' }).click();
  await heading(page, 'Dados da Consultoria');
  await expect(page.locator('input[name="consultoria"]')).toHaveValue('');
});

test('online with an experiment waiting, Sair also offers to send it first', async ({ context, request }) => {
  const carla = await registerByApi(request, newUser({ role: 'consultor' }));
  // The sends fail, so the item stays pending while the question is asked.
  await context.route('**/api/experiments', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  const page = await context.newPage();
  await signInByForm(page, carla);
  await page.waitForURL('**/dashboard');
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('gestao-agricola:user') ?? '{}') as { id: string }).id);
  await page.evaluate(
    (owner) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('gestao-agricola-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('pendentes', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('pendentes', 'readwrite');
          for (const n of [1, 2]) {
            tx.objectStore('pendentes').put({
              id: `00000000-0000-4000-8000-00000000000${n}`,
              createdAt: new Date().toISOString(),
              data: { consultoria: `Item ${n}`, tratamentos: [] },
              pdf: null,
              status: 'pendente',
              userId: owner,
            });
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    userId,
  );
  await page.reload();
  await expect(page.getByRole('button', { name: /^Pendentes \(2\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  const dialog = page.getByRole('alertdialog', { name: QUESTION });
  await expect(dialog).toContainText('2 experimentos não enviados serão apagados deste aparelho');
  await expect(dialog.getByRole('button', { name: 'Enviar antes de sair' })).toBeVisible();
  await page.screenshot({ path: '/tmp/signout-dialog-online-1280.png' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: '/tmp/signout-dialog-online-375.png' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  // Still signed in, the items still there.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('button', { name: /^Pendentes \(2\)/ })).toBeVisible();
});
