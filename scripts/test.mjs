// `npm test`: lint, type-check, build, every test suite, then a scan of the servers' logs for secrets; stops at the first failing step and ends with one summary line.
// Extra arguments go to vitest (`npm test -- test/api/health.test.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (p) => path.join(root, 'node_modules', p);
const resultsDir = path.join(root, 'test-results');
const vitestReport = path.join(resultsDir, 'vitest.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const vitestArgs = process.argv.slice(2);

/** A step may name a report: a function reading { passed, failed, skipped } from the file it wrote. */
const steps = [
  { name: 'prisma generate', args: [path.join(root, 'scripts', 'prisma-generate.mjs')] },
  // Biome (biome.jsonc): lint rules, the import boundaries and the format; seconds, so it runs first.
  { name: 'lint', args: [bin('@biomejs/biome/bin/biome'), 'check', '.'] },
  { name: 'typecheck', args: [bin('typescript/bin/tsc'), '--noEmit'] },
  { name: 'build server bundles', args: [path.join(root, 'scripts', 'build-worker.mjs')] },
  // The `yamljson` CLI's bundle (packages/cli/dist), which test/cli runs as a child process.
  { name: 'build CLI', args: [path.join(root, 'scripts', 'build-cli.mjs')] },
  { name: 'build web workers', args: [path.join(root, 'scripts', 'build-web-workers.mjs')] },
  { name: 'build', args: [bin('next/dist/bin/next'), 'build'] },
  {
    name: 'vitest',
    args: [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...vitestArgs],
    report: () => readVitestReport(vitestReport),
  },
  {
    // Browser tests (e2e/, Playwright) in Debian's Chromium against the build above.
    name: 'e2e',
    args: [bin('@playwright/test/cli.js'), 'test'],
    prepare: prepareChromium,
    report: () => readPlaywrightReport(e2eReport),
  },
  {
    // Every server log the tests above left in test-results/ holds no key, password, cookie or token (README, Operating).
    name: 'log scan',
    args: ['--import', 'tsx', path.join(root, 'scripts', 'scan-logs.ts'), resultsDir],
  },
];

/** Returns a reason to skip the step, or null to run it; exits on a CI machine that cannot get Chromium. */
function prepareChromium() {
  if (vitestArgs.length > 0) return 'a focused run (arguments were given to vitest)';
  if (existsSync(chromium)) return null;
  if (process.env.CI !== 'true') {
    return `${chromium} is missing; install it (apt-get install -y chromium) or run with CI=true to install it automatically`;
  }
  console.log(`${chromium} is missing: installing Debian's chromium (CI=true).`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = (...args) => spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit' });
  const installed = apt('update').status === 0 && apt('install', '-y', 'chromium').status === 0;
  if (!installed || !existsSync(chromium)) {
    console.error(`\ne2e failed: could not install chromium (apt-get install -y chromium${asRoot ? '' : ' needs root'}).`);
    process.exit(1);
  }
  return null;
}

function readVitestReport(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  let failed = r.numFailedTests;
  // A file that fails to load has no failed test but fails the run.
  if (failed === 0 && r.success === false) failed = r.numFailedTestSuites || 1;
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

/** Playwright's JSON reporter: stats.expected passed, unexpected failed, flaky passed on a retry. */
function readPlaywrightReport(file) {
  if (!existsSync(file)) return null;
  const { stats, errors = [] } = JSON.parse(readFileSync(file, 'utf8'));
  let failed = stats.unexpected;
  // A global-setup error (no build, server did not start) fails the run with no failed test.
  if (failed === 0 && errors.length > 0) failed = 1;
  return { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
}

mkdirSync(resultsDir, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let reported = false;
let exitCode = 0;
for (const step of steps) {
  const started = Date.now();
  console.log(`\n> ${step.name}`);
  const skip = step.prepare?.();
  if (skip) {
    console.log(`${step.name} skipped: ${skip}.`);
    continue;
  }
  const run = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const counts = step.report?.();
  if (counts) {
    reported = true;
    for (const key of Object.keys(totals)) totals[key] += counts[key];
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n${step.name} failed (${run.signal ?? `exit code ${run.status}`}) after ${seconds} s.`);
    exitCode = run.status || 1;
    break;
  }
  console.log(`${step.name} passed in ${seconds} s.`);
}

if (reported) {
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
}
process.exit(exitCode);
