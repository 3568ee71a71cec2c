#!/usr/bin/env node
// `npm test`: lint and typecheck, unit tests (Vitest), end-to-end tests (Playwright against the
// built app in /usr/bin/chromium), then one closing line `N passed, N failed` over both suites.
//
// Lint and the two typechecks run side by side (each is one thread for most of its run). The
// end-to-end tests run in two passes over one build: the `app` project on two workers (one worker
// left a quarter of the CPU idle, waiting on the page), then the `heavy` project alone on one, so
// the specs whose pages run hot loops and record their longest tasks have the machine to themselves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => `node_modules/.bin/${name}`;

function run(name, cmd, args, env = {}) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Runs the steps side by side; prints each one's output whole, in the steps' order, once all end. */
async function runTogether(steps) {
  const started = steps.map(
    ([name, cmd, args]) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { env: process.env });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('error', (e) => resolve({ name, cmd, args, status: 1, out: [Buffer.from(`${e.message}\n`)] }));
        child.on('close', (status) => resolve({ name, cmd, args, status: status ?? 1, out }));
      }),
  );
  const done = await Promise.all(started);
  for (const { name, cmd, args, out } of done) {
    console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(out));
  }
  return done.filter((d) => d.status !== 0).map((d) => d.name);
}

const failedSteps = await runTogether([
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.app.json', '--noEmit']],
  ['typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
]);

const unitReport = `${reports}/unit.json`;
if (run('unit tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]) !== 0)
  failedSteps.push('unit tests');

/** The end-to-end passes: each writes its own report (E2E_REPORT) and serves the one build (E2E_BUILT). */
const e2eReports = [];
if (run('build for the end-to-end tests', bin('vite'), ['build']) !== 0) failedSteps.push('build');
else
  for (const [project, workers] of [['app', process.env.E2E_WORKERS ?? '2'], ['heavy', '1']]) {
    const report = `${reports}/e2e-${project}.json`;
    e2eReports.push(report);
    const status = run(`end-to-end tests (${project}, ${workers} worker${workers === '1' ? '' : 's'})`, bin('playwright'), ['test', '--project', project], {
      E2E_BUILT: '1',
      E2E_REPORT: report,
      E2E_WORKERS: workers,
    });
    if (status !== 0) failedSteps.push(`end-to-end tests (${project})`);
  }

let passed = 0;
let failed = 0;
if (existsSync(unitReport)) {
  const u = JSON.parse(readFileSync(unitReport, 'utf8'));
  passed += u.numPassedTests ?? 0;
  failed += u.numFailedTests ?? 0;
}
let flaky = 0;
for (const report of e2eReports.filter((r) => existsSync(r))) {
  const e = JSON.parse(readFileSync(report, 'utf8'));
  passed += (e.stats?.expected ?? 0) + (e.stats?.flaky ?? 0);
  failed += e.stats?.unexpected ?? 0;
  flaky += e.stats?.flaky ?? 0;
}
if (flaky) console.log(`note: ${flaky} end-to-end test(s) passed only on retry (flaky)`);
console.log('');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
