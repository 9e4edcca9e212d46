/**
 * Issue 22 (reading offline, installability): the app opened online opens again with no
 * connection, shows the last data seen read-only under "Sem conexão — dados de …", and the banner
 * goes once the connection is back. The manifest, its icons and the service worker are checked too.
 */
import { type Page, expect, test } from '@playwright/test';
import { apiToken, createTwoTreatmentTrial, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';

test.use({ serviceWorkers: 'allow' });

const user = newUser({ role: 'consultor' });
const consultoria = `Offline ${Date.now().toString(36)}`;

/** Waits until the service worker controls the page (it claims the page on its first activation). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

test('the manifest has what installing needs and its icons exist', async ({ request, page }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Gestão Agrícola', lang: 'pt-BR', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512']) {
    expect(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'))).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose?.includes('maskable'))).toBe(true);
  }
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', type: 'image/png' }]) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe(icon.type);
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');

  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  await controlled(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

test('offline, the app opens and shows the last data seen, read-only, until the connection returns', async ({ page, context, request }) => {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const experimentId = await createTwoTreatmentTrial(request, auth, consultoria, pdfFile('Offline.pdf', 'offline-read'));
  const details = `/dashboard?aba=experimentos&experimento=${experimentId}`;

  await signIn(page, user);
  await page.waitForURL('**/dashboard');
  await controlled(page);
  // Online: the table and the experiment's details are seen once.
  await page.goto(details);
  const modal = page.getByRole('dialog', { name: 'Detalhes do Experimento' });
  await expect(modal.getByText(consultoria).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: consultoria });
  await expect(row).toBeAttached();
  await expect(page.getByText(/^Sem conexão/)).toHaveCount(0);
  const seenAt = new Date();

  await context.setOffline(true);
  await page.reload();
  // The app opened (no browser error page), still signed in, with the data and the banner.
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();
  await expect(modal.getByText(consultoria).first()).toBeVisible();
  await modal.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(row).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'Sem conexão — dados de' });
  await expect(banner).toBeVisible();
  const p = (n: number) => String(n).padStart(2, '0');
  // The time shown is when the data were fetched (in São Paulo, the journeys' time zone), a minute either way.
  const text = (await banner.textContent()) ?? '';
  const match = /dados de (\d\d)\/(\d\d) (\d\d):(\d\d)/.exec(text);
  expect(match, text).not.toBeNull();
  const local = new Date(seenAt.toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' }));
  expect(`${match![1]}/${match![2]}`).toBe(`${p(local.getDate())}/${p(local.getMonth() + 1)}`);
  const minutes = Number(match![3]) * 60 + Number(match![4]);
  expect(Math.abs(minutes - (local.getHours() * 60 + local.getMinutes()))).toBeLessThanOrEqual(2);

  // Read-only: edit and delete are disabled and say why; "Novo Experimento" stays usable.
  await expect(row.getByRole('button', { name: 'Editar' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Excluir' })).toBeDisabled();
  await expect(page.getByText('Indisponível sem conexão').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Novo Experimento' }).first()).toBeEnabled();

  // Another page load offline: the overview, seen online right after signing in.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();

  // What this user saw stays on the device only while they are signed in: signing out deletes it
  // (the reference lists, the same for everyone, stay).
  const cacheNames = () => page.evaluate(() => caches.keys());
  expect((await cacheNames()).some((n) => n.startsWith('gestao-agricola-api-'))).toBe(true);
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await cacheNames()).filter((n) => n.startsWith('gestao-agricola-api-'))).toEqual([]);
  expect(await cacheNames()).toContain('gestao-agricola-public');
});
