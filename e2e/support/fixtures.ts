// The browser tests' `test`: every test also fails on a console error, an uncaught page error, a
// Content Security Policy violation, or a request to any host but the app's own (every request is watched;
// a test that goes to another site on purpose, as to Stripe Checkout, allows that one origin).
import { test as base, expect, type Page } from '@playwright/test';

export interface PageWatch {
  consoleErrors: string[];
  foreignRequests: string[];
  /** Lets one expected console error through (say, the 404 of a page that must answer 404). */
  allowConsoleError(pattern: RegExp): void;
  /** Lets requests to one other origin through: a site the test navigates to on purpose (Stripe's pages). */
  allowOrigin(origin: string): void;
}

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = ['data:', 'blob:', 'about:'];

export const test = base.extend<{ watch: PageWatch }>({
  watch: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const allowed: RegExp[] = [];
      const origins = new Set([origin]);
      const watch: PageWatch = {
        consoleErrors: [],
        foreignRequests: [],
        allowConsoleError: (pattern) => allowed.push(pattern),
        allowOrigin: (other) => origins.add(new URL(other).origin),
      };
      const observe = (page: Page) => {
        page.on('console', (msg) => {
          // The message's own location: for a failed request, the URL that failed.
          if (msg.type() === 'error') watch.consoleErrors.push(`${msg.location().url || page.url()}: ${msg.text()}`);
        });
        page.on('pageerror', (err) => watch.consoleErrors.push(`${page.url()}: uncaught ${err.message}`));
      };
      context.pages().forEach(observe);
      context.on('page', observe);
      // Every page reports what its CSP blocked as a console error (which fails the test, as above).
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(
            `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile || 'page'}:${e.lineNumber})`,
          );
        });
      });
      // Context-wide, so requests from web workers (Monaco's, the converter's) are seen too.
      context.on('request', (request) => {
        const url = request.url();
        if (LOCAL_SCHEMES.some((s) => url.startsWith(s))) return;
        if (!origins.has(new URL(url).origin)) watch.foreignRequests.push(url);
      });
      await use(watch);
      expect(watch.foreignRequests, 'requests to other hosts').toEqual([]);
      expect(
        watch.consoleErrors.filter((e) => !allowed.some((p) => p.test(e))),
        'console errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
