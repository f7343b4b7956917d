// A 1 MB document stays usable: the conversion runs in a web worker, so typing is never held up by it.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { inputEditor, settled, visibleText, waitForEditors } from './support/monaco';

/** About `bytes` of realistic YAML: a list of service records with nested maps and lists. */
function bigYaml(bytes: number): string {
  const parts = ['# big file\n', 'services:\n'];
  let size = parts.join('').length;
  for (let i = 0; size < bytes; i++) {
    const item =
      `  - name: service-${i}\n` +
      `    image: registry.example.com/team/service-${i}:1.${i % 50}.${i % 7}\n` +
      `    replicas: ${(i % 5) + 1}\n` +
      `    env:\n      LOG_LEVEL: info\n      REGION: eu-west-${(i % 3) + 1}\n` +
      `    ports: [${8000 + (i % 1000)}, ${9000 + (i % 1000)}]\n`;
    parts.push(item);
    size += item.length;
  }
  return parts.join('');
}

interface Probe {
  /** Messages to and from the converter's web worker: direction and size of the document carried. */
  converterMessages: Array<{ direction: 'job' | 'answer'; chars: number }>;
  /** Input latency of each key event (Event Timing API: from the key press to the next frame painted). */
  keyLatencies: number[];
}

/** Watches the converter worker's traffic, from before the page's own scripts run. */
async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: Probe = { converterMessages: [], keyLatencies: [] };
    (window as unknown as { __probe: Probe }).__probe = probe;
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name !== 'yamljson-converter') return;
        this.addEventListener('message', (e: MessageEvent) => {
          probe.converterMessages.push({ direction: 'answer', chars: String(e.data?.answer?.output ?? '').length });
        });
        const post = this.postMessage.bind(this) as (message: unknown) => void;
        this.postMessage = ((message: { job?: { request?: { input?: string } } }) => {
          probe.converterMessages.push({ direction: 'job', chars: message.job?.request?.input?.length ?? 0 });
          post(message);
        }) as Worker['postMessage'];
      }
    };
  });
}

async function watchKeyLatency(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = (window as unknown as { __probe: Probe }).__probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name.startsWith('key')) probe.keyLatencies.push(entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

test('a 1 MB document converts in a web worker and typing stays responsive', async ({ page }) => {
  test.setTimeout(120_000);
  const yaml = bigYaml(1_000_000);
  await installProbe(page);
  await page.goto('/playground');
  await waitForEditors(page);
  await settled(page);
  await page.getByLabel('Open a local file').setInputFiles({ name: 'big.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
  await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted in \d+ ms$/, { timeout: 60_000 });
  await expect(page.getByTestId('metadata')).toContainText('1 MB');

  // The megabyte went to the converter worker and the converted document came back from it.
  const afterLoad = await readProbe(page);
  expect(afterLoad.converterMessages.some((m) => m.direction === 'job' && m.chars === yaml.length)).toBe(true);
  expect(afterLoad.converterMessages.some((m) => m.direction === 'answer' && m.chars > 1_000_000)).toBe(true);

  // Type at the end of the first line, converting (Ctrl+Enter) half-way, as a user editing a big file would.
  await inputEditor(page).locator('.view-line', { hasText: '# big file' }).click();
  await page.keyboard.press('End');
  await watchKeyLatency(page);
  await page.keyboard.type(' typed while', { delay: 30 });
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.keyboard.type(' converting', { delay: 30 });
  await expect.poll(() => visibleText(inputEditor(page))).toContain('# big file typed while converting');
  await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted in \d+ ms$/, { timeout: 60_000 });

  const probe = await readProbe(page);
  const jobs = probe.converterMessages.filter((m) => m.direction === 'job' && m.chars >= yaml.length);
  expect(jobs.length, 'the edits were converted by the worker too').toBeGreaterThan(1);
  const worst = Math.max(0, ...probe.keyLatencies);
  test.info().annotations.push({
    type: 'measured',
    description: `${await page.getByTestId('conversion-status').textContent()}; key events over 16 ms: ${JSON.stringify(probe.keyLatencies.map(Math.round))}`,
  });
  // Key press to painted frame: well under the half second where typing feels stuck.
  expect(worst).toBeLessThan(500);
});
