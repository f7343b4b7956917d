// /docs in Chromium: the nested fields of ErrorResponse, anchors that stop below the sticky header,
// copy buttons that copy exactly their block, the curl / JavaScript / Python tabs, the OpenAPI
// downloads; and two small pages: the 404 page's title, the home page's example boxes that never
// cut a long line.
import type { Locator, Page } from '@playwright/test';
import { clipboardText } from './support/clipboard';
import { expect, test } from './support/fixtures';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

test.describe('/docs', () => {
  test('shows the fields of ErrorResponse, its error object field by field', async ({ page }) => {
    await page.goto('/docs');
    const schema = page.locator('#schema-ErrorResponse');
    for (const field of ['success', 'error', 'error.code', 'error.message', 'error.requestId', 'error.details', 'error.dependencies']) {
      await expect(
        schema.getByRole('cell', { name: field, exact: false }).locator('code', { hasText: new RegExp(`^${field.replace('.', '\\.')}$`) }),
      ).toBeVisible();
    }
    // The code's values with their meanings, one row each.
    const values = page.locator('#schema-ErrorResponse-error\\.code-invalid_input');
    await expect(values).toContainText('could not parse');
  });

  test('gives each error code its own meaning', async ({ page }) => {
    await page.goto('/docs');
    const meanings = await page.getByTestId('error-codes').locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(meanings.length).toBeGreaterThan(8);
    expect(new Set(meanings).size).toBe(meanings.length);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`sidebar links put their heading below the sticky header (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/docs');
      const header = page.locator('.site-header');
      const nav = page.getByRole('navigation', { name: 'API reference' });
      const targets: Array<[string, string]> = [
        ['Errors', '#errors-heading'],
        ['Limits', '#limits-heading'],
        ['/api/validate', '#validate-heading'],
      ];
      if (name === 'desktop') targets.push(['ErrorResponse', '#schema-ErrorResponse h3']);
      for (const [link, heading] of targets) {
        await nav.getByRole('link', { name: link, exact: false }).first().click();
        await expect(page).toHaveURL(new RegExp(`#${heading.slice(1).split(/[- ]/)[0]}`));
        await expect
          .poll(async () => {
            const h = await box(page.locator(heading));
            const top = await box(header);
            // Below the header, and on screen.
            return h.y >= top.y + top.height && h.y < viewport.height;
          }, `${link}: heading below the header`)
          .toBe(true);
      }
    });
  }

  test('every code block has a copy button that copies exactly its text', async ({ page }) => {
    await page.goto('/docs');
    const content = page.locator('.docs-content');
    const blocks = content.locator('pre');
    const buttons = content.getByTestId('copy-button');
    expect(await blocks.count()).toBeGreaterThan(20);
    expect(await buttons.count()).toBe(await blocks.count());
    // Every pre sits in a code block with its own button.
    expect(await content.locator('.code-block > pre').count()).toBe(await blocks.count());

    // The convert operation's curl sample (with this site's origin) and an error body example.
    const convert = page.locator('#convert');
    const curlBlock = convert.getByTestId('code-samples').locator('[role=tabpanel]:not([hidden]) .code-block');
    // The samples name a placeholder host until the page has hydrated, then this site's origin.
    await expect(curlBlock.locator('code')).toContainText(`curl -s -X POST '${new URL(page.url()).origin}/api/convert'`);
    const curlText = await curlBlock.locator('code').textContent();
    await curlBlock.getByTestId('copy-button').click();
    await expect(curlBlock.getByTestId('copy-button')).toHaveText('Copied');
    await expect.poll(() => clipboardText(page)).toBe(curlText);

    const errors = page.locator('#errors');
    await errors.getByText('Example error bodies').click();
    const invalid = errors.locator('.example', { hasText: 'invalid_input (422)' }).locator('.code-block');
    const invalidText = await invalid.locator('code').textContent();
    await invalid.getByTestId('copy-button').click();
    // Until this copy is written, the clipboard holds the curl sample copied above.
    await expect.poll(() => clipboardText(page)).toBe(invalidText);
    expect(JSON.parse(invalidText!).error.code).toBe('invalid_input');
  });

  test('shows each operation in curl, JavaScript (fetch), Python (requests) and TypeScript SDK tabs', async ({ page }) => {
    await page.goto('/docs');
    const samples = page.locator('#convert').getByTestId('code-samples');
    const visible = samples.locator('[role=tabpanel]:not([hidden])');
    await expect(samples.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
    await expect(visible).toContainText('curl -s -X POST');
    await samples.getByRole('tab', { name: 'JavaScript (fetch)' }).click();
    await expect(samples.getByRole('tab', { name: 'JavaScript (fetch)' })).toHaveAttribute('aria-selected', 'true');
    await expect(visible).toContainText('await fetch(');
    await expect(visible).toContainText("'Authorization': 'Bearer YOUR_API_KEY'");
    await expect(samples.locator('[role=tabpanel]')).toHaveCount(4);
    await expect(samples.locator('[role=tabpanel]:not([hidden])')).toHaveCount(1);
    // Keyboard: the arrow moves to the next tab.
    await page.keyboard.press('ArrowRight');
    await expect(samples.getByRole('tab', { name: 'Python (requests)' })).toHaveAttribute('aria-selected', 'true');
    await expect(visible).toContainText('import requests');
    await expect(visible).toContainText('response = requests.post(');
    await page.keyboard.press('ArrowRight');
    await expect(samples.getByRole('tab', { name: 'TypeScript SDK' })).toHaveAttribute('aria-selected', 'true');
    await expect(visible).toContainText("import { Yamljson, YamljsonError } from '@yamljson/sdk';");
    await expect(visible).toContainText('await yamljson.convert({');
    // Each operation has its own tabs.
    expect(await page.getByTestId('code-samples').count()).toBe(await page.getByTestId('operation').count());
  });

  test('offers the OpenAPI document as JSON and YAML downloads that answer 200 with their type', async ({ page }) => {
    await page.goto('/docs');
    for (const [id, type] of [
      ['download-json', /^application\/json/],
      ['download-yaml', /^application\/yaml/],
    ] as const) {
      const link = page.getByTestId(id);
      await expect(link).toHaveAttribute('download', /yamljson-openapi\.(json|yaml)/);
      const res = await page.request.get((await link.getAttribute('href'))!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(type);
      expect(await res.text()).toContain('yamljson API');
    }
    const download = page.waitForEvent('download');
    await page.getByTestId('download-yaml').click();
    expect((await download).suggestedFilename()).toBe('yamljson-openapi.yaml');
  });

  test('states the limits from the code: plan sizes in exact bytes, nesting, errors, Retry-After cases', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByTestId('plan-limits')).toContainText('1,000,000 bytes');
    await expect(page.getByTestId('plan-limits')).toContainText('3,048,576 bytes');
    await expect(page.getByTestId('plan-limits').locator('tbody tr').first()).toContainText('10 s');
    await expect(page.getByTestId('document-limits')).toContainText('256');
    await expect(page.getByTestId('document-limits')).toContainText('100 errors');
    const retry = page.getByTestId('retry-after');
    await expect(retry.locator('tbody tr')).toHaveCount(7);
    await expect(page.locator('#conversion-rules li').first()).toContainText('Numbers.');
  });
});

test('the 404 page has its own title', async ({ page, watch }) => {
  watch.allowConsoleError(/the server responded with a status of 404/);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · yamljson');
});

/** Every example box shows all of each line: it wraps inside itself (a box that scrolled sideways showed lines cut, its scroll bar out of sight); nothing is clipped. */
async function linesNotCut(page: Page) {
  const boxes = page.locator('.live-example textarea, .live-example pre, .code-example pre');
  expect(await boxes.count()).toBe(4);
  for (const el of await boxes.all()) {
    const m = await el.evaluate((node) => {
      const style = getComputedStyle(node);
      const parentsClip: string[] = [];
      for (let p = node.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        const r = p.getBoundingClientRect();
        const own = node.getBoundingClientRect();
        if ((s.overflowX === 'hidden' || s.overflowX === 'clip') && own.right > r.right + 0.5) parentsClip.push(p.className);
      }
      return {
        scrollWidth: node.scrollWidth,
        clientWidth: node.clientWidth,
        overflowX: style.overflowX,
        right: node.getBoundingClientRect().right,
        viewport: document.documentElement.clientWidth,
        parentsClip,
      };
    });
    expect(m.parentsClip, 'no ancestor clips the box').toEqual([]);
    expect(m.right, 'the box is inside the page').toBeLessThanOrEqual(m.viewport + 0.5);
    expect(m.scrollWidth, JSON.stringify(m)).toBeLessThanOrEqual(m.clientWidth);
  }
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`home page example boxes never cut a long line (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('live-output')).toContainText('"build": 12345678901234567890');
    await linesNotCut(page);
    const long = `long: ${'a-very-long-value-'.repeat(12)}end`;
    await page.locator('#live-yaml').fill(`${long}\n`);
    await expect(page.getByTestId('live-output')).toContainText('end"');
    await linesNotCut(page);
    // The end of the long line is inside the box as it is shown.
    const output = page.getByTestId('live-output');
    const end = await output.evaluate((node) => {
      const range = document.createRange();
      const text = node.firstChild!;
      const at = text.textContent!.indexOf('end"');
      range.setStart(text, at);
      range.setEnd(text, at + 4);
      const r = range.getBoundingClientRect();
      const b = node.getBoundingClientRect();
      return { inside: r.right <= b.right + 0.5 && r.left >= b.left - 0.5 };
    });
    expect(end.inside).toBe(true);
  });
}
