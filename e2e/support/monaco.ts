// Driving the playground's Monaco editors like a user: focus, select all, type or paste.
import { expect, type Locator, type Page } from '@playwright/test';

export const inputEditor = (page: Page): Locator => page.getByTestId('input-editor');
export const outputEditor = (page: Page): Locator => page.getByTestId('output-editor');

/** The text Monaco shows (visible lines only), with its non-breaking spaces made plain. */
export async function visibleText(editor: Locator): Promise<string> {
  const lines = await editor.locator('.view-lines .view-line').evaluateAll((nodes) =>
    nodes
      .map((n) => ({ top: parseFloat((n as HTMLElement).style.top || '0'), text: n.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/**
 * A safety net, not a speed goal: Monaco (several MB of script) usually shows in 1-3 s, but on a busy
 * machine it took over 20 s.
 */
export const EDITOR_LIMIT_MS = 90_000;

export async function waitForEditors(page: Page): Promise<void> {
  await expect(inputEditor(page).locator('.monaco-editor')).toBeVisible({ timeout: EDITOR_LIMIT_MS });
  await expect(outputEditor(page).locator('.monaco-editor')).toBeVisible({ timeout: EDITOR_LIMIT_MS });
}

/**
 * Replaces the input editor's text by pasting it, as a user would (quicker than typing; typing
 * gives the same text too, see the character-by-character test in playground.spec.ts).
 */
export async function replaceInput(page: Page, text: string): Promise<void> {
  const editor = inputEditor(page);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
  await expect.poll(() => visibleText(editor)).toBe(text.split('\n').slice(0, 30).join('\n'));
}

/**
 * Waits until the current conversion finished. Typed or pasted text reaches the playground's state
 * only once typing pauses: until then this may see the previous conversion as the current one, so
 * after typing wait for what the new text shows (its output, its curl command) instead.
 */
export async function settled(page: Page): Promise<void> {
  const status = page.getByTestId('conversion-status');
  await expect(status).not.toHaveText('');
  await expect(status).not.toHaveText(/Converting/);
}

/** Pastes `text` over the input without waiting for it to show (for text with tabs, which Monaco draws as spaces). */
export async function pasteInput(page: Page, text: string): Promise<void> {
  await inputEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where the browser drew `token` (its last occurrence) on the visible line whose text contains
 * `lineText` (Monaco draws a tab as spaces: match the line by its visible text).
 */
export async function textBox(editor: Locator, lineText: string, token: string): Promise<Box> {
  const line = editor.locator('.view-lines .view-line').filter({ hasText: lineText }).first();
  return line.evaluate((node, wanted) => {
    const full = node.textContent ?? '';
    const from = full.lastIndexOf(wanted);
    if (from < 0) throw new Error(`"${wanted}" is not on the line "${full}"`);
    const to = from + wanted.length;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let offset = 0;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const length = text.textContent?.length ?? 0;
      if (from >= offset && from < offset + length) range.setStart(text, from - offset);
      if (to > offset && to <= offset + length) range.setEnd(text, to - offset);
      offset += length;
    }
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  }, token);
}

/** Where the editor drew its one error squiggle. */
export async function squiggleBox(editor: Locator): Promise<Box> {
  const squiggle = editor.locator('.squiggly-error');
  await expect(squiggle).toHaveCount(1);
  const box = (await squiggle.boundingBox())!;
  return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
}
