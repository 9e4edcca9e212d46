/**
 * The wizard as the offline journeys fill it: steps 1–4 (consultoria to the crop, numbers typed the
 * Brazilian way), then a control, the design and the PDF, and the message of a save kept on the device.
 */
import type { Page } from '@playwright/test';
import { pdfFile, next, heading } from './fixtures.js';

export const SAVED_ON_DEVICE = 'Salvo neste aparelho — será enviado quando houver conexão';

/** Steps 1–4, ending on step 4 filled in (the caller presses Próximo, online or not). */
export async function fillFirstSteps(page: Page, consultoria: string, cultivar: string) {
  await page.locator('input[name="consultoria"]').fill(consultoria);
  await page.locator('select[name="marca"]').selectOption('Aminoagro');
  await page.locator('select[name="bu"]').selectOption('BU2');
  await page.locator('select[name="regional"]').selectOption('GO');
  await next(page);
  await heading(page, 'Localização');
  await page.locator('input[name="cidade"]').fill('Rio Verde');
  await page.locator('select[name="estado"]').selectOption('GO');
  await next(page);
  await heading(page, 'Características do Solo');
  await page.locator('input[name="teor_argila"]').fill('42');
  await page.locator('input[name="teor_materia_organica"]').fill('3,1');
  await next(page);
  await heading(page, 'Dados da Cultura');
  await page.locator('select[name="cultura"]').selectOption('Soja');
  await page.locator('input[name="cultivar"]').fill(cultivar);
  await page.locator('select[name="ano"]').selectOption('2025');
}

/** From step 4 filled in: the control alone, DBC, the PDF; ends before "Salvar Experimento". */
export async function fillControlToPdf(page: Page, opts: { pdfName: string; marker: string; produtividade?: string; custo?: string }) {
  await next(page);
  await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
  await page.locator('select[name="tratamentos.0.modalidade"]').selectOption('Foliar');
  await page.locator('input[name="tratamentos.0.produtividade"]').fill(opts.produtividade ?? '3500');
  await next(page);
  await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
  await page.locator('input[name="custo_protocolo"]').fill(opts.custo ?? '4500');
  await next(page);
  await page.locator('input[name="pdf"]').setInputFiles(pdfFile(opts.pdfName, opts.marker));
}
