import { expect, test } from '@playwright/test';

test('the root leads a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect(page).toHaveTitle('Gestão Agrícola');
});

test('an unknown path shows the not-found page, and Voltar goes back', async ({ page }) => {
  await page.goto('/terms');
  await page.goto('/pagina/que/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('A página que você está procurando não existe.')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test('a deep link survives a reload', async ({ page }) => {
  await page.goto('/unauthorized');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
});

test('the API answers health through the same server', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
});
