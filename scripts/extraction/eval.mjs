// `npm run eval:extraction`: runs the offline PDF extractor over every fixture of
// tests/fixtures/extraction/, compares field by field with `<name>.expected.json` (texts ignoring
// case/accents, numbers within 0.5 %), and prints per-field accuracy, overall accuracy, the
// held-out reports' accuracy on its own, document checks (scan, non-report) and timings.
//
// Options: --details (mismatches of the tuning reports), --show-held-out (also those of the
// held-out reports: looking at them while changing rules makes them tuning reports),
// --only <substring>.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from '../build-if-stale.mjs';

buildIfStale(['server']);
const { extractFromPdf } = await import('../../dist/node/server/extraction/extract.js');
const { compareExtraction } = await import('../../dist/node/server/extraction/evaluate.js');
const { referenceFromMigrations } = await import('../../dist/node/server/extraction/reference-sql.js');

const args = process.argv.slice(2);
const details = args.includes('--details');
const showHeldOut = args.includes('--show-held-out');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : null;

const dir = join(root, 'tests', 'fixtures', 'extraction');
const ref = referenceFromMigrations(root);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => f.replace(/\.expected\.json$/, ''))
  .filter((n) => !only || n.includes(only))
  .sort();

// pdf.js loads on first use; a warm-up keeps that one-off cost out of the per-report times.
const warmStart = performance.now();
await extractFromPdf(new Uint8Array(readFileSync(join(dir, `${names[0]}.pdf`))), ref);
const coldMs = performance.now() - warmStart;

const perField = new Map(); // field -> { tuning: [ok, total], held: [ok, total] }
const reports = [];
const checks = [];
for (const name of names) {
  const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8'));
  const bytes = new Uint8Array(readFileSync(join(dir, `${name}.pdf`)));
  const started = performance.now();
  const result = await extractFromPdf(bytes, ref);
  const ms = performance.now() - started;
  const cmp = compareExtraction(expected, result);
  const held = expected.split === 'held-out';
  for (const f of cmp.fields) {
    const entry = perField.get(f.field) ?? { tuning: [0, 0], held: [0, 0] };
    const bucket = held ? entry.held : entry.tuning;
    bucket[1]++;
    if (f.outcome === 'ok') bucket[0]++;
    perField.set(f.field, entry);
  }
  for (const c of cmp.checks) checks.push({ name, ...c });
  const ok = cmp.fields.filter((f) => f.outcome === 'ok').length;
  reports.push({
    name,
    split: expected.split,
    kind: expected.kind,
    ok,
    total: cmp.fields.length,
    confidence: result.confidence,
    ms,
    pages: 0,
    cmp,
    result,
  });
}

const pct = (ok, total) => (total === 0 ? '   -  ' : `${((100 * ok) / total).toFixed(1).padStart(5)}%`);
const pad = (s, n) => String(s).padEnd(n);

console.log('\nAcerto por campo (relatórios; ok/total)');
console.log(`${pad('campo', 28)}${pad('ajuste', 16)}${pad('reservados', 16)}total`);
const sum = { tuning: [0, 0], held: [0, 0] };
for (const [field, e] of [...perField.entries()]) {
  sum.tuning[0] += e.tuning[0];
  sum.tuning[1] += e.tuning[1];
  sum.held[0] += e.held[0];
  sum.held[1] += e.held[1];
  const all = [e.tuning[0] + e.held[0], e.tuning[1] + e.held[1]];
  console.log(
    `${pad(field, 28)}${pad(`${e.tuning[0]}/${e.tuning[1]} ${pct(...e.tuning)}`, 16)}${pad(`${e.held[0]}/${e.held[1]} ${pct(...e.held)}`, 16)}${all[0]}/${all[1]} ${pct(...all)}`,
  );
}
const all = [sum.tuning[0] + sum.held[0], sum.tuning[1] + sum.held[1]];
console.log('-'.repeat(76));
console.log(
  `${pad('GERAL', 28)}${pad(`${sum.tuning[0]}/${sum.tuning[1]} ${pct(...sum.tuning)}`, 16)}${pad(`${sum.held[0]}/${sum.held[1]} ${pct(...sum.held)}`, 16)}${all[0]}/${all[1]} ${pct(...all)}`,
);

console.log('\nPor relatório');
for (const r of reports) {
  const fieldsText = r.kind === 'report' ? `${r.ok}/${r.total} ${pct(r.ok, r.total)}` : r.kind;
  console.log(
    `${pad(r.name, 36)}${pad(r.split, 10)}${pad(fieldsText, 18)}confiança ${r.confidence.toFixed(2)}   ${r.ms.toFixed(0).padStart(5)} ms`,
  );
}

console.log('\nVerificações de documento');
for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FALHA'} ${pad(c.name, 36)}${c.check}: ${c.detail}`);

const times = reports.map((r) => r.ms).sort((a, b) => a - b);
console.log(
  `\nTempo: primeira extração (carrega o pdf.js) ${coldMs.toFixed(0)} ms; por relatório mediana ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, máximo ${times[times.length - 1]?.toFixed(0)} ms`,
);
console.log(
  `Acerto geral ${pct(...all).trim()} | ajuste ${pct(...sum.tuning).trim()} | reservados (não usados no ajuste) ${pct(...sum.held).trim()}`,
);

if (details || showHeldOut) {
  console.log('\nDivergências');
  for (const r of reports) {
    if (r.split === 'held-out' && !showHeldOut) continue;
    const bad = r.cmp.fields.filter((f) => f.outcome !== 'ok');
    const badChecks = r.cmp.checks.filter((c) => !c.ok);
    if (bad.length === 0 && badChecks.length === 0) continue;
    console.log(`\n${r.name}  (avisos: ${r.result.warnings.join(' | ') || '-'})`);
    for (const f of bad) {
      console.log(
        `  ${f.outcome.padEnd(8)} ${f.field}${f.index !== undefined ? `[${f.index}]` : ''}: esperado ${JSON.stringify(f.expected)} obtido ${JSON.stringify(f.actual)}`,
      );
    }
    for (const c of badChecks) console.log(`  FALHA ${c.check}: ${c.detail}`);
  }
}

// Reports laid out by the app's own demo seeder (src/server/seed/demo.ts), a layout written by
// someone else than the rules: a check that they are not tied to the fixtures' author.
const demoCount = Number(process.env.EVAL_DEMO_COUNT ?? 40);
if (demoCount > 0 && !only) {
  const { generateDemoExperiments } = await import('../../dist/node/server/seed/demo-data.js');
  const { reportPdf } = await import('../../dist/node/server/seed/demo.js');
  const demoRef = {
    marcas: ref.marcas,
    produtosPorMarca: ref.produtosPorMarca,
    regionais: ref.regionais.map((r) => r.nome),
    culturas: ref.culturas,
    estados: ref.estados.map((e) => e.sigla),
  };
  const experiments = generateDemoExperiments(demoRef, { count: demoCount, seed: 7 });
  const demoField = new Map();
  let demoMs = 0;
  const demoBad = [];
  for (const [i, e] of experiments.entries()) {
    const result = await (async () => {
      const started = performance.now();
      const r = await extractFromPdf(new Uint8Array(reportPdf(e, 1000 + i)), ref);
      demoMs += performance.now() - started;
      return r;
    })();
    const round4 = (v) => (v === null ? undefined : Math.round(v * 1e4) / 1e4);
    const expected = {
      name: `demo-${i}`,
      split: 'demo',
      kind: 'report',
      data: {
        consultoria: e.consultoria,
        marca: e.marca,
        bu: e.bu,
        regional: e.regional,
        cidade: e.cidade,
        estado: e.estado,
        latitude: round4(e.latitude),
        longitude: round4(e.longitude),
        teor_argila: e.teor_argila,
        teor_materia_organica: e.teor_materia_organica,
        cultura: e.cultura,
        cultivar: e.cultivar,
        ano: e.ano,
        // The brief maps "blocos casualizados" to DBC: the two form options name one design.
        tipo_estatistica: e.tipo_estatistica === 'Blocos Casualizados' ? 'DBC' : e.tipo_estatistica,
        custo_protocolo: e.custo_protocolo,
        tratamentos: e.tratamentos.map((t, k) => {
          // The demo report cuts long names with "..." to fit the column: compare what is printed.
          const got = result.data.tratamentos?.[k]?.nome ?? '';
          const nome = got.endsWith('...') && t.nome.startsWith(got.slice(0, -3).trim()) ? got : t.nome;
          return { nome, modalidade: t.modalidade, produtividade: t.produtividade };
        }),
      },
    };
    const cmp = compareExtraction(expected, result);
    for (const f of cmp.fields) {
      const entry = demoField.get(f.field) ?? [0, 0];
      entry[1]++;
      if (f.outcome === 'ok') entry[0]++;
      else
        demoBad.push(
          `${expected.name} ${f.field}${f.index !== undefined ? `[${f.index}]` : ''}: esperado ${JSON.stringify(f.expected)} obtido ${JSON.stringify(f.actual)}`,
        );
      demoField.set(f.field, entry);
    }
  }
  const total = [...demoField.values()].reduce((a, [ok, n]) => [a[0] + ok, a[1] + n], [0, 0]);
  console.log(`\nRelatórios de demonstração (layout de src/server/seed/demo.ts, ${demoCount} relatórios)`);
  for (const [field, [ok, n]] of demoField) if (ok < n) console.log(`  ${pad(field, 28)}${ok}/${n} ${pct(ok, n)}`);
  console.log(`  acerto ${total[0]}/${total[1]} ${pct(...total).trim()}; ${(demoMs / demoCount).toFixed(0)} ms por relatório`);
  if (details) demoBad.slice(0, 30).forEach((b) => console.log(`  ${b}`));
}

const failedChecks = checks.filter((c) => !c.ok).length;
if (failedChecks > 0) process.exitCode = 1;
