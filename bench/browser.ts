// `npm run bench:browser`: how long a key press takes to reach the screen in the playground holding a
// 1 MB YAML document (the large-input browser test's document), in Debian's Chromium against the
// built app. Prints p50 / p95 / max of every key's latency, apart for the keys typed while the
// document was being converted, and the machine's load: a figure to watch, not a pass/fail test.
//
//   npm run build && npm run bench:browser                # starts the app (fresh embedded database)
//   npm run bench:browser -- --rounds 10 --word 12         # more keys
//   npm run bench:browser -- --base-url http://127.0.0.1:3000   # against a running app
//   npm run bench:browser -- --cpu-slowdown 10             # the page's CPU 10x slower (Chromium throttling)
//
// A key's latency is measured in the page: from the key event's timestamp (when the browser got the
// key: it includes any wait for the page's busy main thread) to the end of the next frame the page
// draws after handling it (requestAnimationFrame, then a task queued from it, which runs after the
// frame is painted). Chromium's own Event Timing entries (key events over 16 ms) are printed beside.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { BIG_DOCUMENT_BYTES, bigYaml, installConverterProbe, readConverterProbe } from '../e2e/support/big-document';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startApp, type AppServer } from '../test/setup/app-server';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    rounds: { type: 'string', default: '5' },
    word: { type: 'string', default: '10' },
    delay: { type: 'string', default: '30' },
    bytes: { type: 'string', default: String(BIG_DOCUMENT_BYTES) },
    'cpu-slowdown': { type: 'string', default: '1' },
  },
});
const ROUNDS = Number(args.rounds);
/** Keys typed before Ctrl+Enter, and again while that conversion runs, in each round. */
const WORD = Number(args.word);
/** Milliseconds between key presses: a fast typist. */
const DELAY = Number(args.delay);
const BYTES = Number(args.bytes);
/** Chromium's CPU throttling of the page (1: none), to see a slower machine's figures. */
const SLOWDOWN = Number(args['cpu-slowdown']);
/** Safety net only (a busy machine): how long one conversion may take before the run gives up. */
const LIMIT_MS = 180_000;

interface KeyRecord {
  key: string;
  /** Key event timestamp to the end of the next painted frame, in ms. */
  latency: number;
  /** A conversion was in flight (job sent, answer not yet shown) when the key came. */
  converting: boolean;
}

interface PageMeasure {
  keys: KeyRecord[];
  /** Event Timing entries of key events over 16 ms (Chromium's own measure, rounded to 8 ms). */
  eventTiming: number[];
  converting: boolean;
}

/** Installs the key latency probe before the page's scripts run. */
async function installKeyProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const m: PageMeasure = { keys: [], eventTiming: [], converting: false };
    (window as unknown as { __keys: PageMeasure }).__keys = m;
    // The probe of e2e/support/big-document.ts wraps Worker the same way; this notes whether a
    // conversion is in flight when a key comes.
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name !== 'yamljson-converter') return;
        this.addEventListener('message', () => {
          // The answer is applied to the page in this task; the flag drops after it.
          setTimeout(() => (m.converting = false), 0);
        });
        const post = this.postMessage.bind(this) as (message: unknown) => void;
        this.postMessage = ((message: unknown) => {
          m.converting = true;
          post(message);
        }) as Worker['postMessage'];
      }
    };
    window.addEventListener(
      'keydown',
      (e) => {
        if (!(window as unknown as { __measuring?: boolean }).__measuring) return;
        const started = e.timeStamp;
        const record: KeyRecord = { key: e.key, latency: 0, converting: m.converting };
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            record.latency = performance.now() - started;
            m.keys.push(record);
          };
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      if (!(window as unknown as { __measuring?: boolean }).__measuring) return;
      for (const entry of list.getEntries()) if (entry.name.startsWith('key')) m.eventTiming.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

const statusText = (page: Page) =>
  page
    .getByTestId('conversion-status')
    .textContent()
    .then((t) => t ?? '');

/** Waits until the document of `chars` characters was sent to the worker and its answer is shown. */
async function convertedAt(page: Page, chars: number): Promise<string> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const jobs = (await readConverterProbe(page)).converterMessages.filter((m) => m.direction === 'job');
    const status = await statusText(page);
    if (jobs.at(-1)?.chars === chars && /^Converted in \d+ ms$/.test(status)) return status;
    if (Date.now() > deadline) throw new Error(`no conversion of the ${chars}-character document within ${LIMIT_MS / 1000} s (status "${status}")`);
    await page.waitForTimeout(100);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(name: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (n: number) => (Number.isNaN(n) ? '-' : `${Math.round(n)} ms`);
  return `${name.padEnd(22)} ${String(sorted.length).padStart(5)}  p50 ${f(percentile(sorted, 50)).padStart(7)}  p95 ${f(percentile(sorted, 95)).padStart(7)}  max ${f(sorted.at(-1) ?? NaN).padStart(7)}`;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  let app: AppServer | undefined;
  let dataDir: string | undefined;
  let baseUrl = args['base-url'];
  if (!baseUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-bench-browser-'));
    app = await startApp({
      logName: 'bench-browser-server',
      env: { YAMLJSON_DATA_DIR: path.join(dataDir, 'pglite') },
      unsetEnv: ['DATABASE_URL'],
    });
    baseUrl = app.baseUrl;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`bench:browser: ${baseUrl}, ${os.cpus().length} CPUs, load average ${load()} (1, 5, 15 min)`);
    const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    await installConverterProbe(page);
    await installKeyProbe(page);
    await page.goto('/playground');
    if (SLOWDOWN > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.getByTestId('input-editor').locator('.monaco-editor').waitFor({ timeout: LIMIT_MS });
    await page.getByTestId('output-editor').locator('.monaco-editor').waitFor({ timeout: LIMIT_MS });

    const yaml = bigYaml(BYTES);
    await page.getByLabel('Open a local file').setInputFiles({ name: 'big.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
    const conversions = [await convertedAt(page, yaml.length)];
    console.log(`document: ${yaml.length.toLocaleString('en')} bytes of YAML; first conversion: ${conversions[0]}`);

    await page.getByTestId('input-editor').locator('.view-line', { hasText: '# big file' }).click();
    await page.keyboard.press('End');
    await page.evaluate(() => ((window as unknown as { __measuring: boolean }).__measuring = true));
    let chars = yaml.length;
    for (let round = 0; round < ROUNDS; round++) {
      // A word, then Ctrl+Enter, then a word typed while that conversion runs; then the debounced
      // conversion of the whole edit, as the playground converts while one types.
      const word = ` w${round}`.padEnd(WORD, 'x').slice(0, WORD);
      await page.keyboard.type(word, { delay: DELAY });
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.keyboard.type(word, { delay: DELAY });
      chars += 2 * word.length;
      conversions.push(await convertedAt(page, chars));
    }
    await page.evaluate(() => ((window as unknown as { __measuring: boolean }).__measuring = false));
    const measured = await page.evaluate(() => (window as unknown as { __keys: PageMeasure }).__keys);
    const typed = measured.keys.filter((k) => k.key.length === 1);

    const slowed = SLOWDOWN > 1 ? `, page CPU ${SLOWDOWN}x slower` : '';
    console.log(`\nKey press to painted frame, 1 MB document (${ROUNDS} rounds of 2 x ${WORD} keys, ${DELAY} ms apart${slowed}):`);
    console.log(`${'keys'.padEnd(22)} count`);
    console.log(
      summary(
        'all typed keys',
        typed.map((k) => k.latency),
      ),
    );
    console.log(
      summary(
        '  while converting',
        typed.filter((k) => k.converting).map((k) => k.latency),
      ),
    );
    console.log(
      summary(
        '  otherwise',
        typed.filter((k) => !k.converting).map((k) => k.latency),
      ),
    );
    console.log(summary('key events > 16 ms *', measured.eventTiming));
    console.log("* Chromium's Event Timing entries (keydown, keypress, keyup) over 16 ms, for comparison");
    console.log(`conversions: ${conversions.map((c) => c.replace('Converted in ', '')).join(', ')}`);
    console.log(`load average at the end: ${load()}`);
  } finally {
    await browser.close();
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
