import { readFileSync } from 'node:fs';
import { type ConsoleMessage, type Page, expect, test } from '@playwright/test';
import { ADMIN, apiToken, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';

/**
 * Collects what the browser reports about the Content-Security-Policy on a page: its console
 * messages, and every `securitypolicyviolation` event (raised even for a refusal the page's own
 * code catches, such as zod's `new Function('')` probe, which prints nothing) from the next
 * navigation on.
 */
async function cspReports(page: Page): Promise<string[]> {
  const reports: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (/Content Security Policy|Refused to|securitypolicyviolation/i.test(m.text())) reports.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return reports;
}

test('the dashboard loads without a single CSP report (zod runs jitless: no eval probe)', async ({ page, request }) => {
  const user = newUser();
  await registerByApi(request, user);
  const reports = await cspReports(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForLoadState('networkidle');
  // The wizard builds every experiment schema: the probe would run there at the latest.
  await page.goto('/novo-experimento');
  await expect(page.locator('input[name="consultoria"]')).toBeVisible();
  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  expect(reports).toEqual([]);
});

test('the CSP blocks nothing the product uses, and a PDF opened from a blob: URL shows in the viewer', async ({
  page,
  context,
  request,
}) => {
  const user = newUser();
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const data = {
    consultoria: 'CSP Consultoria',
    marca: 'Aminoagro',
    bu: 'BU1',
    regional: 'GO',
    cidade: 'Rio Verde',
    estado: 'GO',
    latitude: -17.79,
    longitude: -50.92,
    teor_argila: 40,
    teor_materia_organica: 3,
    cultura: 'Soja',
    cultivar: 'CSP-1',
    ano: 2025,
    tipo_estatistica: 'DBC',
    custo_protocolo: 1000,
    roi: 1000,
    tratamentos: [{ nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3000 }],
  };
  const created = await request.post('/api/experiments', {
    headers: auth,
    multipart: {
      data: JSON.stringify(data),
      pdf: { name: 'CSP.pdf', mimeType: 'application/pdf', buffer: readFileSync('tests/fixtures/extraction/01-blocos-soja-rio-verde.pdf') },
    },
  });
  expect(created.status()).toBe(201);

  const reports = await cspReports(page);
  const headers = (await request.get('/login')).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, user);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await page.goto('/dashboard?aba=documentos');
  await page.getByPlaceholder('Buscar por consultoria, cidade, cultura ou marca...').fill('CSP Consultoria');
  await expect(page.getByText('1 documento disponível')).toBeVisible();

  const viewerPromise = context.waitForEvent('page');
  await page
    .getByRole('button', { name: /Ver PDF do experimento/ })
    .first()
    .click();
  const viewer = await viewerPromise;
  const viewerReports = await cspReports(viewer);
  await expect.poll(() => viewer.url(), { timeout: 10_000 }).toMatch(/^blob:/);
  await viewer.waitForLoadState();
  // Chromium's viewer hosts the PDF in an embed of type application/pdf: it is there, not blocked.
  await expect.poll(() => viewer.evaluate(() => document.contentType), { timeout: 10_000 }).toBe('application/pdf');
  // The report is drawn (a page of text, ~80 KB of PNG); a blocked viewer stays a flat grey page.
  // The viewer draws the page a moment after its frame and thumbnail (over 1.5 s on a busy machine).
  await expect
    .poll(async () => (await viewer.screenshot({ path: 'test-results/pdf-viewer.png' })).length, { timeout: 20_000, intervals: [500] })
    .toBeGreaterThan(30_000);
  expect(viewerReports).toEqual([]);
  await viewer.close();
  expect(reports).toEqual([]);
});

test('an admin reads the audit trail: who created and changed which experiment, and when', async ({ page, request }) => {
  const user = newUser({ name: 'Carla Consultora', role: 'consultor' });
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const data = {
    consultoria: 'Audit Consultoria',
    marca: 'Aminoagro',
    bu: 'BU1',
    regional: 'GO',
    cidade: 'Jataí',
    estado: 'GO',
    teor_argila: 40,
    teor_materia_organica: 3,
    cultura: 'Milho',
    cultivar: 'AUD-1',
    ano: 2025,
    tipo_estatistica: 'DBC',
    custo_protocolo: 1000,
    roi: 1000,
    tratamentos: [{ nome: 'Testemunha', modalidade: 'Foliar', produtividade: 9000 }],
  };
  const created = await request.post('/api/experiments', {
    headers: auth,
    multipart: { data: JSON.stringify(data), pdf: pdfFile('audit.pdf', 'audit') },
  });
  const e = (await created.json()).experiment;
  const updated = await request.put(`/api/experiments/${e.id}`, {
    headers: auth,
    multipart: {
      data: JSON.stringify({
        ...data,
        cultivar: 'AUD-2',
        version: e.version,
        tratamentos: [{ nome: 'Testemunha', modalidade: 'Foliar', produtividade: 9087.63 }],
      }),
    },
  });
  expect(updated.status()).toBe(200);

  // Not for everyone.
  await signIn(page, user, '/admin/auditoria');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();

  await signIn(page, ADMIN);
  await page
    .getByRole('button', { name: /Menu do usuário|Ana Administradora/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Auditoria' }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  const rows = page.getByTestId('audit-entry').filter({ hasText: 'Carla Consultora' });
  await expect(rows.first()).toContainText('Alterou o experimento');
  await expect(rows.first()).toContainText('Cultivar: AUD-1 → AUD-2');
  // Which treatment's which field, from what to what (issue 29), not "alterados (1 → 1)".
  await expect(rows.first()).toContainText('Tratamento 1 (Testemunha) · Produtividade: 9.000 → 9.087,63');
  await expect(rows.first()).toContainText('Milho AUD-2, Jataí/GO (2025)');
  await expect(rows.nth(1)).toContainText('Criou o experimento');
  await page.screenshot({ path: 'test-results/admin-audit.png', fullPage: true });
  // The kind filter: accounts only, the sign-up with its role by name and no experiment number.
  await page.getByLabel('Tipo').selectOption({ label: 'Contas e perfis' });
  await expect(rows.first()).toContainText('Criou a conta');
  await expect(rows.first()).toContainText('Perfil: Consultor Agrícola');
  await expect(rows.first()).not.toContainText('experimento nº');
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'Alterou o experimento' })).toHaveCount(0);
  await page.getByLabel('Tipo').selectOption({ label: 'Todos' });
  await expect(rows.first()).toContainText('Alterou o experimento');
  // At phone width the page itself does not scroll sideways: the table scrolls inside its card.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rows.first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The changes column is out of view, and the page says so; the hint's button scrolls to it.
  const changes = rows.first().getByText('Cultivar: AUD-1 → AUD-2');
  expect((await changes.boundingBox())!.x).toBeGreaterThan(375);
  await page.getByTestId('scroll-hint').click();
  await expect(page.getByTestId('scroll-hint')).toHaveText('← Voltar ao início da tabela');
  await expect(changes).toBeInViewport();
  await page.screenshot({ path: 'test-results/admin-audit-375.png', fullPage: true });
});
