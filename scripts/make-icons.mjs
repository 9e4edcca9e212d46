/**
 * Renders the app icons (manifest, apple-touch-icon) from the logo with the local Chromium:
 * `node scripts/make-icons.mjs`. The PNGs are committed; run again only when the logo changes.
 * "any" icons are the logo as drawn (rounded square); maskable and Apple icons fill the square
 * with the brand green and keep the leaves inside the central 80 % safe zone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const OUT = 'src/web/public/icons';
const GLYPH =
  '<path d="M16 26V14" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>' +
  '<path d="M16 16c0-5 3.5-8 9-8 0 5.5-3.5 8.5-9 8z" fill="#bfe3b4"/>' +
  '<path d="M16 19c0-4-3-6.5-8-6.5 0 4.5 3 7 8 6.5z" fill="#fff"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2d6a3e"/>${GLYPH}</svg>`;
// Full bleed; the glyph (x 8–25, y 8–26) scaled to 70 % around the centre stays inside the safe circle.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2d6a3e"/><g transform="translate(16 16) scale(0.7) translate(-16 -17)">${GLYPH}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'maskable-192.png', size: 192, svg: square },
  { file: 'maskable-512.png', size: 512, svg: square },
  { file: 'apple-touch-icon.png', size: 180, svg: square },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: join(OUT, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
