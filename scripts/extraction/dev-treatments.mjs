// Treatments only, in process: runs the offline extractor over the development reports of
// ../shared/data/extraction-dev (or DEV_DIR) and scores `tratamentos` with the dev scorer's rules
// (rows matched by order; the truth name's key words; modality; yield within 1 % in kg/ha; every
// extra row is a failed check; the control's modality is never checked).
//
//   npx tsx scripts/extraction/dev-treatments.mjs            # summary per report and totals
//   VERBOSE=1 ONLY=19,38 npx tsx scripts/extraction/dev-treatments.mjs
//
// A measuring tool: it never feeds anything back into the extractor.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const devDir = process.env.DEV_DIR ?? '/work/shared/data/extraction-dev';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const verbose = process.env.VERBOSE === '1';

const { extractFromPdf } = await import('../../src/server/extraction/extract.ts');
const { referenceFromMigrations } = await import('../../src/server/extraction/reference-sql.ts');
const ref = referenceFromMigrations(root);

const STOP = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'com',
  'sem',
  'e',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'para',
  'por',
  'via',
  'o',
  'os',
  'as',
]);
const normText = (v) =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-\u2010-\u2015_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const tokens = (s) =>
  normText(s)
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP.has(w));
const nomeOK = (want, got) => {
  if (!got) return false;
  const w = tokens(want);
  const g = new Set(tokens(got));
  return w.every((t) => g.has(t));
};
const relOK = (got, want) => typeof got === 'number' && Math.abs(got - want) <= 0.01 * Math.abs(want) + 1e-9;

const totals = { nome: [0, 0], modalidade: [0, 0], produtividade: [0, 0], extra: 0, checks: [0, 0] };
const times = [];
const files = readdirSync(join(devDir, 'truth'))
  .filter((f) => f.endsWith('.json'))
  .sort();
for (const file of files) {
  const name = file.replace(/\.json$/, '');
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const truth = JSON.parse(readFileSync(join(devDir, 'truth', file), 'utf8'));
  if (!truth.tratamentos) continue;
  const pdf = join(devDir, 'pdfs', `${name}.pdf`);
  if (!existsSync(pdf)) continue;
  const started = performance.now();
  const result = await extractFromPdf(new Uint8Array(readFileSync(pdf)), ref);
  times.push(performance.now() - started);
  const got = result.data.tratamentos ?? [];
  const misses = [];
  let pass = 0;
  let total = 0;
  truth.tratamentos.forEach((t, i) => {
    const g = got[i] ?? {};
    const check = (part, ok, gv, wv) => {
      total++;
      totals[part][1]++;
      if (ok) {
        pass++;
        totals[part][0]++;
      } else misses.push(`  #${i + 1} ${part}: got ${JSON.stringify(gv)} want ${JSON.stringify(wv)}`);
    };
    if ('nome' in t) check('nome', nomeOK(t.nome, g.nome), g.nome, t.nome);
    if ('modalidade' in t) {
      const ws = Array.isArray(t.modalidade) ? t.modalidade : [t.modalidade];
      check('modalidade', !!g.modalidade && ws.some((w) => normText(w) === normText(g.modalidade)), g.modalidade, t.modalidade);
    }
    if ('produtividade' in t) check('produtividade', relOK(g.produtividade, t.produtividade), g.produtividade, t.produtividade);
  });
  const extra = Math.max(0, got.length - truth.tratamentos.length);
  totals.extra += extra;
  total += extra;
  totals.checks[0] += pass;
  totals.checks[1] += total;
  console.log(`${name.padEnd(36)} ${pass}/${total}${extra ? ` (+${extra} extra)` : ''}${truth._scan ? ' [scan]' : ''}`);
  if (verbose) {
    misses.forEach((m) => console.log(m));
    if (extra) got.slice(truth.tratamentos.length).forEach((g) => console.log(`  extra: ${JSON.stringify(g)}`));
  }
}
const f = ([a, b]) => `${a}/${b}`;
times.sort((a, b) => a - b);
console.log(
  `names ${f(totals.nome)}, modalities ${f(totals.modalidade)}, yields ${f(totals.produtividade)}, extra rows ${totals.extra}; checks ${f(totals.checks)}; median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms`,
);
