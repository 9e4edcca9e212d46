/**
 * Issue 35: a report whose tested product's maker is not a brand of the catalogue. The extractor
 * proposes the maker as printed; the wizard keeps it selected in "Marca" and says what to do; an
 * administrator registers it from there, and the note goes. At 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures.js';

const PDF = 'tests/fixtures/extraction-own8/pdfs/01_artigo_soja_bioestimulante_jaboticabal.pdf';

for (const width of [1280, 375]) {
  test(`a maker outside the catalogue is kept as the brand and an administrator registers it (${width} px)`, async ({ page, request }) => {
    // Another run (the other width) may have registered it: start without it.
    const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    const { token } = (await login.json()) as { token: string };
    await request.delete(`/api/lookups/marcas/${encodeURIComponent('Agrovita Nutrição Vegetal')}`, {
      headers: { authorization: `Bearer ${token}` },
    });

    await page.setViewportSize({ width, height: 900 });
    await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: 'Testar Extração com IA' }).click();
    const dialog = page.getByRole('dialog');
    page.once('dialog', (alert) => void alert.accept());
    await dialog
      .locator('input[name="pdfExtracao"]')
      .setInputFiles({ name: 'artigo.pdf', mimeType: 'application/pdf', buffer: readFileSync(PDF) });
    await expect(dialog.getByText('Dados Extraídos')).toBeVisible();
    await dialog.getByRole('button', { name: 'Criar experimento com estes dados' }).click();

    await expect(page).toHaveURL(/\/novo-experimento$/);
    const marca = page.locator('select[name="marca"]');
    await expect(marca).toHaveValue('Agrovita Nutrição Vegetal');
    const note = page.getByText('“Agrovita Nutrição Vegetal” não está no catálogo de marcas');
    await expect(note).toBeVisible();
    await page.screenshot({ path: `test-results/unknown-brand-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Cadastrar marca' }).click();
    await expect(page.getByText('Marca “Agrovita Nutrição Vegetal” cadastrada.')).toBeVisible();
    await expect(note).toBeHidden();
    await expect(marca).toHaveValue('Agrovita Nutrição Vegetal');
  });
}
