import { type Page, expect, test } from '@playwright/test';
import { apiToken, createTwoTreatmentTrial, pdfFile, registerByApi, signIn } from './fixtures.js';

test('the root leads a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect(page).toHaveTitle('Entrar · Gestão Agrícola');
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

test.describe('the shell: landmarks, titles, skip link, dialogs, an expired session', () => {
  const landmarks = async (page: Page) => {
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.locator('main#conteudo')).toBeVisible();
  };

  test('every route has a title of its own and exactly one <main>', async ({ page, request }) => {
    const titles = new Map<string, string>();
    const visit = async (path: string, title: string, ready: () => Promise<void>) => {
      await page.goto(path);
      await ready();
      await expect(page).toHaveTitle(`${title} · Gestão Agrícola`);
      await landmarks(page);
      titles.set(path, await page.title());
    };
    const heading = (name: string) => () => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await visit('/login', 'Entrar', heading('Entrar'));
    await visit('/register', 'Criar conta', heading('Criar Conta'));
    await visit('/forgot-password', 'Recuperar senha', heading('Recuperar senha'));
    await visit('/terms', 'Termos de uso', heading('Termos de Uso'));
    await visit('/privacy', 'Política de privacidade', heading('Política de Privacidade'));
    await visit('/pagina/que/nao/existe', 'Página não encontrada', heading('Página não encontrada'));

    await signIn(page, await registerByApi(request));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await visit('/dashboard', 'Dashboard', heading('Dashboard Agrícola'));
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await visit('/perfil', 'Meu perfil', heading('Meu Perfil'));
    await visit('/novo-experimento', 'Novo experimento', () => expect(page.locator('input[name="consultoria"]')).toBeVisible());
    await visit('/test-extraction', 'Testar extração', heading('Extração Automática de Dados'));
    await visit('/unauthorized', 'Acesso negado', heading('Acesso Negado'));
    // A title follows the page when the app navigates, not only on a full load.
    await page.getByRole('link', { name: /Gestão Agrícola/ }).click();
    await expect(page).toHaveTitle('Dashboard · Gestão Agrícola');

    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  test('the skip link is the first stop of the keyboard and takes the focus to the content', async ({ page, request }) => {
    await signIn(page, await registerByApi(request));
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#conteudo')).toBeFocused();
    await expect(page).toHaveURL(/\/perfil$/);
    // The next Tab lands inside the content, past the header's controls.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);

    await page.goto('/login');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
  });

  test("deleting asks in the app's own dialog, with the spec's question", async ({ page, request }) => {
    const user = await registerByApi(request);
    const auth = await apiToken(request, user);
    const consultoria = `Shell ${Date.now().toString(36)}`;
    await createTwoTreatmentTrial(request, auth, consultoria, pdfFile());

    let browserDialogs = 0;
    page.on('dialog', (d) => {
      browserDialogs++;
      void d.dismiss();
    });
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await signIn(page, user, '/dashboard?aba=experimentos');
    const card = page.getByText(consultoria).first();
    await expect(card).toBeVisible();

    const dialog = page.getByRole('alertdialog', { name: 'Excluir experimento' });
    await page.getByRole('button', { name: 'Excluir', exact: true }).first().click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Tem certeza que deseja excluir este experimento?')).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Escape cancels and nothing is deleted.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Excluir', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Experimento excluído com sucesso!')).toBeVisible();
    await expect(page.getByText(consultoria)).toHaveCount(0);
    expect(browserDialogs).toBe(0);
  });

  test('a session the server has ended sends the user to sign in, saying so, and back where they were', async ({ page, request }) => {
    const user = await registerByApi(request);
    // A password changed elsewhere ends every other session: access tokens and refresh cookies alike.
    const endBrowserSession = async () => {
      const auth = await apiToken(request, user);
      const newPassword = `${user.password}-novo`;
      const res = await request.post('/api/users/change-password', {
        headers: auth,
        data: { currentPassword: user.password, newPassword },
      });
      expect(res.status(), await res.text()).toBe(204);
      user.password = newPassword;
    };
    const expiredNotice = page.getByRole('status').filter({ hasText: 'Sua sessão expirou. Entre novamente para continuar de onde parou.' });
    const signInHere = async () => {
      await page.locator('input[name="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Login realizado com sucesso! Redirecionando...')).toBeVisible();
    };
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await signIn(page, user, '/perfil');
    await expect(page.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();

    // While the app is open: the next request fails, its refresh too.
    await endBrowserSession();
    // A click event without the pointer passing over the link first: hovering starts the
    // dashboard's prefetch, and on a loaded machine its refused refresh could land before the click
    // and end the session on /perfil, where the user still was (also right, but not this case).
    await page.getByRole('link', { name: /Gestão Agrícola/ }).dispatchEvent('click');
    await expect(page).toHaveURL(/\/login$/);
    await expect(expiredNotice).toBeVisible();
    await signInHere();
    await expect(expiredNotice).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);

    // On opening the app with a stored session the server no longer accepts; signing in again
    // leads back to the page that was asked for.
    await endBrowserSession();
    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/login$/);
    await expect(expiredNotice).toBeVisible();
    await signInHere();
    await expect(page).toHaveURL(/\/perfil$/);

    // Signing out is no expiry: the sign-in page says nothing of the kind.
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sua sessão expirou', { exact: false })).toHaveCount(0);
  });
});
