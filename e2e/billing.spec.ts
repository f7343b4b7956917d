// Paying for a plan, in the browser, against the billing app of the global setup (its Stripe is the stand-in,
// test/helpers/stripe-stand-in.ts): see the price, sign up, choose Pro, pay on the (stand-in's) checkout page,
// and once Stripe's webhook has arrived the dashboard shows Pro and a 2 MB conversion that Free refused works;
// then cancel in the (stand-in's) Customer Portal, keep Pro until the period's end, move the stand-in's test
// clock past it, and Free is back. And on the self-hosted app (no STRIPE_SECRET_KEY) nothing of billing shows.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { GOOD_PASSWORD as PASSWORD } from '../test/helpers/fixtures';
import { clientAddressHeader, createAccountWithKey, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkPath, waitForMail } from './support/mailbox';

const billingBase = process.env.E2E_BILLING_BASE_URL;
const stripeUrl = process.env.E2E_STRIPE_URL;
/** Over Free's 1 MB, under Pro's 10 MB. */
const TWO_MB = 2_000_000;

/** A conversion of a 2 MB document with the key: 413 on Free, 200 on Pro. */
async function convertTwoMegabytes(request: APIRequestContext, key: string): Promise<number> {
  const res = await request.post('/api/convert', {
    headers: { Authorization: `Bearer ${key}` },
    data: { input: `a: "${'x'.repeat(TWO_MB - 7)}"\n`, inputType: 'yaml', outputType: 'json' },
  });
  return res.status();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.describe('with billing', () => {
  test.skip(!billingBase || !stripeUrl, 'the billing app and the Stripe stand-in are started by the global setup (not with E2E_BASE_URL)');
  test.use({ baseURL: billingBase, extraHTTPHeaders: clientAddressHeader() });

  test("sign up, choose Pro, pay: Pro and its limits at once; cancel: Free at the period's end", async ({ page, baseURL, watch }) => {
    test.setTimeout(240_000);
    // Stripe's pages are another site, as Stripe Checkout and the Customer Portal are: the browser goes there on purpose.
    watch.allowOrigin(stripeUrl!);
    const email = uniqueEmail('billing');

    // The price is public; choosing Pro signed out leads to sign-in, and from there to sign-up.
    await page.goto('/pricing');
    await expect(page.getByTestId('plan-price-pro')).toHaveText('$19 a month');
    await page.screenshot({ path: 'test-results/screenshots/pricing-billing.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('plan-card-pro').getByRole('link', { name: 'Choose Pro' }).click();
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%3Fchoose%3Dpro/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup\?callbackUrl=/);
    // The form takes input once hydrated (its button is enabled then).
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toContainText(`Check your inbox at ${email}`);
    await page.goto(linkPath(await waitForMail(email, /^Confirm your email address/)));
    await expect(page.getByRole('button', { name: 'Confirm and sign in' })).toBeEnabled();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('current-plan')).toHaveText('Free');

    // A key, and a 2 MB document that Free refuses.
    const created = await page.request.post('/api/dashboard/keys', { data: { name: 'billing' }, headers: { Origin: baseURL! } });
    expect(created.status()).toBe(201);
    const { secret: key } = (await created.json()) as { secret: string };
    expect(await convertTwoMegabytes(page.request, key)).toBe(413);

    // Choose Pro: Stripe Checkout (the stand-in's page) takes the payment and sends the browser back.
    // The dashboard's plan card: before, the Free dashboard is as accessible as any page.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Choose Pro · $19 a month' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/checkout/cs_test_`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The return address grants nothing itself: Pro shows once Stripe's webhook has been applied.
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    await expect(page.getByTestId('checkout-status')).toHaveText('Thank you! You are on the Pro plan now.');
    await expect(page.getByTestId('plan-renewal')).toContainText('Renews on');
    await expect(page.getByRole('heading', { name: /Support/ })).toContainText('Priority');
    expect(await convertTwoMegabytes(page.request, key)).toBe(200);
    await page.screenshot({ path: 'test-results/screenshots/dashboard-pro.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Cancel in the Customer Portal: Pro stays until the end of the period paid for.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/portal/bps_`));
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('plan-pending')).toContainText('the account then moves to Free', { timeout: 2_000 });
    }).toPass();
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    expect(await convertTwoMegabytes(page.request, key)).toBe(200);

    // The period ends (the stand-in's test clock moves past it): Stripe ends the subscription, and Free is back.
    const moved = await fetch(`${stripeUrl}/_clock?email=${encodeURIComponent(email)}&seconds=${31 * 24 * 3600}`, { method: 'POST' });
    expect(moved.status).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('current-plan')).toHaveText('Free', { timeout: 2_000 });
    }).toPass();
    await expect(page.getByTestId('plan-ended')).toHaveText('Your subscription has ended.');
    expect(await convertTwoMegabytes(page.request, key)).toBe(413);
  });
});

test.describe('without billing (no STRIPE_SECRET_KEY: self-hosted)', () => {
  test('no price, no checkout, no billing on the pages and the dashboard; the operator grants plans', async ({ page, baseURL }) => {
    for (const path of ['/pricing', '/']) {
      await page.goto(path);
      await expect(page.getByTestId('plan-card-pro')).toBeVisible();
      await expect(page.getByTestId('plan-price-pro')).toHaveCount(0);
      await expect(page.getByText('the operator of this service grants larger plans')).toBeVisible();
    }
    await createAccountWithKey(page.request, baseURL!, 'no-billing');
    await page.goto('/dashboard');
    await expect(page.getByTestId('current-plan')).toHaveText('Free');
    await expect(page.getByTestId('upgrade-how')).toBeVisible();
    await expect(page.getByRole('button', { name: /Choose|Manage billing|Talk to us/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Support/ })).toHaveCount(0);
  });
});
