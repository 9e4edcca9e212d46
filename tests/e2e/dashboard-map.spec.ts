/**
 * Issue 19, map and correlation explorer: 500 demo experiments cluster at low zoom, a popup's link
 * opens the experiment, the map lets the page scroll (Ctrl + wheel zooms) and fits a phone screen,
 * its points are listed for the keyboard, and a correlation point opens its experiment.
 */
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { generateDemoExperiments } from '../../src/server/seed/demo-data.js';
import { apiToken, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';

// Every experiment of this file carries a product no other journey uses; the dashboard is opened
// filtered by it, so other journeys' experiments never show up here (nor ours there).
const lote = `Lote Mapa ${Date.now().toString(36)}`;
const user = newUser({ role: 'consultor' });
const COUNT = 500;

async function seed(request: APIRequestContext) {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const lookup = async <T>(path: string): Promise<T> => (await (await request.get(path, { headers: auth })).json()) as T;
  const { marcas } = await lookup<{ marcas: string[] }>('/api/lookups/marcas');
  const { culturas } = await lookup<{ culturas: string[] }>('/api/lookups/culturas');
  const { regioes } = await lookup<{ regioes: { nome: string }[] }>('/api/lookups/regioes');
  // The seed's own generator (demo-data.ts), with our product as every brand's only product.
  const experiments = generateDemoExperiments(
    {
      marcas,
      produtosPorMarca: Object.fromEntries(marcas.map((m) => [m, [lote]])),
      regionais: regioes.map((r) => r.nome),
      culturas,
    },
    { count: COUNT, seed: 19, products: 1, analyses: 0 },
  );
  for (let i = 0; i < experiments.length; i += 20) {
    await Promise.all(
      experiments.slice(i, i + 20).map(async (e) => {
        const res = await request.post('/api/experiments', {
          headers: auth,
          multipart: { data: JSON.stringify(e), pdf: pdfFile('Relatório mapa.pdf', 'map') },
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
}

let seeded = false;
test.beforeEach(async ({ page, request }) => {
  test.setTimeout(240_000);
  if (!seeded) {
    await seed(request);
    seeded = true;
  }
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
  await signIn(page, user, null);
});

const open = (page: Page, query: Record<string, string> = {}) =>
  page.goto(`/dashboard?${new URLSearchParams({ produto: lote, ...query })}`);

/** What the canvas shows (points-layer.ts writes it on the canvas after each redraw). */
async function marks(page: Page): Promise<{ clusters: number; points: number }> {
  const canvas = page.locator('canvas.leaflet-points-layer');
  return {
    clusters: Number(await canvas.getAttribute('data-clusters')),
    points: Number(await canvas.getAttribute('data-points')),
  };
}

/** Canvas position (CSS px, from the map's top left) of a pixel of a cluster's disc, or null. */
async function clusterPixel(page: Page): Promise<{ x: number; y: number } | null> {
  return page.locator('canvas.leaflet-points-layer').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const ratio = canvas.width / canvas.clientWidth;
    // The disc's fill (#2d6a3e) is drawn opaque; dots are drawn at 80 % and never match exactly.
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        const k = (y * width + x) * 4;
        if (data[k] === 45 && data[k + 1] === 106 && data[k + 2] === 62 && data[k + 3] === 255) return { x: x / ratio, y: y / ratio };
      }
    }
    return null;
  });
}

async function openPlacesList(page: Page): Promise<Locator> {
  const list = page.getByTestId('map-places');
  await list.locator('summary').first().click();
  return list;
}

test('500 demo experiments cluster at low zoom, a cluster opens by zooming, and every place is listed', async ({ page }) => {
  await open(page);
  await expect(page.locator('canvas.leaflet-points-layer')).toHaveAttribute('data-clusters', /^[1-9]/);
  const start = await marks(page);
  // 500 experiments at a few dozen places: a handful of numbered circles, not 500 dots.
  expect(start.clusters).toBeGreaterThan(0);
  expect(start.clusters + start.points).toBeLessThan(60);

  const map = page.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  const at = await clusterPixel(page);
  expect(at).not.toBeNull();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + at!.x, box.y + at!.y);
  await expect.poll(async () => JSON.stringify(await marks(page))).not.toBe(JSON.stringify(start));

  const list = await openPlacesList(page);
  const places = list.locator(':scope > ul > li');
  expect(await places.count()).toBeGreaterThan(5);
  const counts = await list.locator(':scope > ul > li > details > summary').allInnerTexts();
  const total = counts.map((t) => Number(/(\d+) experimentos?/.exec(t.replace(/\./g, ''))?.[1])).reduce((a, b) => a + b, 0);
  expect(total).toBe(COUNT);
});

test('a popup link opens the experiment, keeping the filters; keyboard users reach it from the list', async ({ page }) => {
  await open(page);
  const list = await openPlacesList(page);
  await list.locator(':scope > ul > li > details > summary').first().click();
  const show = list.getByRole('button', { name: /^Ver o experimento nº \d+ no mapa$/ }).first();
  const id = /nº (\d+)/.exec((await show.getAttribute('aria-label'))!)![1]!;
  await show.focus();
  await page.keyboard.press('Enter');
  // Past the clustering: every point drawn on its own.
  await expect(page.locator('canvas.leaflet-points-layer')).toHaveAttribute('data-clusters', '0');
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText('Consultoria');
  const link = popup.getByRole('link', { name: 'Abrir experimento' });
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('href', new RegExp(`experimento=${id}`));

  // The popup's tip points at the dot (Leaflet's popup offset puts its bottom edge 7 px below it),
  // read once the map has finished panning the popup into view (two equal reads in a row).
  const tipBox = () => page.locator('.leaflet-popup-tip-container').boundingBox();
  let tip = (await tipBox())!;
  await expect
    .poll(async () => {
      const now = (await tipBox())!;
      const settled = now.x === tip.x && now.y === tip.y;
      tip = now;
      return settled;
    })
    .toBe(true);
  const dotAt = { x: tip.x + tip.width / 2, y: tip.y + tip.height - 7 };

  // Escape closes the popup and focus returns to the list's button.
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(show).toBeFocused();

  // A click on the dot opens the popup again.
  await page.mouse.click(dotAt.x, dotAt.y);
  await expect(popup).toContainText('Tratamentos');
  await popup.getByRole('link', { name: 'Abrir experimento' }).click();
  await expect(page).toHaveURL(new RegExp(`experimento=${id}`));
  expect(new URL(page.url()).searchParams.get('produto')).toBe(lote);
  const dialog = page.getByRole('dialog', { name: 'Detalhes do Experimento' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Informações Básicas');
});

test('the wheel scrolls the page; Ctrl + wheel zooms the map', async ({ page }) => {
  await open(page);
  const map = page.locator('.leaflet-container');
  await expect(page.locator('canvas.leaflet-points-layer')).toHaveAttribute('data-clusters', /^[1-9]/);
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
  const before = await marks(page);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 300);
  await expect(page.getByTestId('map-gesture-hint')).toHaveText('Use Ctrl + rolagem para ampliar ou reduzir o mapa');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  expect(await marks(page)).toEqual(before);

  await map.scrollIntoViewIfNeeded();
  const now = (await map.boundingBox())!;
  await page.mouse.move(now.x + now.width / 2, now.y + Math.min(now.height / 2, 100));
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -500);
  await page.keyboard.up('Control');
  await expect.poll(async () => JSON.stringify(await marks(page))).not.toBe(JSON.stringify(before));
});

/** A fingerprint of what the points canvas shows: changes when the map moves or zooms. */
const canvasPrint = (page: Page) =>
  page.locator('canvas.leaflet-points-layer').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i]! + d[i + 1]! * 3 + d[i + 3]!) % 1_000_000_007;
    return h;
  });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('one finger scrolls the page past the map, two fingers move the map', async ({ page }) => {
    await open(page);
    const map = page.locator('.leaflet-container');
    await expect(page.locator('canvas.leaflet-points-layer')).toHaveAttribute('data-clusters', /^[1-9]/);
    await map.scrollIntoViewIfNeeded();
    const cdp = await page.context().newCDPSession(page);
    const drag = async (fingers: number[], dx: number, dy: number) => {
      const box = (await map.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const at = (t: number) => fingers.map((f, id) => ({ x: cx + f + dx * t, y: cy + dy * t, id }));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 10) });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    const print = await canvasPrint(page);
    const y = await page.evaluate(() => window.scrollY);
    await drag([0], 0, -150);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y + 100);
    await expect(page.getByTestId('map-gesture-hint')).toHaveText('Use dois dedos para mover o mapa');
    expect(await canvasPrint(page)).toBe(print);

    await map.scrollIntoViewIfNeeded();
    await drag([-40, 40], 120, 0);
    await expect.poll(() => canvasPrint(page)).not.toBe(print);
  });

  test('the map takes at most ~55 % of the screen and its zoom buttons leave the popup title clear', async ({ page }) => {
    await open(page);
    const map = page.locator('.leaflet-container');
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(812 * 0.56);
    expect(box.width).toBeLessThanOrEqual(375);

    const list = await openPlacesList(page);
    await list.locator(':scope > ul > li > details > summary').first().click();
    await list
      .getByRole('button', { name: /no mapa$/ })
      .first()
      .click();
    const title = page.locator('.leaflet-popup-content > div > div').first();
    await expect(page.locator('.leaflet-popup')).toContainText('Consultoria');
    const zoom = (await page.locator('.leaflet-control-zoom').boundingBox())!;
    const t = (await title.boundingBox())!;
    const overlaps = t.x < zoom.x + zoom.width && zoom.x < t.x + t.width && t.y < zoom.y + zoom.height && zoom.y < t.y + t.height;
    expect(overlaps).toBe(false);
    // The whole popup stays inside the map.
    const popup = (await page.locator('.leaflet-popup-content-wrapper').boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    expect(popup.x).toBeGreaterThanOrEqual(mapBox.x);
    expect(popup.x + popup.width).toBeLessThanOrEqual(mapBox.x + mapBox.width + 1);
  });
});

test('a correlation point names its experiment and opens it; the trend shows r, n and p; Linha is sorted by X', async ({ page }) => {
  await open(page, { aba: 'interativa' });
  await page.getByRole('button', { name: 'Solo vs Produtividade' }).click();
  // One crop at a time by default (issue 29); every crop on request, with a note on the scales.
  const crop = page.locator('select[name="culturaCorrelacao"]');
  await expect(crop).not.toHaveValue('');
  await crop.selectOption('');
  await expect(page.getByText(/Várias culturas juntas/)).toBeVisible();
  await page.getByLabel('Linha de tendência (mínimos quadrados)').check();
  const trend = page.getByTestId('trend-box');
  await expect(trend).toContainText(`n = ${COUNT}`);
  await expect(trend).toContainText(/r = -?\d,\d{3}/);
  await expect(trend).toContainText(/p [<=] 0,\d+/);
  await page.getByLabel('Colorir por cultura').check();
  await expect(page.locator('.recharts-legend-item').first()).toBeVisible();

  const dot = page.locator('.recharts-scatter circle').nth(10);
  await dot.hover({ force: true });
  await expect(page.locator('.recharts-tooltip-wrapper')).toContainText('Clique para abrir o experimento');
  await expect(page.locator('.recharts-tooltip-wrapper')).toContainText(' · ');
  await dot.click({ force: true });
  await expect(page).toHaveURL(/experimento=\d+/);
  expect(new URL(page.url()).searchParams.get('aba')).toBe('interativa');
  await expect(page.getByRole('dialog', { name: 'Detalhes do Experimento' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).first().click();

  // Linha with a repeated X (the year): one vertex per year, left to right.
  await page.locator('select[name="eixoX"]').selectOption('ano');
  await page.locator('select[name="tipoGrafico"]').selectOption('line');
  const path = page.locator('.recharts-line-curve');
  await expect(path).toBeVisible();
  const d = (await path.getAttribute('d'))!;
  const xs = [...d.matchAll(/[ML]\s*([\d.]+)[ ,]/g)].map((m) => Number(m[1]));
  expect(xs.length).toBeGreaterThan(1);
  for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThan(xs[i - 1]!);
});
