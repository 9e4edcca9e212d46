// `npm run test:busy [-- <npm script>]`: runs `npm test` (or the named script) beside two CPU-bound
// processes, as a developer's machine is when something else is building, and prints how long it
// took. A suite that passes only on an idle machine is a flaky suite: this is how we check it does
// not. The hogs are ended however the run ends.
import { spawn } from 'node:child_process';
import { root } from './build-if-stale.mjs';

const script = process.argv[2] ?? 'test';
const HOGS = 2;
const hogs = Array.from({ length: HOGS }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const h of hogs) h.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const started = Date.now();
console.log(`test:busy: npm run ${script} beside ${HOGS} CPU-bound processes`);
const run = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
const code = await new Promise((resolve) => run.on('exit', (c) => resolve(c ?? 1)));
stopHogs();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `test:busy: npm run ${script} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s (${Math.floor(seconds / 60)} min ${seconds % 60} s) beside ${HOGS} CPU-bound processes`,
);
process.exit(code);
