// A new user's journey, in the browser: sign up, confirm the address by the mailed link, create a key,
// copy it, call the API with it, see the hour's usage go up, rename and revoke the key, and see the same
// call refused.
import type { Page } from '@playwright/test';
import { GOOD_PASSWORD as PASSWORD } from '../test/helpers/fixtures';
import { WRONG_CREDENTIALS } from '../lib/accounts/sign-in-messages';
import { clientAddressHeader, confirmByMail, uniqueEmail } from './support/accounts';
import { clipboardText } from './support/clipboard';
import { expect, test } from './support/fixtures';
import { linkPath, waitForMail } from './support/mailbox';
import { settled, waitForEditors } from './support/monaco';

// Each file's browser requests come from a client address of their own (sign-up and mail throttles count per address).
test.use({ extraHTTPHeaders: clientAddressHeader() });

/** Opens the sign-up link mailed to `email` and confirms with the password: the browser lands on the dashboard, signed in. */
async function confirmInBrowser(page: Page, email: string): Promise<void> {
  await page.goto(linkPath(await waitForMail(email, /^Confirm your email address/)));
  await expect(page.getByRole('button', { name: 'Confirm and sign in' })).toBeEnabled();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('sign up, create and copy a key, use it, watch usage, revoke it', async ({ page, request, watch }) => {
  test.setTimeout(240_000);
  // The refused weak password is a 400 answer, which the browser logs.
  watch.allowConsoleError(/\/api\/account\/signup: Failed to load resource: .* 400/);
  const email = uniqueEmail('journey');

  // Sign up: the form creates the account and says to check the inbox; the mailed link and the password sign in.
  await page.goto('/');
  await page.locator('.account-nav').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('form').getByRole('alert')).toContainText(/too short/i);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`Check your inbox at ${email}`);
  await confirmInBrowser(page, email);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await expect(page.getByTestId('usage-used')).toHaveText('0');
  await expect(page.getByText('No keys yet')).toBeVisible();

  // Create a key: its secret is shown once, and Copy puts exactly that on the clipboard.
  await page.getByLabel('New key name').fill('journey key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  const secret = (await dialog.getByTestId('new-key-secret').textContent())!;
  expect(secret).toMatch(/^yj_[A-Za-z0-9]{22,}$/);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible();
  await expect.poll(() => clipboardText(page)).toBe(secret);
  const copied = await clipboardText(page);
  await dialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('keys-table').getByRole('row', { name: /journey key/ });
  await expect(row).toContainText('Active');
  const prefix = (await row.locator('.key-prefix').textContent())!.replace('…', '');
  expect(secret.startsWith(prefix)).toBe(true);
  // The secret is not on the page any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  // Call the API with the copied key.
  const call = () =>
    request.post('/api/convert', {
      headers: { Authorization: `Bearer ${copied}` },
      data: { input: 'journey: 1\n', inputType: 'yaml', outputType: 'json' },
    });
  const ok = await call();
  expect(ok.status()).toBe(200);
  expect((await ok.json()).output).toBe('{\n  "journey": 1\n}\n');
  expect(ok.headers()['x-ratelimit-limit']).toBe('100');
  expect(ok.headers()['x-ratelimit-remaining']).toBe('99');

  // This hour's usage went up.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('usage-used')).toHaveText('1');
  await expect(page.getByRole('meter', { name: 'Hourly quota used' })).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByTestId('usage-chart')).toContainText('now');

  // The playground's curl command now shows the key's prefix as the placeholder.
  await page.goto('/playground');
  await waitForEditors(page);
  await settled(page);
  await expect(page.getByTestId('curl-command')).toContainText(`Authorization: Bearer ${prefix}...`);
  await page.goto('/dashboard');

  // Larger plans are the operator's to grant: no switch button, and the dashboard says how to ask.
  await expect(page.getByRole('button', { name: 'Switch to the Pro plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to the Enterprise plan' })).toHaveCount(0);
  await expect(page.getByTestId('upgrade-how')).toContainText(`npm run admin -- set-plan --email ${email} --plan pro`);

  // Rename, then revoke after confirming.
  await page.getByRole('button', { name: 'Rename journey key' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename key' });
  await renameDialog.getByLabel('Name').fill('journey key (old)');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(renameDialog).toBeHidden();
  const renamed = page.getByTestId('keys-table').getByRole('row', { name: /journey key \(old\)/ });
  await expect(renamed).toBeVisible();

  await page.getByRole('button', { name: 'Revoke journey key (old)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(confirm).toContainText(prefix);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamed).toContainText('Active');
  await page.getByRole('button', { name: 'Revoke journey key (old)' }).click();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toContainText('Revoked');

  // The same call is now refused.
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toBe('Bearer');
  expect((await refused.json()).error.code).toBe('unauthorized');

  // Sign out: back to the landing page, signed out.
  await page.locator('.account-nav').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.account-nav').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('sign in with a wrong password shows the reason, then signing in works', async ({ page, request, baseURL, watch }) => {
  // next-auth answers the wrong password with 401, which the browser logs.
  watch.allowConsoleError(/\/api\/auth\/callback\/credentials.*: Failed to load resource: .* 401/);
  const email = uniqueEmail('signin');
  const headers = { Origin: baseURL!, ...clientAddressHeader() };
  const created = await request.post('/api/account/signup', { data: { email, password: PASSWORD }, headers });
  expect(created.status()).toBe(201);
  await confirmByMail(request, email, headers);
  await page.goto('/signin?callbackUrl=/dashboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

// The paying user's journey, end to end in Chromium with the mail the app really sent (the global
// setup's SMTP server): sign up, confirm by the mailed link, forget the password and reset it by
// mail while the old session ends, create a key with an expiry, call the API, find the call in the
// request log by its request id and in the key's usage, then delete the account (the key stops at once).
test('the paying user’s journey: verify by mail, reset the password, key with expiry, request log, usage, delete the account', async ({
  page,
  browser,
  baseURL,
  watch,
}) => {
  test.setTimeout(240_000);
  // The old password, refused after the reset, is a 401 answer, which the browser logs.
  watch.allowConsoleError(/\/api\/auth\/callback\/credentials.*: Failed to load resource: .* 401/);
  const origin = new URL(baseURL!).origin;
  const email = uniqueEmail('journey13');
  const newPassword = 'journey: a new passphrase';

  // Sign up: the page says to check the inbox; the mailed link (read from the SMTP server) and the password sign in.
  await page.goto('/signup');
  // Each form is filled once hydrated (its submit button is enabled then; typed earlier, React resets the fields).
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`Check your inbox at ${email}`);
  await confirmInBrowser(page, email);

  // Forgotten password, from another browser: reset by the mailed link; this browser's session ends.
  const other = await (await browser.newContext({ baseURL, extraHTTPHeaders: clientAddressHeader() })).newPage();
  await other.goto('/signin');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send me a link' }).click();
  await expect(other.getByRole('status')).toContainText(`If ${email} has an account`);
  const reset = await waitForMail(email, /^Reset your yamljson password/);
  await other.goto(linkPath(reset));
  await expect(other.getByRole('button', { name: 'Set the new password' })).toBeEnabled();
  await other.getByLabel('New password').fill(newPassword);
  await other.getByRole('button', { name: 'Set the new password' }).click();
  await expect(other.getByRole('status')).toContainText('Your password is changed');
  await other.context().close();
  await page.reload();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The old password no longer signs in; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // A key with an expiry; the created dialog shows it once with a ready curl command.
  await page.getByLabel('New key name').fill('journey ci');
  await page.getByLabel('Expires').selectOption({ label: 'Expires in 30 days' });
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByTestId('new-key-secret')).toHaveText(/^yj_[A-Za-z0-9]{22,}$/);
  const secret = (await dialog.getByTestId('new-key-secret').textContent())!;
  await expect(dialog.getByTestId('new-key-curl')).toContainText(`Authorization: Bearer ${secret}`);
  await expect(dialog.getByTestId('new-key-expiry')).toContainText('It stops working on');
  await dialog.getByRole('button', { name: 'I have saved it' }).click();

  // Call the API with it.
  const call = () =>
    page.request.post(`${origin}/api/convert`, {
      headers: { Authorization: `Bearer ${secret}` },
      data: { input: 'journey: 13\n', inputType: 'yaml', outputType: 'json' },
    });
  const ok = await call();
  expect(ok.status()).toBe(200);
  const requestId = ok.headers()['x-request-id']!;

  // The request log finds the call by its request id; the key's usage counts it.
  await page.getByLabel('Request id').fill(requestId);
  await page.getByRole('button', { name: 'Search' }).click();
  const logRow = page.locator(`[data-request-id="${requestId}"]`);
  await expect(logRow).toContainText('/api/convert');
  await expect(logRow).toContainText('200');
  const row = page.getByTestId('keys-table').getByRole('row', { name: /journey ci/ });
  await row.getByRole('button', { name: 'Usage of journey ci' }).click();
  await expect(page.getByTestId('key-usage').getByTestId('key-usage-total')).toHaveText('1');
  await expect(page.getByTestId('key-usage').getByTestId('key-usage-endpoints')).toContainText('/api/convert');

  // Delete the account: the password confirms it, the key is refused at once, a mail confirms.
  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Password').fill(newPassword);
  await confirm.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  expect((await call()).status()).toBe(401);
  await waitForMail(email, /^Your yamljson account was deleted/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin/);
});
