// The dashboard's key list in the browser: 100 keys a page with "Load more", and the 100-active-key cap's
// message when one more is created (issue 10 §4).
import { clientAddressHeader, createAccountWithKey } from './support/accounts';
import { expect, test } from './support/fixtures';

test('pages the key list with "Load more" and says when the key cap is reached', async ({ page, baseURL, watch }) => {
  test.setTimeout(120_000);
  // The refused 101st active key is a 409 answer, which the browser logs.
  watch.allowConsoleError(/\/api\/dashboard\/keys: Failed to load resource: .* 409/);
  const origin = new URL(baseURL!).origin;
  await createAccountWithKey(page.request, origin, 'pages');
  const headers = { Origin: origin, ...clientAddressHeader() };
  // 101 keys in all, 100 of them active: the first key is revoked and 100 more are created.
  const first = (await (await page.request.get('/api/dashboard/keys')).json()) as { keys: Array<{ id: string }> };
  expect((await page.request.delete(`/api/dashboard/keys/${first.keys[0]!.id}`, { headers })).status()).toBe(200);
  for (let i = 1; i <= 100; i++) {
    const res = await page.request.post('/api/dashboard/keys', { data: { name: `key ${String(i).padStart(3, '0')}` }, headers });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/dashboard');
  const rows = page.getByTestId('keys-table').locator('tbody tr');
  await expect(rows).toHaveCount(100);
  await expect(rows.first()).toContainText('key 100');
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.click();
  await expect(rows).toHaveCount(101);
  await expect(rows.last()).toContainText('Revoked');
  await expect(loadMore).toBeHidden();

  await page.getByLabel('New key name').fill('one too many');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('This account has 100 active keys, the most it may have.', { exact: false })).toBeVisible();
  await expect(rows).toHaveCount(101);
});
