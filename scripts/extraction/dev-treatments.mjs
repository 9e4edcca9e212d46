// Treatments only, in process: runs the offline extractor over a truth set (the dev set beside this
// checkout, ../shared/data/extraction-dev, or DEV_DIR: e.g. tests/fixtures/extraction-own) and scores
// `tratamentos` with the dev scorer's rules (evaluate.ts `scoreTruthTreatments`: rows matched by order,
// the truth name's key words, modality, yield within 1 % in kg/ha, every extra row a failed check).
//
//   npx tsx scripts/extraction/dev-treatments.mjs            # summary per report and totals
//   VERBOSE=1 ONLY=19,38 npx tsx scripts/extraction/dev-treatments.mjs
//
// A measuring tool: it never feeds anything back into the extractor.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const devDir = resolve(process.env.DEV_DIR ?? join(root, '..', 'shared', 'data', 'extraction-dev'));
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const verbose = process.env.VERBOSE === '1';
if (!existsSync(join(devDir, 'truth'))) {
  console.log(`no truth set at ${devDir} (set DEV_DIR)`);
  process.exit(1);
}

const { extractFromPdf } = await import('../../src/server/extraction/extract.ts');
const { referenceFromMigrations } = await import('../../src/server/extraction/reference-sql.ts');
const { scoreTruthTreatments } = await import('../../src/server/extraction/evaluate.ts');
const ref = referenceFromMigrations(root);

const totals = { nome: [0, 0], modalidade: [0, 0], produtividade: [0, 0], extra: 0, checks: [0, 0] };
const times = [];
for (const file of readdirSync(join(devDir, 'truth'))
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const name = file.replace(/\.json$/, '');
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const truth = JSON.parse(readFileSync(join(devDir, 'truth', file), 'utf8'));
  const pdf = join(devDir, 'pdfs', `${name}.pdf`);
  if (!truth.tratamentos || !existsSync(pdf)) continue;
  const started = performance.now();
  const result = await extractFromPdf(new Uint8Array(readFileSync(pdf)), ref);
  times.push(performance.now() - started);
  const score = scoreTruthTreatments(truth.tratamentos, result.data.tratamentos);
  for (const part of ['nome', 'modalidade', 'produtividade']) {
    totals[part][0] += score.parts[part][0];
    totals[part][1] += score.parts[part][1];
  }
  totals.extra += score.extra;
  totals.checks[0] += score.pass;
  totals.checks[1] += score.total;
  console.log(
    `${name.padEnd(36)} ${score.pass}/${score.total}${score.extra ? ` (+${score.extra} extra)` : ''}${truth._scan ? ' [scan]' : ''}`,
  );
  if (verbose) score.misses.forEach((m) => console.log(`  ${m}`));
}
const f = ([a, b]) => `${a}/${b}`;
times.sort((a, b) => a - b);
console.log(
  `names ${f(totals.nome)}, modalities ${f(totals.modalidade)}, yields ${f(totals.produtividade)}, extra rows ${totals.extra}; checks ${f(totals.checks)}; median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms`,
);
