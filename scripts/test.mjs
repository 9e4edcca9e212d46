// `npm test`: every check a change must pass, in three stages, printing how long each part took.
//
//   1. typecheck, lint, unit tests and the production build, side by side: tsc and eslint use one
//      core each, so on two cores they finish together in about the time of the longest instead
//      of the sum; the build is what the journeys run.
//   2. integration tests (vitest spreads them over the cores itself);
//   3. browser journeys against the build.
//
// Integration and journeys side by side were slower beside two CPU hogs (21.5 min, and two timing
// tests failed) than one after the other.
//
// A stage starts only when the one before passed. The output of parts that run side by side is
// held and printed whole when each ends, so the log reads part by part.
import { spawn } from 'node:child_process';
import { root } from './build-if-stale.mjs';

/** @typedef {{ name: string, command: string[] }} Part */

/** @type {Part[][]} */
const STAGES = [
  [
    { name: 'typecheck', command: ['npm', 'run', '-s', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '-s', 'lint'] },
    { name: 'unit', command: ['npm', 'run', '-s', 'test:unit'] },
    { name: 'build', command: ['npm', 'run', '-s', 'build'] },
  ],
  [{ name: 'integration', command: ['npm', 'run', '-s', 'test:integration'] }],
  [{ name: 'e2e', command: ['npx', 'playwright', 'test'] }],
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one part; alone, its output streams; beside others, it is printed when the part ends. */
function run(part, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(part.command[0], part.command.slice(1), {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      if (!alone) process.stdout.write(Buffer.concat(chunks));
      console.log(`::: ${part.name} ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds(ms)}\n`);
      resolve({ name: part.name, ok, ms });
    });
  });
}

const started = Date.now();
const results = [];
let failed = false;
for (const stage of STAGES) {
  console.log(`::: ${stage.map((p) => p.name).join(', ')}${stage.length > 1 ? ' (side by side)' : ''}`);
  const done = await Promise.all(stage.map((part) => run(part, stage.length === 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
const summary = results.map((r) => `${r.name} ${seconds(r.ms)}${r.ok ? '' : ' FAILED'}`).join(', ');
console.log(`::: npm test ${failed ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)} (${summary})`);
process.exit(failed ? 1 : 0);
