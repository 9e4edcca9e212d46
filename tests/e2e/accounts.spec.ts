import { expect, test } from '@playwright/test';
import { decodeQuotedPrintable, resetLinkOf, startTestSmtp, type TestSmtp } from '../../src/server/test/smtp.js';
import { newUser, registerByApi, signIn, signInByForm } from './fixtures.js';

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await smtp.close();
});

test('register → dashboard → sign out → sign in → edit profile → forgot → reset by mail → sign in', async ({ page }) => {
  const user = newUser({ role: 'consultor' });

  // Sign-up validates in the page with the spec's messages.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Por favor, preencha todos os campos obrigatórios')).toBeVisible();
  await page.locator('input[name="name"]').fill(user.name);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="company"]').fill('Campo Forte');
  await page.locator('select[name="role"]').selectOption('consultor');
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="confirmPassword"]').fill('outra-senha');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await page.locator('input[name="confirmPassword"]').fill(user.password);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Você precisa aceitar os Termos de Uso e a Política de Privacidade')).toBeVisible();
  await page.locator('input[name="terms"]').check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Conta criada com sucesso! Redirecionando para o dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();

  // Sign out from the user menu.
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
  await expect(page.getByRole('menu').getByText('Consultor Agrícola')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Wrong password, then the right one.
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill('errada-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso! Redirecionando...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Profile: view, edit, cancel resets, save merges.
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Meu Perfil' }).click();
  await expect(page.getByText('Membro desde')).toBeVisible();
  await expect(page.getByText('Campo Forte')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  await expect(page.locator('select[name="role"]')).toBeDisabled();
  await page.locator('input[name="company"]').fill('Temporária');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Campo Forte')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  await expect(page.locator('input[name="company"]')).toHaveValue('Campo Forte');
  await page.locator('input[name="name"]').fill(`${user.name} Editado`);
  await page.locator('input[name="company"]').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.getByText('Não informado')).toBeVisible();
  await expect(page.getByRole('button', { name: /Menu do usuário/ })).toContainText(`${user.name} Editado`);

  // Sign out and recover the password by the mailed link.
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Email de recuperação enviado! Verifique sua caixa de entrada.')).toBeVisible();
  await expect.poll(() => smtp.messages.find((m) => m.includes(user.email)), { timeout: 10_000 }).toBeTruthy();
  const link = resetLinkOf(smtp.messages.find((m) => m.includes(user.email))!);
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.locator('input[name="password"]').fill('senha-nova-2');
  await page.locator('input[name="confirmPassword"]').fill('senha-nova-2');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  await signInByForm(page, { email: user.email, password: 'senha-nova-2' });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link cannot be used twice.
  await page.goto(link!);
  await page.locator('input[name="password"]').fill('senha-nova-3');
  await page.locator('input[name="confirmPassword"]').fill('senha-nova-3');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Link de recuperação inválido ou expirado. Solicite um novo.')).toBeVisible();
});

test('changing the e-mail and the password asks for the current one, tells the old address and keeps this tab signed in', async ({
  page,
  request,
  browser,
}) => {
  const user = await registerByApi(request, newUser());
  const newEmail = user.email.replace('@', '.novo@');
  // Another device of the same account: its session must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await signIn(page, user, '/perfil');
  await page.getByRole('button', { name: 'Editar Perfil' }).click();

  // The field appears only when the e-mail changes (the password card below has its own).
  const profileForm = page.locator('form').filter({ has: page.locator('input[name="email"]') });
  await expect(profileForm.getByLabel('Senha atual')).toHaveCount(0);
  await page.locator('input[name="email"]').fill(newEmail);
  const current = profileForm.getByLabel('Senha atual');
  await expect(current).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('perfil-email-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath('perfil-email-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe a senha atual para alterar o email')).toBeVisible();
  await current.fill('errada-123');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Senha atual incorreta').first()).toBeVisible();
  await current.fill(user.password);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.getByText(newEmail).first()).toBeVisible();

  // The old address is told; this tab stays signed in across a reload; the other device is out.
  await expect
    .poll(() => smtp.messages.find((m) => decodeQuotedPrintable(m).includes(`foi alterado de ${user.email} para ${newEmail}`)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  // The password: the wrong current one is refused under its field; the right one keeps the tab in.
  await page.locator('input[name="currentPassword"]').fill('errada-123');
  await page.locator('input[name="newPassword"]').fill('senha-trocada-9');
  await page.locator('input[name="confirmPassword"]').fill('senha-trocada-9');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual incorreta')).toBeVisible();
  await page.locator('input[name="currentPassword"]').fill(user.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect
    .poll(() => smtp.messages.find((m) => m.includes(`To: ${newEmail}`) && decodeQuotedPrintable(m).includes('A senha da sua conta')), {
      timeout: 10_000,
    })
    .toBeTruthy();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();
});

test('a non-admin opening /admin/usuarios lands on Acesso Negado', async ({ page, request }) => {
  const user = await registerByApi(request, newUser({ role: 'user' }));
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/usuarios');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
});

test('a deep link while signed out returns there after sign-in', async ({ page, request }) => {
  const user = await registerByApi(request);
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/login$/);
  await signInByForm(page, user);
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();
});

test('registering as admin after the first account shows "Perfil inválido" under the role', async ({ page, request }) => {
  // Make sure the installation already has its first account.
  await registerByApi(request);
  const user = newUser();
  // The page was opened while the installation was new (the answer is stale by the time the form is sent).
  await page.route('**/api/auth/registration', (r) => r.fulfill({ json: { adminAvailable: true } }));
  await page.goto('/register');
  await page.locator('input[name="name"]').fill(user.name);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('select[name="role"]').selectOption('admin');
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="confirmPassword"]').fill(user.password);
  await page.locator('input[name="terms"]').check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Perfil inválido: o perfil Administrador é só para a primeira conta da instalação.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Tipo de usuário')).toHaveAccessibleDescription(/^Perfil inválido/);
  await expect(page.locator('select[name="role"]')).toHaveValue('user');
  await expect(page).toHaveURL(/\/register$/);
});

test('at phone width the header menu offers the same actions', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByRole('button', { name: 'Novo Experimento' }).click();
  await expect(page).toHaveURL(/\/novo-experimento$/);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('button', { name: 'Ver Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Meu Perfil' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
});
