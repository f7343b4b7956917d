// The playground in a real browser: live conversion, problems, switches, output options, swap, copy, files, samples, share links.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { INPUT_STORAGE_KEY } from '@/lib/web/input-storage';
import { DEFAULT_SAMPLE, SAMPLES } from '@/lib/web/samples';
import { toFormatRequest, toPlaygroundRequest, type PlaygroundState } from '@/lib/web/playground-state';
import { runConverterJob } from '@/lib/web/run-converter-job';
import { accountsAvailable, createAccountWithKey } from './support/accounts';
import { bigYaml } from './support/big-document';
import { clipboardText } from './support/clipboard';
import { expect, test } from './support/fixtures';
import {
  type Box,
  inputEditor,
  outputEditor,
  pasteInput,
  replaceInput,
  settled,
  squiggleBox,
  textBox,
  visibleText,
  waitForEditors,
} from './support/monaco';

async function openPlayground(page: Page): Promise<void> {
  await page.goto('/playground');
  await waitForEditors(page);
  await settled(page);
}

/** The output as the Download button saves it: the exact bytes. */
async function downloadedOutput(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

const fromSelect = (page: Page) => page.getByLabel('From');
const toSelect = (page: Page) => page.getByLabel('To', { exact: true });
const commentsSwitch = (page: Page) => page.getByRole('switch', { name: 'Preserve comments' });
const anchorsSwitch = (page: Page) => page.getByRole('switch', { name: 'Preserve anchors' });
const swapButton = (page: Page) => page.getByRole('button', { name: 'Swap input and output' });
/** A share link as the Share link button copies it. */
const SHARE_LINK = /\/playground#state=z[A-Za-z0-9_-]+$/;
const storedState = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), INPUT_STORAGE_KEY);

/** The squiggle lies over the token's text, not over the blanks before it; it has a visible width. */
function expectOver(squiggle: Box, token: Box): void {
  expect(squiggle.right - squiggle.left).toBeGreaterThan(0);
  expect(squiggle.left).toBeGreaterThanOrEqual(token.left - 1);
  expect(squiggle.right).toBeLessThanOrEqual(token.right + 1);
  // On the token's line: the squiggle's box is the line's height (20 px), the glyphs' a little less.
  expect(Math.abs((squiggle.top + squiggle.bottom) / 2 - (token.top + token.bottom) / 2)).toBeLessThan(10);
}

/**
 * Waits until the input editor's one squiggle lies over `token` on the line that contains `lineText`
 * (expectOver). Monaco draws a marker after the problems list shows its problem; until then the
 * squiggle on screen can be the previous input's.
 */
async function expectSquiggleOver(page: Page, lineText: string, token: string): Promise<void> {
  const editor = inputEditor(page);
  await expect(async () => expectOver(await squiggleBox(editor), await textBox(editor, lineText, token))).toPass();
}

/** Waits until the input editor's squiggles are drawn one on each line matching `lines`, and nowhere else. */
async function expectSquigglesOnLines(page: Page, lines: Array<string | RegExp>): Promise<void> {
  const editor = inputEditor(page);
  await expect(async () => {
    const squiggleTops = await editor
      .locator('.squiggly-error')
      .evaluateAll((nodes) => nodes.map((n) => (n.parentElement as HTMLElement).style.top).sort());
    const lineTops = await Promise.all(
      lines.map((text) =>
        editor
          .locator('.view-line')
          .filter({ hasText: text })
          .evaluate((n) => (n as HTMLElement).style.top),
      ),
    );
    expect(squiggleTops).toStrictEqual(lineTops.sort());
  }).toPass();
}

/** The body the curl command sends (its --data-binary, the shell quoting undone), or null when it has none. */
async function curlBody(page: Page): Promise<unknown> {
  const command = (await page.getByTestId('curl-command').textContent()) ?? '';
  const quoted = /--data-binary '((?:[^']|'\\'')*)'$/.exec(command)?.[1];
  return quoted === undefined ? null : JSON.parse(quoted.replace(/'\\''/g, "'"));
}

/** A YAML document of exactly `bytes` UTF-8 bytes (ASCII): the big document, topped up with a comment. */
function yamlOfBytes(bytes: number): string {
  const body = bigYaml(bytes - 200);
  const pad = bytes - Buffer.byteLength(body) - 3;
  const text = `${body}# ${'x'.repeat(pad)}\n`;
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

test.describe('playground', () => {
  test('typing YAML shows the JSON, converted in the browser', async ({ page }) => {
    await openPlayground(page);
    const input = 'name: yamljson\nbig: 12345678901234567890\nlist: [b, a]\n';
    await replaceInput(page, input);
    await expect
      .poll(() => visibleText(outputEditor(page)))
      .toBe('{\n  "name": "yamljson",\n  "big": 12345678901234567890,\n  "list": [\n    "b",\n    "a"\n  ]\n}\n');
    await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted in \d+ ms$/);
    await expect(page.getByTestId('metadata')).toContainText(`${Buffer.byteLength(input)} bytes`);
  });

  test('a syntax error shows a marker and a list entry that jumps to its place', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'a: 1\nb: 2\na: 3\n');
    const problem = page.getByTestId('problems').getByRole('button');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText('Line 3, column 1');
    await expect(problem).toContainText('DUPLICATE_KEY');
    await expect(page.getByTestId('conversion-status')).toHaveText('1 problem');
    // The marker: Monaco draws an error squiggle on line 3.
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(1);
    await expectSquigglesOnLines(page, ['a: 3']);
    // The output pane keeps the sample's output (dimmed), not the API's error body.
    await expect(page.getByTestId('output-note')).toHaveText('Showing the last valid output: the input has problems (listed below).');
    await expect.poll(() => visibleText(outputEditor(page))).not.toContain('invalid_input');

    // Clicking the entry puts the cursor at line 3, column 1: what is typed next lands there.
    await problem.click();
    await page.keyboard.insertText('c');
    await expect.poll(() => visibleText(inputEditor(page))).toBe('a: 1\nb: 2\nca: 3\n');
    await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted/);
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(0);
  });

  test('preserve comments turns YAML comments into JSONC comments, with a warning', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, '# settings\nport: 8080 # http\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "port": 8080\n}\n');
    await commentsSwitch(page).check();
    await expect.poll(() => visibleText(outputEditor(page))).toBe('// settings\n{\n  "port": 8080 // http\n}\n');
    await expect(page.getByTestId('warnings')).toContainText('the output is JSONC');
    await commentsSwitch(page).uncheck();
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "port": 8080\n}\n');
  });

  test('preserve anchors keeps anchors in YAML output and warns that JSON cannot', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'base: &b\n  x: 1\nuse: *b\n');
    await toSelect(page).selectOption('yaml');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('base:\n  x: 1\nuse:\n  x: 1\n');
    await anchorsSwitch(page).check();
    await expect.poll(() => visibleText(outputEditor(page))).toBe('base: &b\n  x: 1\nuse: *b\n');
    await toSelect(page).selectOption('json');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "base": {\n    "x": 1\n  },\n  "use": {\n    "x": 1\n  }\n}\n');
    await expect(page.getByTestId('warnings')).toContainText('aliases were expanded');
  });

  test('swap makes the output the input and reverses the formats', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'a: 1\nb: [x]\n');
    await expect.poll(() => visibleText(outputEditor(page))).toContain('"a": 1');
    await page.getByRole('button', { name: 'Swap input and output' }).click();
    await expect(fromSelect(page)).toHaveValue('json');
    await expect(toSelect(page)).toHaveValue('yaml');
    await expect.poll(() => visibleText(inputEditor(page))).toBe('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('a: 1\nb:\n  - x\n');
  });

  test('copy puts the exact output on the clipboard', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'k: v\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "k": "v"\n}\n');
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Output copied to the clipboard')).toBeVisible();
    await expect.poll(() => clipboardText(page)).toBe('{\n  "k": "v"\n}\n');
  });

  test('Ctrl+Enter converts at once, and validate-only mode reports strict JSON problems', async ({ page }) => {
    await openPlayground(page);
    await page.getByLabel('Validate only').check();
    await page.getByLabel('Type').selectOption('json');
    await replaceInput(page, '{\n  // port\n  "port": 8080,\n}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('conversion-status')).toHaveText(/^Invalid: \d+ problems?$/);
    await expect(page.getByTestId('problems')).toContainText('Line 2, column 3');
    await page.getByLabel('Type').selectOption('jsonc');
    await expect(page.getByTestId('conversion-status')).toHaveText('Valid');
    await expect.poll(() => visibleText(outputEditor(page))).toContain('"valid": true');
    await expect(page.getByTestId('curl-command')).toContainText('/api/validate');
  });

  test('a pasted schema checks the input in the browser: markers and list entries at the violations', async ({ page }) => {
    await openPlayground(page);
    await page.getByLabel('Validate only').check();
    await page.getByRole('radio', { name: 'Paste a JSON Schema' }).check();
    const schema = JSON.stringify({
      properties: {
        metadata: { properties: { name: { type: 'string', pattern: '^[a-z0-9-]+$' } } },
        spec: { properties: { replicas: { type: 'integer' } } },
      },
    });
    await page.getByRole('textbox', { name: 'JSON Schema' }).fill(schema);
    const input = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: Web', 'spec:', '  replicas: two', ''].join('\n');
    await replaceInput(page, input);
    const problems = page.getByTestId('problems').getByRole('button');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(0)).toContainText('Line 4, column 9');
    await expect(problems.nth(0)).toContainText('SCHEMA_PATTERN');
    await expect(problems.nth(1)).toContainText('Line 6, column 13');
    await expect(problems.nth(1)).toContainText('/spec/replicas must be integer.');
    await expect(page.getByTestId('conversion-status')).toHaveText('Invalid: 2 problems');
    // The markers: one squiggle on each offending line.
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(2);
    await expectSquigglesOnLines(page, [/^\s*name:\sWeb$/, /^\s*replicas:\stwo$/]);
    // The curl command sends the same schema.
    await expect(page.getByTestId('curl-command')).toContainText('"schema":');
    // Fixed input: valid.
    await replaceInput(page, input.replace('name: Web', 'name: web').replace('replicas: two', 'replicas: 2'));
    await expect(page.getByTestId('conversion-status')).toHaveText('Valid');
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(0);
  });

  test('a catalog schema chosen from the searchable list checks the input, fetched from this site only', async ({ page }) => {
    const catalogRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/schemas')) catalogRequests.push(new URL(request.url()).pathname);
    });
    await openPlayground(page);
    await page.getByLabel('Validate only').check();
    await page.getByRole('radio', { name: 'Catalog' }).check();
    const list = page.getByRole('listbox', { name: 'Catalog schema' });
    await page.getByRole('searchbox', { name: 'Search the schema catalog' }).fill('helm chart.yaml');
    await expect(list.getByRole('option').first()).toHaveText('Helm Chart.yaml (chart)');
    await list.selectOption('chart');
    await expect(page.getByTestId('catalog-choice')).toHaveText(/^Helm Chart\.yaml: /);
    await replaceInput(page, 'apiVersion: v2\nname: web\nversion: 1.0\ntype: service\n');
    const problems = page.getByTestId('problems').getByRole('button');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(0)).toContainText('Line 3, column 10');
    await expect(problems.nth(0)).toContainText('/version must be string.');
    await expect(problems.nth(1)).toContainText('Line 4, column 7');
    await expect(page.getByTestId('schema-used')).toHaveText('Checked against Helm Chart.yaml (chart).');
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(2);
    await expect(page.getByTestId('curl-command')).toContainText('"schema":"chart"');
    await replaceInput(page, 'apiVersion: v2\nname: web\nversion: 1.0.0\ntype: application\n');
    await expect(page.getByTestId('conversion-status')).toHaveText('Valid');
    // The list once, the schema once: the worker keeps what it fetched.
    expect(catalogRequests.filter((p) => p === '/api/schemas/chart')).toHaveLength(1);
  });

  test('match by file name: the catalog schema the path asks for, and what a path no pattern matches gets', async ({ page }) => {
    await openPlayground(page);
    await page.getByLabel('Validate only').check();
    await page.getByRole('radio', { name: 'By file name' }).check();
    await page.getByRole('textbox', { name: 'File name' }).fill('.github/workflows/ci.yml');
    await replaceInput(page, 'on: push\njobs:\n  test:\n    steps:\n      - run: npm test\n');
    const problems = page.getByTestId('problems').getByRole('button');
    await expect(problems.first()).toContainText('Line 3, column 3');
    await expect(problems.first()).toContainText('must have the property "runs-on"');
    await expect(page.getByTestId('schema-used')).toHaveText(
      'Checked against GitHub Workflow (github-workflow), matched by **/.github/workflows/*.yml.',
    );
    await expect(page.getByTestId('curl-command')).toContainText('"filename":".github/workflows/ci.yml"');
    await replaceInput(page, 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n');
    await expect(page.getByTestId('conversion-status')).toHaveText('Valid');
    await page.getByRole('textbox', { name: 'File name' }).fill('k8s/deployment.yaml');
    await expect(page.getByTestId('conversion-status')).toHaveText('1 problem');
    // Not positioned (it is the request's fault, not the document's): a list entry without a place.
    await expect(page.getByTestId('problems')).toContainText('No catalog schema matches the file name "k8s/deployment.yaml"');
  });

  test('opening a local file loads it with the format its name says', async ({ page }) => {
    await openPlayground(page);
    await page.getByLabel('Open a local file').setInputFiles({
      name: 'settings.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"debug": false, "level": "on"}'),
    });
    await expect(fromSelect(page)).toHaveValue('json');
    await expect(toSelect(page)).toHaveValue('yaml');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('debug: false\nlevel: "on"\n');
  });

  test('dropping a file on the input editor opens it', async ({ page }) => {
    await openPlayground(page);
    await fromSelect(page).selectOption('json');
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['dropped: [1, 2]\n'], 'dropped.yml', { type: 'application/yaml' }));
      return dt;
    });
    const target = inputEditor(page).locator('.view-lines');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('Opened dropped.yml')).toBeVisible();
    await expect(fromSelect(page)).toHaveValue('yaml');
    await expect.poll(() => visibleText(inputEditor(page))).toBe('dropped: [1, 2]\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "dropped": [\n    1,\n    2\n  ]\n}\n');
  });

  test('the curl command is the current request', async ({ page, baseURL }) => {
    await openPlayground(page);
    await replaceInput(page, "it's: here\n");
    await commentsSwitch(page).check();
    const command = page.getByTestId('curl-command');
    await expect(command).toContainText(`curl -s '${baseURL}/api/convert'`);
    await expect(command).toContainText("-H 'Authorization: Bearer YOUR_API_KEY'");
    // The body is the request, shell-quoted: undo the quoting and read it back. The pasted input reaches
    // it once typing pauses, maybe after the switch's change: wait for both.
    await expect
      .poll(() => curlBody(page))
      .toEqual({
        input: "it's: here\n",
        inputType: 'yaml',
        outputType: 'json',
        preserveComments: true,
      });
  });

  test('typing a document character by character gives exactly that document: no suggestion, bracket or indent is added', async ({ page }) => {
    await openPlayground(page);
    // Words that repeat (suggestions would complete `w` to `web`, `b` to `build`), brackets and quotes
    // (auto-closed by default), and indented lines after `key:` (auto-indented by default).
    const text = [
      'owner: web',
      'owner2: w',
      'steps:',
      '  - build',
      '  - b',
      '  - run: "make [all]"',
      "    with: {x: 'y', list: [1, 2]}",
      'end: (done)',
      '',
    ].join('\n');
    await inputEditor(page).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    for (const line of text.split('\n').slice(0, -1)) {
      await page.keyboard.type(line, { delay: 5 });
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => visibleText(inputEditor(page))).toBe(text);
    await settled(page);
    await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted/);
  });

  test('the Options popover: indent 4 and sort keys change the output, the curl command and the share link', async ({ page, context }) => {
    await openPlayground(page);
    await replaceInput(page, 'b: 1\na: [x]\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "b": 1,\n  "a": [\n    "x"\n  ]\n}\n');
    await page.getByTestId('format-options').getByText('Options').click();
    await page.getByLabel('Indent').selectOption('4');
    await page.getByRole('switch', { name: 'Sort keys' }).check();
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n    "a": [\n        "x"\n    ],\n    "b": 1\n}\n');
    await expect(page.getByTestId('format-options').locator('.options-badge')).toHaveText('2');
    await expect
      .poll(() => curlBody(page))
      .toEqual({
        input: 'b: 1\na: [x]\n',
        inputType: 'yaml',
        outputType: 'json',
        indent: 4,
        sortKeys: true,
      });
    // YAML output uses the same options, and the YAML-only ones apply.
    await toSelect(page).selectOption('yaml');
    await page.getByLabel('Flow level').selectOption('1');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('a: [x]\nb: 1\n');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Indent')).toBeHidden();
    await page.getByRole('button', { name: 'Share link' }).click();
    // The link is written to the clipboard asynchronously (it held the input, pasted above, before).
    await expect(page.getByText('Share link copied to the clipboard')).toBeVisible();
    await expect.poll(() => clipboardText(page)).toMatch(SHARE_LINK);
    const link = await clipboardText(page);
    const other = await context.newPage();
    await other.goto(link);
    await waitForEditors(other);
    await settled(other);
    await expect.poll(() => visibleText(outputEditor(other))).toBe('a: [x]\nb: 1\n');
    await other.getByTestId('format-options').getByText('Options').click();
    await expect(other.getByLabel('Indent')).toHaveValue('4');
    await expect(other.getByRole('switch', { name: 'Sort keys' })).toBeChecked();
    await expect(other.getByLabel('Flow level')).toHaveValue('1');
  });

  test('the Options popover: the portable switch, on by default, writes `on:` plain when turned off', async ({ page }) => {
    await openPlayground(page);
    await toSelect(page).selectOption('yaml');
    await replaceInput(page, 'on: push\nenabled: yes\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('"on": push\nenabled: "yes"\n');
    await page.getByTestId('format-options').getByText('Options').click();
    const portable = page.getByRole('switch', { name: 'Portable (YAML 1.1)' });
    await expect(portable).toBeChecked();
    await portable.uncheck();
    await expect.poll(() => visibleText(outputEditor(page))).toBe('on: push\nenabled: yes\n');
    await expect(page.getByTestId('format-options').locator('.options-badge')).toHaveText('1');
    const command = (await page.getByTestId('curl-command').textContent()) ?? '';
    expect(command).toContain('"portable":false');
    await toSelect(page).selectOption('json');
    if (!(await portable.isVisible())) await page.getByTestId('format-options').getByText('Options').click();
    await expect(portable).toBeDisabled();
  });

  test('a share link restores the whole playground', async ({ page, context }) => {
    await openPlayground(page);
    await page.getByLabel('Load a sample document').selectOption('compose');
    await settled(page);
    await replaceInput(page, 'x: &a [1, 2] # list\ny: *a\n');
    await toSelect(page).selectOption('yaml');
    await commentsSwitch(page).check();
    await anchorsSwitch(page).check();
    // The output of the pasted input with both switches on (the paste is converted once typing pauses,
    // maybe after the switches' changes): an anchor and a comment, only from the new input.
    await expect.poll(() => visibleText(outputEditor(page))).toContain('x: &a [1, 2] # list');
    await settled(page);
    const expected = await downloadedOutput(page);
    await page.getByRole('button', { name: 'Share link' }).click();
    await expect(page.getByText('Share link copied to the clipboard')).toBeVisible();
    await expect.poll(() => clipboardText(page)).toMatch(SHARE_LINK);
    const link = await clipboardText(page);

    const other = await context.newPage();
    await other.goto(link);
    await waitForEditors(other);
    await settled(other);
    await expect(toSelect(other)).toHaveValue('yaml');
    await expect(fromSelect(other)).toHaveValue('yaml');
    await expect(commentsSwitch(other)).toBeChecked();
    await expect(anchorsSwitch(other)).toBeChecked();
    await expect.poll(() => visibleText(inputEditor(other))).toBe('x: &a [1, 2] # list\ny: *a\n');
    const restored = await downloadedOutput(other);
    expect(restored.bytes.toString('utf8')).toBe(expected.bytes.toString('utf8'));
    expect(restored.bytes.toString('utf8')).toContain('&a');
  });

  test('Monaco, its workers and its icon font come from the app itself', async ({ page, context, baseURL }) => {
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    await openPlayground(page);
    // Open the editor's context menu: it draws codicons, so the icon font must load.
    await inputEditor(page).locator('.view-lines').click({ button: 'right' });
    await expect(page.locator('.monaco-menu-container, .context-view').first()).toBeVisible();
    await expect.poll(() => requests.filter((u) => /codicon.*\.ttf/.test(u))).toHaveLength(1);
    const own = (u: string) => new URL(u).origin === new URL(baseURL!).origin;
    expect(requests.filter((u) => /codicon.*\.ttf/.test(u)).every(own)).toBe(true);
    // Monaco starts its worker when it first needs it, not necessarily by the time the editors show.
    await expect.poll(() => requests).toContain(`${new URL(baseURL!).origin}/monaco/editor.worker.js`);
    expect(requests).toContain(`${new URL(baseURL!).origin}/workers/convert.worker.js`);
    // The font is requested above; it is usable once it has loaded.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px codicon'))).toBe(true);
  });

  test('follows the system dark theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPlayground(page);
    await expect(inputEditor(page).locator('.monaco-editor')).toHaveClass(/vs-dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(inputEditor(page).locator('.monaco-editor')).not.toHaveClass(/vs-dark/);
  });
});

test.describe('playground: what you type is kept', () => {
  test('swap is refused, with its reason, while the input does not parse', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'a: [1\n');
    await expect(page.getByTestId('conversion-status')).toHaveText('1 problem');
    const reason = 'Swap is off while the input has problems: fix them first (swap makes the output the input).';
    await expect(swapButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(swapButton(page)).toHaveAttribute('title', reason);
    await expect(swapButton(page)).toHaveAccessibleDescription(reason);
    // Still focusable (aria-disabled, not disabled): Enter on it says why nothing happens.
    await swapButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible();
    await expect(fromSelect(page)).toHaveValue('yaml');
    await expect(toSelect(page)).toHaveValue('json');
    expect(await visibleText(inputEditor(page))).toBe('a: [1\n');

    await replaceInput(page, 'a: [1]\n');
    await expect(page.getByTestId('conversion-status')).toHaveText(/^Converted/);
    await expect(swapButton(page)).not.toHaveAttribute('aria-disabled');
    await swapButton(page).click();
    await expect(fromSelect(page)).toHaveValue('json');
    await expect.poll(() => visibleText(inputEditor(page))).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  test('while the input is in error the output keeps the last good output, dimmed; copy and download are off', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'a: 1\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "a": 1\n}\n');
    await expect(page.getByTestId('output-note')).toHaveCount(0);

    await replaceInput(page, 'a: 1\nb: [\n');
    await expect(page.getByTestId('conversion-status')).toHaveText('1 problem');
    await expect(page.getByTestId('output-note')).toHaveText('Showing the last valid output: the input has problems (listed below).');
    await expect(outputEditor(page)).toHaveAttribute('data-stale', 'true');
    await expect(outputEditor(page)).toHaveCSS('opacity', '0.5');
    expect(await visibleText(outputEditor(page))).toBe('{\n  "a": 1\n}\n');
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expect(page.getByTestId('problems').getByRole('button')).toHaveCount(1);
    await expect(inputEditor(page).locator('.squiggly-error')).toHaveCount(1);

    await replaceInput(page, 'a: 1\nb: [2]\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}\n');
    await expect(outputEditor(page)).toHaveAttribute('data-stale', 'false');
    await expect(outputEditor(page)).toHaveCSS('opacity', '1');
    await expect(page.getByTestId('output-note')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeEnabled();
  });

  test('with no good output yet, the output pane is empty with a note', async ({ page }) => {
    const broken: PlaygroundState = { ...DEFAULT_SAMPLE.state, input: 'a: [1\n' };
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [INPUT_STORAGE_KEY, JSON.stringify(broken)] as const);
    await openPlayground(page);
    await expect(page.getByTestId('conversion-status')).toHaveText('1 problem');
    await expect(page.getByTestId('output-note')).toHaveText('No output yet: the input has problems (listed below).');
    expect(await visibleText(outputEditor(page))).toBe('');
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeDisabled();
  });

  test('markers lie over the offending text, not over indentation or past the end', async ({ page }) => {
    await openPlayground(page);
    // TAB_INDENT is reported at column 1, the tab: the marker goes over "-".
    await pasteInput(page, 'a:\n\t- x\n');
    await expect(page.getByTestId('problems')).toContainText('TAB_INDENT');
    await expect(page.getByTestId('problems')).toContainText('Line 2, column 1');
    await expectSquiggleOver(page, '- x', '-');

    // UNEXPECTED_END is reported on the empty line after the last: the marker goes over the last ",".
    await fromSelect(page).selectOption('json');
    await replaceInput(page, '{\n  "a": 1,\n');
    await expect(page.getByTestId('problems')).toContainText('UNEXPECTED_END');
    await expect(page.getByTestId('problems')).toContainText('Line 3, column 1');
    await expectSquiggleOver(page, '"a": 1,', ',');
  });

  test('the input survives a reload; Clear empties it (Ctrl+Z brings it back) and forgets it', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'kept: true\n');
    await toSelect(page).selectOption('yaml');
    await expect.poll(() => storedState(page)).toContain('kept: true');
    await expect.poll(async () => JSON.parse((await storedState(page)) ?? '{}').outputFormat).toBe('yaml');

    await page.reload();
    await waitForEditors(page);
    await expect.poll(() => visibleText(inputEditor(page))).toBe('kept: true\n');
    await expect(toSelect(page)).toHaveValue('yaml');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => visibleText(inputEditor(page))).toBe('');
    await expect.poll(() => storedState(page)).toBeNull();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => visibleText(inputEditor(page))).toBe('kept: true\n');
    await expect.poll(() => storedState(page)).toContain('kept: true');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => visibleText(inputEditor(page))).toBe('');
    await page.reload();
    await waitForEditors(page);
    await expect.poll(() => visibleText(inputEditor(page))).toContain(DEFAULT_SAMPLE.state.input.split('\n')[0]!);
  });

  test('a share link wins over the kept input', async ({ page }) => {
    await openPlayground(page);
    await replaceInput(page, 'shared: 1\n');
    await page.getByRole('button', { name: 'Share link' }).click();
    // Until the link is written, the clipboard holds the input pasted above.
    await expect.poll(() => clipboardText(page)).toMatch(SHARE_LINK);
    const link = await clipboardText(page);
    await replaceInput(page, 'typed: later\n');
    await expect.poll(() => storedState(page)).toContain('typed: later');
    await page.goto('/');
    await page.goto(link);
    await waitForEditors(page);
    await expect.poll(() => visibleText(inputEditor(page))).toBe('shared: 1\n');
  });

  test('a browser that refuses storage still converts, and says the input is not kept', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await openPlayground(page);
    await replaceInput(page, 'still: works\n');
    await expect.poll(() => visibleText(outputEditor(page))).toBe('{\n  "still": "works"\n}\n');
    await expect(page.getByTestId('store-note')).toHaveText('Not kept for reload: the browser refused storage');
  });

  test('Format document (Shift+Alt+F, or the context menu) formats with the converter; Ctrl+Z undoes it', async ({ page }) => {
    await openPlayground(page);
    const input = 'b:   [1,2]   # two\na:\n      c:    x\n';
    await replaceInput(page, input);
    await settled(page);
    const request = toFormatRequest({ ...DEFAULT_SAMPLE.state, input, inputFormat: 'yaml' });
    const answer = runConverterJob({ kind: 'convert', request });
    if (!answer.success || !('output' in answer)) throw new Error('the sample must format');
    const formatted = answer.output;
    expect(formatted).toBe('b: [1, 2] # two\na:\n  c: x\n');

    await page.keyboard.press('Shift+Alt+F');
    await expect.poll(() => visibleText(inputEditor(page))).toBe(formatted);
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => visibleText(inputEditor(page))).toBe(input);

    await inputEditor(page).locator('.view-lines').click({ button: 'right' });
    // Monaco's menu ignores a click that comes too soon after it opened (a busy machine's first click
    // can be lost): click until the menu closes, which it does when the item is taken.
    const item = page.getByRole('menuitem', { name: /Format Document/ });
    await expect(async () => {
      if (await item.isVisible()) await item.click({ timeout: 2_000 });
      await expect(item).toBeHidden({ timeout: 2_000 });
    }).toPass();
    await expect.poll(() => visibleText(inputEditor(page))).toBe(formatted);

    // An input that does not parse is left as it is, and its problem is shown.
    await replaceInput(page, 'a: [1\n');
    await page.keyboard.press('Shift+Alt+F');
    await expect(page.getByRole('status').filter({ hasText: 'Not formatted: the input has problems (listed below)' })).toBeVisible();
    await expect(page.getByTestId('problems')).toContainText('UNCLOSED_FLOW_COLLECTION');
    expect(await visibleText(inputEditor(page))).toBe('a: [1\n');
  });
});

test.describe('playground: sizes against the plan limits', () => {
  test('a 1,000,109-byte document shows its exact size and the 413 a Free key would get', async ({ page }) => {
    await openPlayground(page);
    const yaml = yamlOfBytes(1_000_109);
    await page.getByLabel('Open a local file').setInputFiles({ name: 'big.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
    await expect(page.getByTestId('input-size')).toHaveText('Input: 1,000,109 bytes');
    await expect(page.getByTestId('size-warning')).toHaveText(
      "The input is 1,000,109 bytes, over the Free plan's limit of 1,000,000 bytes: the API would answer 413 on Free.",
    );
    await expect(page.getByTestId('metadata')).toContainText('1,000,109 bytes');

    await replaceInput(page, 'small: 1\n');
    await expect(page.getByTestId('input-size')).toHaveText('Input: 9 bytes');
    await expect(page.getByTestId('size-warning')).toHaveCount(0);
  });

  test("a signed-in user is warned against their own plan's limit", async ({ page, baseURL }) => {
    await createAccountWithKey(page.request, baseURL!, 'size');
    await openPlayground(page);
    await page
      .getByLabel('Open a local file')
      .setInputFiles({ name: 'big.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yamlOfBytes(1_000_001)) });
    await expect(page.getByTestId('size-warning')).toHaveText(
      "The input is 1,000,001 bytes, over your Free plan's limit of 1,000,000 bytes: the API would answer 413 to this request.",
    );
  });
});

test.describe('playground and API agree', () => {
  let authorization: Record<string, string> = {};

  test.beforeAll(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    try {
      if (await accountsAvailable(api, baseURL!)) {
        const { key } = await createAccountWithKey(api, baseURL!, 'agree');
        authorization = { Authorization: `Bearer ${key}` };
      }
    } finally {
      await api.dispose();
    }
  });

  for (const sample of SAMPLES) {
    test(`sample "${sample.name}": the browser's output is the API's, byte for byte`, async ({ page, baseURL }) => {
      await openPlayground(page);
      await page.getByLabel('Load a sample document').selectOption(sample.id);
      await expect.poll(() => visibleText(inputEditor(page))).toContain(sample.state.input.split('\n')[0]!);
      await settled(page);
      const browser = await downloadedOutput(page);

      const request = toPlaygroundRequest(sample.state);
      // This test's own request context: one shared by the tests kept its connection idle between them,
      // and a request that went out on it just as the server closed it (its keep-alive timeout is 5 s,
      // about one test's length) failed with read ECONNRESET.
      const res = await page.request.post(request.endpoint, { data: request.body, headers: { Origin: baseURL!, ...authorization } });
      expect(res.status(), await res.text()).toBe(200);
      const body = (await res.json()) as { output: string; metadata: { outputSize: number } };
      expect(browser.bytes.equals(Buffer.from(body.output, 'utf8'))).toBe(true);
      expect(browser.bytes.length).toBe(body.metadata.outputSize);
      expect(browser.name).toBe(`converted.${sample.state.outputFormat}`);
    });
  }
});
