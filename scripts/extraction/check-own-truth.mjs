// Consistency check of tests/fixtures/extraction-own/truth (not scoring; needs pdftotext from
// poppler-utils): every `_evidence` snippet, the first accepted value of the text fields and every
// key word of every treatment name must be in the PDF's text (case-, accent- and
// spacing-insensitive), and every scored field needs evidence. Unit conversions are not re-derived:
// read `pdftotext -layout` yourself after editing a source.
//   node scripts/extraction/check-own-truth.mjs
//   node scripts/extraction/check-own-truth.mjs --dir extraction-own2   (another set under tests/fixtures)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../build-if-stale.mjs';

const dirArg = process.argv.indexOf('--dir');
const dir = join(root, 'tests', 'fixtures', dirArg >= 0 ? process.argv[dirArg + 1] : 'extraction-own');
const norm = (s) =>
  String(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const bare = (s) => norm(s).replace(/[^a-z0-9]/g, '');
const text = (pdf, args) => execFileSync('pdftotext', [...args, pdf, '-'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
let problems = 0;
for (const f of readdirSync(join(dir, 'truth'))
  .filter((n) => n.endsWith('.json'))
  .sort()) {
  const t = JSON.parse(readFileSync(join(dir, 'truth', f), 'utf8'));
  const pdf = join(dir, 'pdfs', t._file);
  const raw = `${text(pdf, ['-layout'])}\n${text(pdf, [])}`;
  if (t.expect) {
    console.log(`${f}: não relatório (${t.expect}); camada de texto com ${raw.replace(/\s/g, '').length} caracteres`);
    continue;
  }
  const T = norm(raw);
  const B = bare(raw);
  const miss = [];
  for (const [k, ev] of Object.entries(t._evidence ?? {}))
    for (const e of [].concat(ev)) if (!T.includes(norm(e))) miss.push(`evidência ${k}: "${e}"`);
  for (const k of ['consultoria', 'marca', 'bu', 'regional', 'cidade', 'cultivar'])
    if (k in t && !B.includes(bare([].concat(t[k])[0]))) miss.push(`${k} "${[].concat(t[k])[0]}" fora do texto`);
  for (const k of Object.keys(t)) if (!k.startsWith('_') && !(k in (t._evidence ?? {}))) miss.push(`sem evidência para ${k}`);
  for (const tr of t.tratamentos ?? [])
    for (const w of norm(tr.nome)
      .split(/[^a-z0-9]+/)
      .filter(Boolean))
      if (!T.includes(w)) miss.push(`palavra de tratamento "${w}"`);
  const n = Object.keys(t).filter((k) => !k.startsWith('_')).length;
  console.log(`${f}: ${n} campos, ${(t.tratamentos ?? []).length} tratamentos: ${miss.length ? `PROBLEMAS: ${miss.join('; ')}` : 'ok'}`);
  problems += miss.length;
}
process.exitCode = problems ? 1 : 0;
