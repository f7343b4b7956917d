// Mail and account control in the browser, with the mail the app sent to the tests' own SMTP server
// (global-setup.ts): sign up and confirm the address by the mailed link and the password; forget the
// password, reset it by mail and see the old browser session end; change the email address; delete the account.
import type { Browser, Page } from '@playwright/test';
import { GOOD_PASSWORD } from '../test/helpers/fixtures';
import { clientAddressHeader, createAccountWithKey, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkPath, waitForMail } from './support/mailbox';

const NEW_PASSWORD = 'a fresh passphrase for e2e';

// Each file's browser requests come from a client address of their own (sign-up and mail throttles count per address).
test.use({ extraHTTPHeaders: clientAddressHeader() });

/** A second browser (no cookies shared with `page`), from its own client address. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: clientAddressHeader() });
  return context.newPage();
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('sign up, read the mail, open its link and enter the password: the address is confirmed and the browser signed in', async ({ page, watch }) => {
  // The wrong password on the link's page is a 401 answer of next-auth, which the browser logs.
  watch.allowConsoleError(/\/api\/auth\/callback\/credentials.*: Failed to load resource: .* 401/);
  const email = uniqueEmail('verify');
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`Check your inbox at ${email}`);
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);

  // The link's page asks for the password chosen at sign-up; a wrong one is refused and the link stays usable.
  const mail = await waitForMail(email, /^Confirm your email address/);
  await page.goto(linkPath(mail));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your address' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm and sign in' })).toBeEnabled();
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Wrong password: enter the password you chose when you signed up with this address.',
  );
  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  // The link is used: opened again, it says so.
  await page.goto(linkPath(mail));
  await expect(page.getByText('This link does not work any more')).toBeVisible();
  // A signed-in user on /signup goes to the dashboard.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the mailed link sets a new one, and the old browser session is signed out', async ({ page, browser, baseURL }) => {
  const { email } = await createAccountWithKey(page.request, baseURL!, 'forgot');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const other = await otherBrowser(browser, baseURL!);
  await other.goto('/signin');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other).toHaveURL(/\/forgot-password$/);
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send me a link' }).click();
  await expect(other.getByRole('status')).toContainText(`If ${email} has an account, a link to choose a new password is on its way there.`);

  const mail = await waitForMail(email, /^Reset your yamljson password/);
  await other.goto(linkPath(mail));
  await expect(other.getByText(email)).toBeVisible();
  await other.getByLabel('New password').fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Set the new password' }).click();
  await expect(other.getByRole('status')).toContainText('Your password is changed');

  // The first browser's session has ended: the dashboard sends it to sign in.
  await page.reload();
  await expect(page).toHaveURL(/\/signin/);
  await signInWith(other, email, NEW_PASSWORD);
  // The link worked once.
  await other.goto(linkPath(mail));
  await expect(other.getByText('This link does not work any more')).toBeVisible();
  await other.context().close();
});

test('change email: the link mailed to the new address changes it; the old one is told', async ({ page, baseURL }) => {
  const { email } = await createAccountWithKey(page.request, baseURL!, 'chmail');
  const next = uniqueEmail('chmail-new');
  await page.goto('/dashboard');
  await page.locator('.account-nav').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section).toContainText(`You sign in with ${email}.`);
  await section.getByLabel('New email address').fill(next);
  await section.getByLabel('Password').fill(GOOD_PASSWORD);
  await section.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(section.getByRole('status')).toContainText(`A link is on its way to ${next}`);

  const mail = await waitForMail(next, /^Confirm your new email address/);
  await page.goto(linkPath(mail));
  await expect(page.getByRole('status')).toHaveText(`Your account's address is now ${next}. Sign in with it from now on.`);
  await waitForMail(email, /^Your yamljson email address was changed/);
  await page.goto('/dashboard/account');
  await expect(page.getByRole('region', { name: 'Email address' })).toContainText(`You sign in with ${next}.`);
});

test('delete account: the password confirms it, the key stops at once, and a mail says so', async ({ page, baseURL, request }) => {
  const { email, key } = await createAccountWithKey(page.request, baseURL!, 'delete');
  const convert = () =>
    request.post('/api/convert', { headers: { Authorization: `Bearer ${key}` }, data: { input: 'a: 1', inputType: 'yaml', outputType: 'json' } });
  expect((await convert()).status()).toBe(200);

  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeDisabled();
  await dialog.getByLabel('Password').fill(GOOD_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  await expect(page.locator('.account-nav').getByRole('link', { name: 'Sign in' })).toBeVisible();

  expect((await convert()).status()).toBe(401);
  const mail = await waitForMail(email, /^Your yamljson account was deleted/);
  expect(mail.text).toContain('API keys were revoked at once');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin/);
});
