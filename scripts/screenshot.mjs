// Dev aid: screenshots of pages of a running app in Debian's Chromium.
//   node scripts/screenshot.mjs [--width 1280] URL OUT.png [URL OUT.png ...] (pages that need no sign-in)
import { launchChromium } from './bench-support.mjs';

const args = process.argv.slice(2);
let width = 1280;
const pairs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--width') width = Number(args[++i]);
  else pairs.push(args[i]);
}
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
for (let i = 0; i + 1 < pairs.length; i += 2) {
  await page.goto(pairs[i], { waitUntil: 'networkidle' });
  await page.screenshot({ path: pairs[i + 1], fullPage: true });
  console.log(pairs[i + 1]);
}
await browser.close();
