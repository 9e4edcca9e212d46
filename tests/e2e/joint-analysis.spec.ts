/**
 * Issue 20, joint analysis across sites: three trials with the same treatments and replicates,
 * created through the API, selected in the "Experimentos" tab, analysed together with
 * "Análise conjunta"; the report shows the Tratamentos × Locais row and the overall means.
 */
import { expect, test } from '@playwright/test';
import { SOY_EXPERIMENT, apiToken, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';

// A consultoria no other journey uses: the search box finds exactly these three.
const consultoria = `Rede Conjunta ${Date.now().toString(36)}`;
const TRATAMENTOS = ['Testemunha', 'Bioestimulante', 'Bioestimulante + Boro'];
const SITES = [
  { cidade: 'Rio Verde', estado: 'GO', ano: 2024, shift: 0 },
  { cidade: 'Jataí', estado: 'GO', ano: 2024, shift: -220 },
  { cidade: 'Cascavel', estado: 'PR', ano: 2025, shift: 310 },
];

test('three sites with the same treatments are selected in the table and analysed together', async ({ page, request }) => {
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  const auth = await apiToken(request, user);
  const ids: number[] = [];
  for (const [s, site] of SITES.entries()) {
    const tratamentos = TRATAMENTOS.map((nome, i) => ({
      nome,
      modalidade: 'Foliar',
      repeticoes: [0, 1, 2, 3].map((b) => 3400 + site.shift + i * 170 + ((b * 41 + i * 29 + s * 17) % 97)),
    }));
    const data = {
      ...SOY_EXPERIMENT,
      consultoria,
      cidade: site.cidade,
      estado: site.estado,
      regional: site.estado === 'PR' ? 'PR SC PY' : 'GO',
      ano: site.ano,
      custo_protocolo: 1000,
      tratamentos,
    };
    const res = await request.post('/api/experiments', { headers: auth, multipart: { data: JSON.stringify(data), pdf: pdfFile() } });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).experiment.id);
  }

  await signIn(page, user, '/dashboard?aba=experimentos');
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill(consultoria);
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (3)' })).toBeVisible();
  const button = page.getByRole('button', { name: /^Análise conjunta/ });
  await expect(button).toBeDisabled();
  for (const id of ids) await page.getByRole('checkbox', { name: new RegExp(`experimento nº ${id} `) }).check();
  await expect(button).toHaveText('Análise conjunta (3 selecionados)');
  await button.click();

  await expect(page).toHaveURL(new RegExp(`/analise-conjunta\\?ids=${ids.join(',')}$`));
  await expect(page).toHaveTitle(/^Análise conjunta/);
  const anova = page.getByRole('table', { name: 'Análise de variância conjunta' });
  await expect(anova.getByRole('row', { name: /^Tratamentos × Locais/ })).toBeVisible();
  const means = page.getByRole('table', { name: /Médias gerais/ });
  await expect(means.getByRole('row')).toHaveCount(TRATAMENTOS.length + 1);
  // The best treatment, ahead of the control by far more than the sites' noise: Tukey's "a".
  await expect(means.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Bioestimulante + Boro', /\d/, 'a']);
  await expect(page.getByRole('table', { name: 'Locais (3)' })).toContainText('Cascavel/PR · 2025');
  await expect(
    page.getByRole('table', { name: 'Vitórias sobre a testemunha' }).getByRole('row', { name: /^Bioestimulante \+ Boro/ }),
  ).toContainText('3 de 3');
});
