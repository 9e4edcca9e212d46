import { type APIRequestContext, type Page, expect } from '@playwright/test';

let seq = 0;

export interface TestUser {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'consultor' | 'admin';
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  seq += 1;
  const id = `${Date.now().toString(36)}${seq}`;
  return { name: `Pessoa ${id}`, email: `pessoa.${id}@exemplo.com.br`, password: 'senha-segura-1', role: 'user', ...overrides };
}

/** The installation's administrator, created by global-setup.ts as the first account. */
export const ADMIN: TestUser = { name: 'Ana Administradora', email: 'admin.e2e@exemplo.com.br', password: 'senha-admin-1', role: 'admin' };

/** Creates an account through the API (fast path for journeys that are not about sign-up). */
export async function registerByApi(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const res = await request.post('/api/auth/register', {
    data: { name: user.name, email: user.email, password: user.password, role: user.role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/**
 * Signs in as the sign-in page would leave the browser — the session in localStorage, the refresh
 * cookie in the context — without drawing that page, then opens `to`. Journeys about signing in
 * itself use signInByForm. `to: null` leaves the page on the health answer, for a journey that
 * opens its own page next.
 */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>, to: string | null = '/dashboard'): Promise<void> {
  // page.request shares the context's cookies: the refresh cookie is set as the form would set it.
  const res = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: unknown; token: string; signOutToken?: string };
  // Any same-origin document gives access to the origin's storage; the health answer is the smallest.
  await page.goto('/api/health');
  await page.evaluate((b) => {
    localStorage.setItem('gestao-agricola:auth-token', b.token);
    localStorage.setItem('gestao-agricola:user', JSON.stringify(b.user));
    if (b.signOutToken) localStorage.setItem('gestao-agricola:signout-token', b.signOutToken);
  }, body);
  if (to !== null) await page.goto(to);
}

/** Signs in through the sign-in page, as a person does, and waits for its success message. */
export async function signInByForm(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso! Redirecionando...')).toBeVisible();
}

/** A small real PDF file for uploads. */
export function pdfFile(name = 'relatorio.pdf', marker = 'e2e') {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** Signs in through the API and returns the bearer header, for API checks inside a journey. */
export async function apiToken(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The scalar fields of a valid soybean experiment at Rio Verde/GO; journeys spread it and add their own. */
export const SOY_EXPERIMENT = {
  marca: 'Aminoagro',
  bu: 'BU1',
  regional: 'GO',
  cidade: 'Rio Verde',
  estado: 'GO',
  teor_argila: 40,
  teor_materia_organica: 3,
  cultura: 'Soja',
  cultivar: 'M6410',
  ano: 2025,
  tipo_estatistica: 'DBC',
};

/** An experiment (`data`, the API's body) and its PDF, created through the API as `auth`; returns its id. */
export async function postExperiment(
  request: APIRequestContext,
  auth: Record<string, string>,
  data: object,
  pdf: ReturnType<typeof pdfFile>,
): Promise<number> {
  const res = await request.post('/api/experiments', { headers: auth, multipart: { data: JSON.stringify(data), pdf } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { experiment: { id: number } }).experiment.id;
}

/**
 * A soybean experiment with a control and one treated plot (3,300 and 3,600 kg/ha) and its PDF,
 * created through the API as `auth`; returns its id.
 */
export function createTwoTreatmentTrial(
  request: APIRequestContext,
  auth: Record<string, string>,
  consultoria: string,
  pdf: ReturnType<typeof pdfFile>,
): Promise<number> {
  return postExperiment(
    request,
    auth,
    {
      ...SOY_EXPERIMENT,
      consultoria,
      custo_protocolo: 1000,
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3300 },
        { nome: 'Tratado', modalidade: 'Sementes', produtividade: 3600 },
      ],
    },
    pdf,
  );
}

/** The wizard's "Próximo". */
export const next = (page: Page) => page.getByRole('button', { name: 'Próximo' }).click();

/** A wizard step is on screen: its title (h2) is visible. */
export const heading = (page: Page, title: string) => expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

/**
 * Steps 1 to 4 of the wizard, typed as a user would (marca Aminoagro, BU1, regional and state GO,
 * soil 45 % clay and 2,8 % organic matter), ending on step 5.
 */
export async function fillStepsOneToFour(
  page: Page,
  { consultoria, cidade, cultura, cultivar }: Record<'consultoria' | 'cidade' | 'cultura' | 'cultivar', string>,
) {
  await page.locator('input[name="consultoria"]').fill(consultoria);
  await page.locator('select[name="marca"]').selectOption('Aminoagro');
  await page.locator('select[name="bu"]').selectOption('BU1');
  await page.locator('select[name="regional"]').selectOption('GO');
  await next(page);
  await page.locator('input[name="cidade"]').fill(cidade);
  await page.locator('select[name="estado"]').selectOption('GO');
  await next(page);
  await page.locator('input[name="teor_argila"]').fill('45');
  await page.locator('input[name="teor_materia_organica"]').fill('2,8');
  await next(page);
  await page.locator('select[name="cultura"]').selectOption(cultura);
  await page.locator('input[name="cultivar"]').fill(cultivar);
  await next(page);
}

/**
 * Step 5's treatments typed one by one: the control ("Testemunha", T1, "Sem aplicação"), then the
 * others by name, "Foliar". `each(i)` runs while treatment i's card is open (on a phone a card
 * folds once the next is added).
 */
export async function addTreatments(page: Page, names: readonly string[], each?: (i: number) => Promise<void>) {
  await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
  for (let i = 0; i < names.length; i++) {
    if (i > 0) {
      await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
      await page.locator(`input[name="tratamentos.${i}.nome"]`).fill(names[i]!);
    }
    await page.locator(`select[name="tratamentos.${i}.modalidade"]`).selectOption(i ? 'Foliar' : 'Sem aplicação');
    await each?.(i);
  }
}
