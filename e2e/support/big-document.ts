// The 1 MB document of the large-input browser test and of the browser benchmark (bench/browser.ts),
// and a probe that watches what the page sends to and gets from its converter web worker.
import type { Page } from '@playwright/test';

/** About `bytes` of realistic YAML: a list of service records with nested maps and lists. */
export function bigYaml(bytes: number): string {
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

export interface ConverterProbe {
  /** Messages to and from the converter's web worker: direction and size of the document carried. */
  converterMessages: Array<{ direction: 'job' | 'answer'; chars: number }>;
}

/** Watches the converter worker's traffic, from before the page's own scripts run. */
export async function installConverterProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: ConverterProbe = { converterMessages: [] };
    (window as unknown as { __probe: ConverterProbe }).__probe = probe;
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

export const readConverterProbe = (page: Page): Promise<ConverterProbe> =>
  page.evaluate(() => (window as unknown as { __probe: ConverterProbe }).__probe);

/** The size of the large-input test's and the browser benchmark's document. */
export const BIG_DOCUMENT_BYTES = 1_000_000;
