/**
 * Issue 29, item 15 (the shell): a page reached by a link or a redirect starts at its top, its
 * title below the sticky header, while the dashboard's own query-string changes keep the scroll;
 * toasts never cover the header's controls; "Salvo neste aparelho" goes once its item is sent.
 * At 375 px (a phone) and 1280 px.
 */
import { type Page, expect, test } from '@playwright/test';
import { apiToken, createTwoTreatmentTrial, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';
import { SAVED_ON_DEVICE, fillControlToPdf, fillFirstSteps } from './offline-wizard.js';

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The page's h1 is on screen, wholly below the sticky header. */
async function titleBelowHeader(page: Page, title: string) {
  const h1 = page.getByRole('heading', { level: 1, name: title });
  await expect(h1).toBeInViewport();
  const header = (await page.locator('header').boundingBox())!;
  const box = (await h1.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('a new page starts at its top', () => {
  test('after signing up on a phone, the dashboard opens at its top, its title below the header', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const user = newUser({ role: 'consultor' });
    await page.goto('/register');
    await page.locator('input[name="name"]').fill(user.name);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="confirmPassword"]').fill(user.password);
    await page.locator('input[name="terms"]').check();
    const submit = page.getByRole('button', { name: 'Criar Conta' });
    await submit.scrollIntoViewIfNeeded();
    // The sign-up form is taller than a phone: the page is scrolled to reach its button.
    expect(await scrollY(page)).toBeGreaterThan(100);
    await submit.click();
    await expect(page.getByText('Conta criada com sucesso! Redirecionando para o dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await titleBelowHeader(page, 'Dashboard Agrícola');
    expect(await scrollY(page)).toBe(0);
    // The focus starts in the new page's content (a screen reader reads from there).
    await expect(page.locator('main#conteudo')).toBeFocused();
  });

  test('a link to another page starts it at its top; opening an experiment in the list keeps the scroll', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const user = await registerByApi(request, newUser({ role: 'consultor' }));
    const consultoria = `Rolagem ${Date.now().toString(36)}`;
    await createTwoTreatmentTrial(request, await apiToken(request, user), consultoria, pdfFile('rolagem.pdf', consultoria));
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await signIn(page, user, '/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Novo Experimento' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Dados da Consultoria' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    await expect(page.locator('main#conteudo')).toBeFocused();

    // The dashboard's details open in the page (?experimento=…): the list stays where it was.
    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: /Gestão Agrícola/ }).click();
    await titleBelowHeader(page, 'Dashboard Agrícola');
    await page.getByRole('tab', { name: 'Experimentos' }).click();
    const link = page.getByRole('link', { name: consultoria });
    await link.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/experimento=\d+/);
    await expect(page.getByRole('dialog', { name: 'Detalhes do Experimento' })).toBeVisible();
    expect(await scrollY(page)).toBe(before);
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`toasts appear below the header and cover none of its controls (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const user = await registerByApi(request, newUser({ role: 'consultor' }));
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await page.route('**/api/dashboard/export.csv**', (r) => r.fulfill({ status: 500, body: '' }));
    await page.clock.install();
    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Agrícola' })).toBeVisible();
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erro ao exportar CSV. Tente novamente.' });
    await expect(toast).toBeVisible();
    // Its entrance (a CSS transition) ends first: its box is then where it stays.
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    // The page's clock stops here, so the toast stays as long as the checks take on a busy machine.
    await page.clock.pauseAt(Date.now() + 20);
    const box = (await toast.boundingBox())!;
    const header = (await page.locator('header').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    const controls = page.locator('header').locator('a:visible, button:visible');
    expect(await controls.count()).toBeGreaterThan(1);
    for (const control of await controls.all()) {
      const c = await control.boundingBox();
      if (c) expect(overlap(box, c), `${await control.textContent()} under the toast`).toBe(false);
    }
    // A menu opened while the toast shows stands above it: where they overlap, the menu is what a
    // click reaches.
    await page.getByRole('button', { name: viewport.width < 768 ? /^Abrir menu/ : /^Menu do usuário/ }).click();
    const menu = page.locator('header [data-menu-open] > div').last();
    await expect(menu).toBeVisible();
    const m = (await menu.boundingBox())!;
    expect(overlap(box, m), 'the toast lies over part of the menu').toBe(true);
    await expect(toast).toBeVisible();
    const x = (Math.max(m.x, box.x) + Math.min(m.x + m.width, box.x + box.width)) / 2;
    const y = (Math.max(m.y, box.y) + Math.min(m.y + m.height, box.y + box.height)) / 2;
    expect(await menu.evaluate((el, [px, py]) => el.contains(document.elementFromPoint(px!, py!)), [x, y])).toBe(true);
  });
}

test('on a phone the header grows with the form progress; the page publishes its height for toasts and scrolling', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  await signIn(page, user, '/novo-experimento');
  await expect(page.getByRole('heading', { level: 2, name: 'Dados da Consultoria' })).toBeVisible();
  const header = page.locator('header');
  await expect(header.getByText('Passo 1 de 7')).toBeVisible();
  const height = await header.evaluate((h) => h.getBoundingClientRect().height);
  expect(height).toBeGreaterThan(64);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--app-header-h')))
    .toBe(`${Math.round(height)}px`);
});

test('"Salvo neste aparelho" stays while the experiment waits and goes once it is sent', async ({ context, request }) => {
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  const consultoria = `Aviso Enviado ${Date.now().toString(36)}`;
  const auth = await apiToken(request, user);
  const total = async () =>
    (
      (await (await request.get(`/api/experiments?busca=${encodeURIComponent(consultoria)}`, { headers: auth })).json()) as {
        total: number;
      }
    ).total;
  const page = await context.newPage();
  await signIn(page, user, '/novo-experimento');
  await fillFirstSteps(page, consultoria, 'Brasmax Garra');
  await fillControlToPdf(page, { pdfName: 'Aviso.pdf', marker: consultoria });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  const notice = page.getByRole('status').filter({ hasText: SAVED_ON_DEVICE });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pendentes \(1\)/ })).toBeVisible();

  // The connection returns: the queue sends it, and the form no longer says it waits.
  await context.setOffline(false);
  await expect.poll(total, { timeout: 15_000 }).toBe(1);
  await expect(page.getByText('1 experimento pendente enviado.')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pendentes/ })).toHaveCount(0);
  // The form stays, empty, ready for the next trial.
  await expect(page.getByRole('heading', { level: 2, name: 'Dados da Consultoria' })).toBeVisible();
});
