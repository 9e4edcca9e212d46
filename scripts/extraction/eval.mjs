// `npm run eval:extraction`: runs the offline PDF extractor in process (no server) over three sets
// and reports each apart:
//   (a) the dev set, ../shared/data/extraction-dev (reports written by other hands; skipped with a
//       note when the folder is missing — a clone may not have it; EXTRACTION_DEV_DIR overrides),
//   (b) our own held-out set, tests/fixtures/extraction-own (Chromium-printed reports, see its README),
//   (b2) a second own set written by another author, tests/fixtures/extraction-own2 (same layout),
//   (b3) a third own set, small and ordinary, tests/fixtures/extraction-own3 (same layout),
//   (b4), (b5)… any further tests/fixtures/extraction-ownN folder (same layout), found by name,
//   (c) the generated fixtures, tests/fixtures/extraction (pdf-lib, scripts/extraction/make-fixtures.mjs)
//       and the demo seeder's reports.
// (a) and the (b…) sets are scored by the dev set's rules (score.mjs), implemented in
// src/server/extraction/evaluate.ts: per-field accuracy, text vs scanned reports, adversarial
// pass/fail, median and maximum time per document.
//
// Options: --set dev|own|own2|own3|ownN|generated (repeatable; default all), --only <substring> (document names),
// --details (misses of every set; held-out generated fixtures only with --show-held-out),
// --json <file> (everything as JSON), --gate (exit code 1 when a set is below MIN_ACC / MIN_SCAN_ACC,
// an adversarial file fails or a generated fixture's check fails; without it the exit code is 0).
// Environment: MIN_ACC (default 85), MIN_SCAN_ACC (default 0), EVAL_DEMO_COUNT (default 40).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildIfStale, root } from '../build-if-stale.mjs';

const args = process.argv.slice(2);
const argValue = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : null;
};
const details = args.includes('--details');
const showHeldOut = args.includes('--show-held-out');
const gate = args.includes('--gate');
const only = argValue('--only');
const jsonOut = argValue('--json');
const sets = args.flatMap((a, i) => (a === '--set' ? [args[i + 1]] : []));
const wants = (set) => sets.length === 0 || sets.includes(set);
const MIN_ACC = Number(process.env.MIN_ACC ?? 85);
const MIN_SCAN_ACC = Number(process.env.MIN_SCAN_ACC ?? 0);

buildIfStale(['server']);
const { extractFromPdf, PdfUnreadableError } = await import('../../dist/node/server/extraction/extract.js');
const { compareExtraction, scoreTruthReport, judgeAdversarial, countFilledFields } =
  await import('../../dist/node/server/extraction/evaluate.js');
const { referenceFromMigrations } = await import('../../dist/node/server/extraction/reference-sql.js');

const ref = referenceFromMigrations(root);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const median = (xs) => {
  if (!xs.length) return 0;
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};
const summary = {};

// pdf.js loads on first use; a warm-up keeps that one-off cost out of the per-document times.
{
  const first = join(root, 'tests', 'fixtures', 'extraction', '01-blocos-soja-rio-verde.pdf');
  const started = performance.now();
  if (existsSync(first)) await extractFromPdf(new Uint8Array(readFileSync(first)), ref);
  summary.coldMs = performance.now() - started;
}

/** The endpoint's answer, in process: 200 with the result, 422 for an unreadable PDF, 500 otherwise. */
async function answer(bytes) {
  const started = performance.now();
  try {
    const json = await extractFromPdf(bytes, ref);
    return { status: 200, json, secs: (performance.now() - started) / 1000 };
  } catch (err) {
    const secs = (performance.now() - started) / 1000;
    if (err instanceof PdfUnreadableError) return { status: 422, json: { error: err.message }, secs };
    return { status: 500, json: undefined, error: String(err?.stack ?? err), secs };
  }
}

/** The dev set's folder: EXTRACTION_DEV_DIR, else ../shared/data/extraction-dev beside this checkout
 * or beside the main checkout of a git worktree. */
function devSetDir() {
  if (process.env.EXTRACTION_DEV_DIR) return resolve(process.env.EXTRACTION_DEV_DIR);
  const candidates = [join(root, '..', 'shared', 'data', 'extraction-dev')];
  const git = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0 && git.stdout.trim()) candidates.push(join(dirname(dirname(git.stdout.trim())), 'shared', 'data', 'extraction-dev'));
  return candidates.find((d) => existsSync(join(d, 'truth'))) ?? candidates[0];
}

/** Scores one hand-labelled set (truth/*.json + pdfs/) by the dev set's rules; prints and returns it. */
async function evalLabelled(title, dir) {
  console.log(`\n=== ${title}: ${dir}`);
  if (!existsSync(join(dir, 'truth'))) {
    console.log('  pasta não encontrada: conjunto ignorado (defina EXTRACTION_DEV_DIR para apontá-la).');
    return { skipped: true, dir };
  }
  const docs = readdirSync(join(dir, 'truth'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const truth = JSON.parse(readFileSync(join(dir, 'truth', f), 'utf8'));
      const name = f.replace(/\.json$/, '');
      return { name, truth, file: join(dir, 'pdfs', truth._file || `${name}.pdf`) };
    })
    .filter((d) => !only || d.name.includes(only));
  const fieldStats = {};
  const trat = { nome: [0, 0], modalidade: [0, 0], produtividade: [0, 0], extra: 0 };
  const text = [0, 0];
  const scan = [0, 0];
  const times = [];
  const adversarial = [];
  const documents = [];
  console.log(`${pad('documento', 34)} ${pad('campos', 12)} ${lpad('s', 6)}  notas`);
  for (const d of docs) {
    const res = await answer(new Uint8Array(readFileSync(d.file)));
    times.push(res.secs);
    const rec = { document: d.name, status: res.status, secs: +res.secs.toFixed(3), answer: res.json ?? res.error };
    documents.push(rec);
    if (d.truth.expect) {
      const v = judgeAdversarial(d.truth, res);
      adversarial.push({ name: d.name, ...v, secs: res.secs });
      rec.adversarial = v;
      continue;
    }
    const data = res.status === 200 ? res.json.data : null;
    const s = scoreTruthReport(d.truth, data);
    rec.score = s.score;
    rec.nFields = s.nFields;
    rec.fields = s.fields;
    const bucket = d.truth._scan ? scan : text;
    bucket[0] += s.score;
    bucket[1] += s.nFields;
    const misses = [];
    const lines = [];
    for (const f of s.fields) {
      (fieldStats[f.field] ||= [0, 0])[0] += f.score;
      fieldStats[f.field][1]++;
      if (f.treatments) {
        for (const p of ['nome', 'modalidade', 'produtividade']) {
          trat[p][0] += f.treatments.parts[p][0];
          trat[p][1] += f.treatments.parts[p][1];
        }
        trat.extra += f.treatments.extra;
      }
      if (f.score < 1) {
        misses.push(f.treatments ? `tratamentos ${(f.score * 100).toFixed(0)}%` : f.field);
        if (f.treatments) lines.push(...f.treatments.misses.map((m) => `tratamentos ${m}`));
        else lines.push(`${f.field}: obtido ${JSON.stringify(f.got)} esperado ${JSON.stringify(f.want)}`);
      }
    }
    let note;
    if (res.status !== 200) note = `HTTP ${res.status}${res.error ? `: ${res.error.split('\n')[0]}` : ''}`;
    else {
      const filled = countFilledFields(data);
      note =
        `confiança ${res.json.confidence.toFixed(2)}${d.truth._scan ? ' (digitalizado)' : ''}` +
        (filled === 0 ? '; nada extraído' : misses.length ? `; errados/ausentes: ${misses.join(', ')}` : '');
    }
    console.log(`${pad(d.name, 34)} ${pad(`${num(s.score)}/${s.nFields}`, 12)} ${lpad(res.secs.toFixed(2), 6)}  ${note}`);
    if (details) for (const l of lines) console.log(`${' '.repeat(37)}- ${l}`);
  }
  if (adversarial.length) {
    console.log(`\n${pad('não relatórios', 34)} ${pad('resultado', 12)} ${lpad('s', 6)}  notas`);
    for (const a of adversarial)
      console.log(`${pad(a.name, 34)} ${pad(a.pass ? 'PASSA' : 'FALHA', 12)} ${lpad(a.secs.toFixed(2), 6)}  ${a.why}`);
  }
  console.log('\nAcerto por campo (pontos / relatórios que o trazem):');
  const parts = Object.entries(fieldStats).map(([k, [s, n]]) => `${k} ${num(s)}/${n} (${((100 * s) / n).toFixed(0)}%)`);
  for (let i = 0; i < parts.length; i += 4) console.log('  ' + parts.slice(i, i + 4).join('   '));
  console.log(
    `  tratamentos, verificações: ${['nome', 'modalidade', 'produtividade'].map((p) => `${p} ${trat[p][0]}/${trat[p][1]}`).join(', ')}; linhas a mais ${trat.extra}`,
  );
  const acc = text[1] ? (100 * text[0]) / text[1] : null;
  const scanAcc = scan[1] ? (100 * scan[0]) / scan[1] : null;
  const advPass = adversarial.filter((a) => a.pass).length;
  const med = median(times);
  const max = times.length ? Math.max(...times) : 0;
  console.log(`\n${title}:`);
  if (acc !== null) console.log(`  relatórios com texto: ${acc.toFixed(2)}% (${num(text[0])} de ${text[1]} campos)`);
  if (scanAcc !== null) console.log(`  relatórios digitalizados: ${scanAcc.toFixed(2)}% (${num(scan[0])} de ${scan[1]} campos)`);
  if (adversarial.length)
    console.log(
      `  não relatórios: ${advPass}/${adversarial.length} (${adversarial.map((a) => `${a.name.slice(0, 2)} ${a.pass ? 'PASSA' : 'FALHA'}`).join(', ')})`,
    );
  console.log(`  tempo por documento: mediana ${med.toFixed(2)} s, máximo ${max.toFixed(2)} s (${times.length} documentos)`);
  const passed = (acc === null || acc >= MIN_ACC) && (scanAcc === null || scanAcc >= MIN_SCAN_ACC) && advPass === adversarial.length;
  return {
    dir,
    accuracy: acc,
    fields: text[1],
    scanAccuracy: scanAcc,
    scanFields: scan[1],
    perField: Object.fromEntries(Object.entries(fieldStats).map(([k, [s, n]]) => [k, { score: s, documents: n }])),
    treatmentChecks: trat,
    adversarial: { pass: advPass, total: adversarial.length, files: adversarial },
    median_s: med,
    max_s: max,
    passed,
    documents,
  };
}

if (wants('dev')) summary.dev = await evalLabelled('(a) conjunto de desenvolvimento', devSetDir());
if (wants('own')) summary.own = await evalLabelled('(b) conjunto próprio', join(root, 'tests', 'fixtures', 'extraction-own'));
const ordinal = { 2: 'segundo', 3: 'terceiro', 4: 'quarto', 5: 'quinto', 6: 'sexto', 7: 'sétimo' };
const ownSets = readdirSync(join(root, 'tests', 'fixtures'))
  .map((f) => /^extraction-own(\d+)$/.exec(f))
  .filter(Boolean)
  .map((m) => Number(m[1]))
  .sort((a, b) => a - b);
for (const n of ownSets)
  if (wants(`own${n}`))
    summary[`own${n}`] = await evalLabelled(
      `(b${n}) ${ordinal[n] ?? `${n}º`} conjunto próprio`,
      join(root, 'tests', 'fixtures', `extraction-own${n}`),
    );
if (wants('generated')) {
  console.log(`\n=== (c) fixtures geradas: ${join(root, 'tests', 'fixtures', 'extraction')}`);
  summary.generated = await evalGenerated();
}

console.log('\nResumo');
for (const [key, label] of [
  ['dev', '(a) desenvolvimento'],
  ['own', '(b) próprio'],
  ...ownSets.map((n) => [`own${n}`, `(b${n}) próprio ${n}`]),
]) {
  const s = summary[key];
  if (!s) continue;
  if (s.skipped) {
    console.log(`  ${pad(label, 22)} ignorado (pasta ausente)`);
    continue;
  }
  const acc = s.accuracy === null ? '-' : `${s.accuracy.toFixed(2)}% de ${s.fields} campos`;
  const sc = s.scanAccuracy === null ? '' : `; digitalizados ${s.scanAccuracy.toFixed(2)}% de ${s.scanFields}`;
  console.log(
    `  ${pad(label, 22)} ${acc}${sc}; não relatórios ${s.adversarial.pass}/${s.adversarial.total}; mediana ${s.median_s.toFixed(2)} s`,
  );
}
if (summary.generated) {
  const g = summary.generated;
  console.log(
    `  ${pad('(c) geradas', 22)} ${g.accuracy} (ajuste ${g.tuning}, reservados ${g.heldOut}); verificações com falha ${g.failedChecks}`,
  );
}

if (jsonOut) {
  writeFileSync(jsonOut, JSON.stringify({ minAcc: MIN_ACC, minScanAcc: MIN_SCAN_ACC, ...summary }, null, 2));
  console.log(`detalhes gravados em ${jsonOut}`);
}

if (gate) {
  const failed = [
    ...['dev', 'own', ...ownSets.map((n) => `own${n}`)].filter((k) => summary[k] && !summary[k].skipped && !summary[k].passed),
    ...(summary.generated && summary.generated.failedChecks > 0 ? ['generated'] : []),
  ];
  console.log(
    `gate (acerto >= ${MIN_ACC}%, digitalizados >= ${MIN_SCAN_ACC}%, não relatórios e verificações ok): ${failed.length ? `FALHA em ${failed.join(', ')}` : 'PASSA'}`,
  );
  if (failed.length) process.exitCode = 1;
}

/** (c) The generated fixtures (pdf-lib) and the demo seeder's reports, as reported before the labelled sets existed. */
async function evalGenerated() {
  const dir = join(root, 'tests', 'fixtures', 'extraction');
  const ref = referenceFromMigrations(root);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.expected.json'))
    .map((f) => f.replace(/\.expected\.json$/, ''))
    .filter((n) => !only || n.includes(only))
    .sort();

  if (names.length === 0) {
    console.log('  nenhuma fixture selecionada.');
    return { accuracy: '-', tuning: '-', heldOut: '-', failedChecks: 0, reports: [] };
  }
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
          // "Blocos Casualizados" and DBC, two form options (docs/product-rules.md#wizard-step-6), name one design.
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
  return {
    accuracy: pct(...all).trim(),
    tuning: pct(...sum.tuning).trim(),
    heldOut: pct(...sum.held).trim(),
    perField: Object.fromEntries(perField),
    failedChecks,
    checks,
    reports: reports.map(({ name, split, kind, ok, total, confidence, ms }) => ({ name, split, kind, ok, total, confidence, ms })),
    median_ms: times[Math.floor(times.length / 2)] ?? 0,
    max_ms: times[times.length - 1] ?? 0,
  };
}
