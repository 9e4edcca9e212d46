/**
 * Issue 16: numbers typed as people type them in Brazil reach the API exactly, on a desktop and on
 * a 375 px phone: "3,2", "38,5", "1.234,5", a latitude "-12,5425", a longitude in degrees-minutes-
 * seconds, and a 3 × 4 block of plot yields pasted from a spreadsheet. Screenshots of steps 2, 3
 * and 5 go to /tmp/shots (not committed) for a look at the layout.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, next, heading } from './fixtures.js';

const SHOTS = '/tmp/shots';

/** Keystroke by keystroke, as on a phone keyboard, then leaving the field. */
async function typeIn(page: Page, name: string, text: string) {
  const input = page.locator(`input[name="${name}"]`);
  await input.click();
  await input.pressSequentially(text);
  await input.press('Tab');
}

/** A paste event carrying `text`, as the browser fires it for Ctrl+V of a spreadsheet block. */
async function pasteInto(page: Page, name: string, text: string) {
  await page.locator(`input[name="${name}"]`).evaluate((el, data) => {
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', data);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, text);
}

/** Nothing sticks out of the page sideways (the yield grid scrolls inside its own box). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// As copied from LibreOffice: tab-separated, pt-BR decimals, thousands with a dot, a final newline.
const BLOCK = ['3.512,4\t3.498,0\t3.601,2\t3.455,8', '3.700\t3.810,5\t3.765\t3.690', '3.620,25\t3.580,5\t3.655\t3.610'].join('\n') + '\n';
const PASTED = [
  [3512.4, 3498, 3601.2, 3455.8],
  [3700, 3810.5, 3765, 3690],
  [3620.25, 3580.5, 3655, 3610],
];

for (const { label, viewport } of [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test.describe(`number entry on ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('pt-BR numbers, a DMS longitude and a pasted yield grid reach the API exactly', async ({ page, request }) => {
      // About 50 s measured on a busy 2-core machine; more than three times that.
      test.setTimeout(180_000);
      mkdirSync(SHOTS, { recursive: true });
      const shot = (step: number) => page.screenshot({ path: `${SHOTS}/step${step}-${viewport.width}.png`, fullPage: true });
      const consultoria = `Números ${label} ${Date.now()}`;
      const user = await registerByApi(request, newUser({ role: 'consultor' }));
      await signIn(page, user, '/novo-experimento');

      await heading(page, 'Dados da Consultoria');
      await page.locator('input[name="consultoria"]').fill(consultoria);
      await page.locator('select[name="marca"]').selectOption('Aminoagro');
      await page.locator('select[name="bu"]').selectOption('BU1');
      await page.locator('select[name="regional"]').selectOption('GO');
      await next(page);

      await heading(page, 'Localização');
      for (const name of ['latitude', 'longitude']) {
        await expect(page.locator(`input[name="${name}"]`)).toHaveValue('');
        await expect(page.locator(`input[name="${name}"]`)).toHaveAttribute('inputmode', 'decimal');
      }
      await page.locator('input[name="cidade"]').fill('Sinop');
      await page.locator('select[name="estado"]').selectOption('MT');
      await typeIn(page, 'latitude', '-12,5425');
      await typeIn(page, 'longitude', `55°43'30" O`);
      // Shown back in decimal pt-BR once the field is left.
      await expect(page.locator('input[name="latitude"]')).toHaveValue('-12,5425');
      await expect(page.locator('input[name="longitude"]')).toHaveValue('-55,725');
      await expect(page.getByRole('button', { name: 'Usar minha localização' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(2);
      await next(page);

      await heading(page, 'Características do Solo');
      await expect(page.locator('input[name="teor_argila"]')).toHaveValue('');
      // Empty is not 0: Próximo stops with the required message.
      await next(page);
      await expect(page.getByText('Teor de argila é obrigatório')).toBeVisible();
      await typeIn(page, 'teor_argila', 'abc');
      await expect(page.getByText('Informe um número válido')).toBeVisible();
      await page.locator('input[name="teor_argila"]').fill('');
      await typeIn(page, 'teor_argila', '38,5');
      await typeIn(page, 'teor_materia_organica', '3,2');
      await expect(page.locator('input[name="teor_argila"]')).toHaveValue('38,5');
      await expect(page.locator('input[name="teor_materia_organica"]')).toHaveValue('3,2');
      await expect(page.locator('li[aria-current="true"]').first()).toContainText('argiloso');
      await expect(page.getByText('Informe um número válido')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot(3);
      await next(page);

      await heading(page, 'Dados da Cultura');
      await page.locator('select[name="cultura"]').selectOption('Soja');
      await page.locator('input[name="cultivar"]').fill('Brasmax Garra');
      await page.locator('select[name="ano"]').selectOption('2025');
      await next(page);

      await heading(page, 'Tratamentos');
      await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
      await expect(page.locator('input[name="tratamentos.0.produtividade"]')).toHaveValue('');
      await page.locator('select[name="tratamentos.0.modalidade"]').selectOption('Foliar');
      await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
      await page.locator('input[name="tratamentos.1.nome"]').fill('Raiz');
      await page.locator('select[name="tratamentos.1.modalidade"]').selectOption('Sementes');
      await page.getByRole('button', { name: 'Adicionar produto ao tratamento 2' }).click();
      // A new product row is quiet until the user types.
      await expect(page.getByText('Nome do produto é obrigatório')).toHaveCount(0);
      await page.locator('input[name="tratamentos.1.produtos_aplicados.0.nome"]').fill('Aminoagro Raiz');
      await page.locator('input[name="tratamentos.1.produtos_aplicados.0.unidade"]').fill('L/ha');
      await typeIn(page, 'tratamentos.1.produtos_aplicados.0.dose', '0,5');
      await typeIn(page, 'tratamentos.1.produtos_aplicados.0.custo', '42,5');
      await expect(page.getByLabel('Dose (L/ha)')).toHaveValue('0,5');
      await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
      await page.locator('input[name="tratamentos.2.nome"]').fill('Folha');
      await page.locator('select[name="tratamentos.2.modalidade"]').selectOption('Foliar');

      await page.locator('select[name="numeroRepeticoes"]').selectOption('4');
      await pasteInto(page, 'tratamentos.0.repeticoes.0', BLOCK);
      await expect(page.getByText('12 valores colados (3 × 4).')).toBeVisible();
      await expect(page.locator('input[name="tratamentos.0.repeticoes.0"]')).toHaveValue('3.512,4');
      await expect(page.locator('input[name="tratamentos.2.repeticoes.3"]')).toHaveValue('3.610');
      // Each treatment's yield is the live mean of its blocks, read-only.
      await expect(page.locator('input[name="tratamentos.0.produtividade"]')).toHaveValue('3.516,85');
      await expect(page.locator('input[name="tratamentos.0.produtividade"]')).toHaveAttribute('readonly', '');
      await expect(page.getByTestId('media-1')).toHaveText('3.741');
      await expectNoSidewaysScroll(page);
      await page.locator('input[name="tratamentos.0.repeticoes.0"]').scrollIntoViewIfNeeded();
      await shot(5);
      // Close-ups: the whole page of step 5 is too tall to read at a glance.
      await page.locator('section[aria-labelledby="repeticoes-titulo"]').screenshot({ path: `${SHOTS}/step5-grid-${viewport.width}.png` });
      await page.getByRole('article', { name: 'T2 - Tratamento 2' }).screenshot({ path: `${SHOTS}/step5-t2-${viewport.width}.png` });
      await next(page);

      await heading(page, 'Análise Estatística');
      await expect(page.locator('input[name="custo_protocolo"]')).toHaveValue('');
      await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
      await typeIn(page, 'custo_protocolo', '1.234,5');
      await expect(page.locator('input[name="custo_protocolo"]')).toHaveValue('1.234,50');
      await next(page);

      await heading(page, 'Upload de Documento');
      await page.locator('input[name="pdf"]').setInputFiles(pdfFile('Ensaio números.pdf'));
      await page.getByRole('button', { name: 'Salvar Experimento' }).click();
      await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible({ timeout: 30_000 });

      const auth = await apiToken(request, user);
      const list = await (await request.get('/api/experiments?limit=20', { headers: auth })).json();
      const e = list.experiments.find((x: { consultoria: string }) => x.consultoria === consultoria);
      expect(e).toMatchObject({
        teor_materia_organica: 3.2,
        teor_argila: 38.5,
        custo_protocolo: 1234.5,
        latitude: -12.5425,
        longitude: -55.725,
        roi: null,
        cidade: 'Sinop',
        estado: 'MT',
      });
      expect(e.tratamentos.map((t: { repeticoes: number[] }) => t.repeticoes)).toEqual(PASTED);
      expect(e.tratamentos.map((t: { produtividade: number }) => t.produtividade)).toEqual([3516.85, 3741.38, 3616.44]);
      expect(e.tratamentos[1].produtos_aplicados).toEqual([{ nome: 'Aminoagro Raiz', dose: 0.5, unidade: 'L/ha', custo: 42.5 }]);
    });
  });
}
