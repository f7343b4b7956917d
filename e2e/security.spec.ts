// Sign-in and sessions against attack, in the browser: a hostile callbackUrl cannot send anyone to
// another site, the Content Security Policy blocks injected code (and nothing of our own), "sign out
// everywhere" signs out the other browsers too, and sign-up does not reveal existing accounts.
import type { APIRequestContext, Page } from '@playwright/test';
import { GOOD_PASSWORD as PASSWORD } from '../test/helpers/fixtures';
import { clientAddressHeader, confirmByMail, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

// Each file's browser requests come from a client address of their own (sign-up and mail throttles count per address).
test.use({ extraHTTPHeaders: clientAddressHeader() });

/** A new account whose address is confirmed (by the mailed link; that signs `request` in, not the page). */
async function signUpByApi(request: APIRequestContext, origin: string, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const headers = { Origin: origin, ...clientAddressHeader() };
  const res = await request.post('/api/account/signup', { data: { email, password: PASSWORD }, headers });
  expect(res.status(), await res.text()).toBe(201);
  await confirmByMail(request, email, headers);
  return email;
}

async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The payloads, written into the address bar as an attacker's link would carry them.
const HOSTILE_CALLBACKS = ['/%09/evil.example/x', '/%0A/evil.example/x', '/%09%5Cevil.example/x', '/%0D%0A/evil.example', '/%5C%09/evil.example'];

test('a hostile callbackUrl never leads away from the site after signing in', async ({ page, request, baseURL }) => {
  // Six sign-ins, each a deliberately slow password hash.
  test.setTimeout(240_000);
  const email = await signUpByApi(request, baseURL!, 'callback');
  const origin = new URL(baseURL!).origin;
  for (const callbackUrl of HOSTILE_CALLBACKS) {
    // Signed out first: a signed-in browser opening /signin is sent to the dashboard.
    await page.context().clearCookies();
    await page.goto(`/signin?callbackUrl=${callbackUrl}`);
    await signInWithForm(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page, callbackUrl).toHaveURL((url) => url.origin === origin);
  }
  // A path of our own is still followed.
  await page.context().clearCookies();
  await page.goto('/signin?callbackUrl=/docs%23errors');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(`${origin}/docs#errors`);
});

test('the Content Security Policy blocks injected inline code, and reports it', async ({ page, watch }) => {
  watch.allowConsoleError(
    /CSP violation: script-src-attr blocked inline|Executing inline event handler violates the following Content Security Policy/,
  );
  await page.goto('/');
  const outcome = await page.evaluate(
    () =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) =>
          setTimeout(() => resolve({ directive: e.effectiveDirective, ran: 'injected' in window }), 100),
        );
        // Without a policy nothing is reported: answer anyway rather than wait for the test's time limit
        // (a report comes within milliseconds; 30 s leaves room for a busy machine).
        setTimeout(() => resolve({ directive: 'none reported', ran: 'injected' in window }), 30_000);
        // What an HTML injection would add: an inline event handler.
        document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:," onerror="window.injected = true">');
      }),
  );
  expect(outcome).toStrictEqual({ directive: 'script-src-attr', ran: false });
});

test('"sign out everywhere" signs out this browser and every other one', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const email = await signUpByApi(request, baseURL!, 'everywhere');
  await page.goto('/signin?callbackUrl=/dashboard');
  await signInWithForm(page, email);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  const other = await browser.newContext({ baseURL });
  try {
    const phone = await other.newPage();
    await phone.goto('/signin?callbackUrl=/dashboard');
    await signInWithForm(phone, email);
    await expect(phone.getByText(`Signed in as ${email}`)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.locator('.account-nav').getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The other browser still has its cookie, which no longer opens anything.
    await phone.goto('/dashboard');
    await expect(phone).toHaveURL(/\/signin\?callbackUrl=(%2F|\/)dashboard$/);
    await expect(phone.locator('.account-nav').getByRole('link', { name: 'Sign in' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('signing up with an email that has an account says neither yes nor no; its owner is told by mail', async ({ page, request, baseURL }) => {
  const email = await signUpByApi(request, baseURL!, 'existing');
  const fresh = uniqueEmail('fresh');
  const answers: string[] = [];
  for (const address of [email, fresh]) {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill('a different passphrase here');
    await page.getByRole('button', { name: 'Create account' }).click();
    const status = page.getByRole('status');
    await expect(status).toContainText(`Check your inbox at ${address}`);
    answers.push((await status.textContent())!.replaceAll(address, '<address>'));
  }
  expect(answers[0]).toBe(answers[1]);
  // The owner learns of it; the newcomer gets a link.
  await waitForMail(email, /^Someone tried to sign up/);
  await waitForMail(fresh, /^Confirm your email address/);
  await page.goto('/signin?callbackUrl=/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await signInWithForm(page, email);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
