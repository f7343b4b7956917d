// The clipboard as the page reads it. Pages write it asynchronously (navigator.clipboard.writeText),
// and it still holds what was there before until the write is done: wait for what a click copied with
// expect.poll(() => clipboardText(page)), never read it once.
import type { Page } from '@playwright/test';

export const clipboardText = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
