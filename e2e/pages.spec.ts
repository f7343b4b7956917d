// Every page, at desktop and phone width: it renders, logs no console error, asks no other host for
// anything (the fixture watches every request), has no serious accessibility violation, and leaves
// a screenshot in test-results/screenshots/, and no two pieces of its visible text overlap (measured boxes).
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { clientAddressHeader, createAccountWithKey, uniqueEmail } from './support/accounts';
import { GOOD_PASSWORD } from '../test/helpers/fixtures';
import { expect, test } from './support/fixtures';
import { expectNoOverlap, smallestTextHeightPx } from './support/layout';
import { linkPath, waitForMail } from './support/mailbox';
import { settled, waitForEditors } from './support/monaco';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

interface PageCase {
  name: string;
  path: string;
  heading: RegExp;
  signedIn?: boolean;
  /** After sign-in, before the page loads (`key`: the account's key; `origin`: the app's). */
  setup?: (page: Page, key: string, origin: string) => Promise<void>;
  /** Makes what the page needs and returns the path to open instead of `path` (a mailed link's). */
  prepare?: (request: APIRequestContext, origin: string, tag: string) => Promise<string>;
  ready?: (page: Page) => Promise<void>;
  /** Layout checks of this page beyond the common ones. */
  layout?: (page: Page, viewport: keyof typeof VIEWPORTS) => Promise<void>;
}

/** A new account's mailed link of `kind` (sign-up's verification, or a password reset it asked for). */
async function mailedLink(request: APIRequestContext, origin: string, tag: string, kind: 'verify' | 'reset'): Promise<string> {
  const email = uniqueEmail(tag);
  const headers = { Origin: origin, ...clientAddressHeader() };
  const signup = await request.post('/api/account/signup', { data: { email, password: GOOD_PASSWORD }, headers });
  expect(signup.status()).toBe(201);
  if (kind === 'verify') return linkPath(await waitForMail(email, /^Confirm your email address/));
  expect((await request.post('/api/account/password-reset', { data: { email }, headers })).status()).toBe(200);
  return linkPath(await waitForMail(email, /^Reset your yamljson password/));
}

const PAGES: PageCase[] = [
  {
    name: 'home',
    path: '/',
    heading: /YAML ⇄ JSON, exactly/,
    ready: async (page) => {
      await expect(page.getByTestId('live-output')).toContainText('"build": 12345678901234567890');
    },
  },
  {
    name: 'playground',
    path: '/playground',
    heading: /Playground/,
    ready: async (page) => {
      await waitForEditors(page);
      await settled(page);
    },
  },
  { name: 'docs', path: '/docs', heading: /yamljson API/ },
  { name: 'pricing', path: '/pricing', heading: /Plans and pricing/ },
  { name: 'signup', path: '/signup', heading: /Create your account/ },
  { name: 'signin', path: '/signin', heading: /Sign in/ },
  {
    name: 'dashboard',
    path: '/dashboard',
    heading: /Dashboard/,
    signedIn: true,
    setup: async (page, key, origin) => {
      // A used key (a "Last used" date next to "Created") and one that expires: the longest rows of the list.
      const call = await page.request.post('/api/convert', {
        headers: { Authorization: `Bearer ${key}` },
        data: { input: 'a: 1', inputType: 'yaml', outputType: 'json' },
      });
      expect(call.status()).toBe(200);
      const expiring = await page.request.post('/api/dashboard/keys', {
        data: { name: 'Nightly deploy pipeline', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
        headers: { Origin: origin },
      });
      expect(expiring.status(), await expiring.text()).toBe(201);
    },
    ready: async (page) => {
      await expect(page.getByTestId('usage-chart')).toBeVisible();
      await expect(page.getByTestId('keys-table')).toBeVisible();
      await expect(page.getByTestId('current-plan')).toHaveText('Free');
      await expect(page.getByTestId('request-log')).toBeVisible();
    },
    layout: async (page, viewport) => {
      // The chart's labels keep a readable size at any width (a scaled SVG shrank them to about 4 px on a phone).
      expect(await smallestTextHeightPx(page, page.getByTestId('usage-chart')), 'chart label height in px').toBeGreaterThanOrEqual(11);
      if (viewport === 'desktop') {
        // The usage card ends where its content does (it stretched to the plan card's height: 170 px of nothing).
        const gap = await page.locator('section[aria-labelledby="usage-heading"]').evaluate((card) => {
          const last = card.lastElementChild!.getBoundingClientRect().bottom;
          return card.getBoundingClientRect().bottom - last;
        });
        expect(gap, 'empty space under the usage card content in px').toBeLessThanOrEqual(32);
      }
    },
  },
  {
    name: 'signup-sent',
    path: '/signup',
    heading: /Create your account/,
    ready: async (page) => {
      // The form's answer: check your inbox (sent from a client address of its own: sign-ups are throttled per address).
      await page.setExtraHTTPHeaders(clientAddressHeader());
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
      await page.getByLabel('Email').fill(uniqueEmail('sent'));
      await page.getByLabel('Password').fill(GOOD_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('status')).toContainText('Check your inbox at');
    },
  },
  { name: 'forgot-password', path: '/forgot-password', heading: /Forgot your password\?/ },
  {
    name: 'reset-password',
    path: '/reset-password',
    heading: /Choose a new password/,
    prepare: (request, origin, tag) => mailedLink(request, origin, tag, 'reset'),
    ready: async (page) => {
      await expect(page.getByLabel('New password')).toBeVisible();
    },
  },
  {
    name: 'verify-email',
    path: '/verify-email',
    heading: /Confirm your address/,
    prepare: (request, origin, tag) => mailedLink(request, origin, tag, 'verify'),
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Confirm and sign in' })).toBeEnabled();
    },
  },
  {
    name: 'account',
    path: '/dashboard/account',
    heading: /Account/,
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Delete account…' })).toBeVisible();
    },
  },
  { name: 'not-found', path: '/no-such-page', heading: /Page not found/ },
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${viewportName} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    for (const pageCase of PAGES) {
      // Dark mode at desktop width; the phone layout is the same CSS in either scheme.
      for (const scheme of viewportName === 'desktop' ? (['light', 'dark'] as const) : (['light'] as const)) {
        test(`${pageCase.name} in ${scheme} mode: clean console, own host only, accessible`, async ({ page, baseURL, watch }) => {
          if (pageCase.signedIn) {
            const { key } = await createAccountWithKey(page.request, baseURL!, `${pageCase.name}-${viewportName}-${scheme}`);
            await pageCase.setup?.(page, key, new URL(baseURL!).origin);
          }
          // The browser reports a 404 document as a failed resource: expected here, and only here.
          if (pageCase.name === 'not-found') watch.allowConsoleError(/the server responded with a status of 404/);
          await page.emulateMedia({ colorScheme: scheme });
          const path = (await pageCase.prepare?.(page.request, baseURL!, `${pageCase.name}-${viewportName}-${scheme}`)) ?? pageCase.path;
          const response = await page.goto(path);
          expect(response?.status()).toBe(pageCase.name === 'not-found' ? 404 : 200);
          await expect(page.getByRole('heading', { level: 1, name: pageCase.heading })).toBeAttached();
          await pageCase.ready?.(page);
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

          // Nothing wider than the screen: the page never scrolls sideways.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
          await expectNoOverlap(page);
          await pageCase.layout?.(page, viewportName as keyof typeof VIEWPORTS);

          await page.screenshot({
            path: `test-results/screenshots/${pageCase.name}-${viewportName}-${scheme}.png`,
            fullPage: pageCase.name !== 'docs',
          });
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    }
  });
}

test('the header offers the account links that fit the session', async ({ page, baseURL }) => {
  await page.goto('/');
  const nav = page.locator('.account-nav');
  await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await createAccountWithKey(page.request, baseURL!, 'header');
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('/dashboard without a session goes to sign in and back', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard|\/signin\?callbackUrl=\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the landing page converts its live example as you edit it', async ({ page }) => {
  await page.goto('/');
  const output = page.getByTestId('live-output');
  await expect(output).toContainText('"production": {');
  await page.getByLabel('YAML (edit me)').fill('a: [1, 2]\nb: "x"\n');
  await expect(output).toHaveText('{\n  "a": [\n    1,\n    2\n  ],\n  "b": "x"\n}\n');
  await page.getByLabel('YAML (edit me)').fill('a: 1\na: 2\n');
  await expect(output).toContainText('Line 2, column 1');
  // "Open this in the playground" carries the document over.
  await page.getByLabel('YAML (edit me)').fill('carried: over\n');
  await expect(output).toContainText('"carried": "over"');
  await page.getByRole('link', { name: /Open this in the playground/ }).click();
  await waitForEditors(page);
  await expect(page.getByTestId('input-editor')).toContainText('carried: over');
});

test('the docs show every operation, example and error code of /api/openapi.json', async ({ page, request }) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { operationId?: string; summary?: string; requestBody?: { content?: Record<string, { examples?: Record<string, { value: unknown }> }> } }
      >
    >;
    components: { schemas: { ErrorResponse: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
  };
  await page.goto('/docs');
  let operations = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations += 1;
      const section = page.locator(`section#${op.operationId}`);
      await expect(section.getByRole('heading', { level: 2 })).toContainText(`${method.toUpperCase()}${path}${op.summary ?? ''}`);
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        for (const example of Object.values(media.examples ?? {})) {
          await expect(
            section
              .locator('pre')
              .filter({ hasText: JSON.stringify(example.value, null, 2) })
              .first(),
          ).toBeAttached();
        }
      }
    }
  }
  await expect(page.getByTestId('operation')).toHaveCount(operations);
  const codes = doc.components.schemas.ErrorResponse.properties.error.properties.code.enum;
  expect(codes.length).toBeGreaterThan(5);
  for (const code of codes) {
    await expect(page.locator(`#error-${code}`)).toContainText(code);
  }
});
