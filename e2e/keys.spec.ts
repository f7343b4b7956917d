// The dashboard's key list in the browser: 100 keys a page with "Load more", and the 100-active-key cap's
// message when one more is created; a key with an expiry from creation to deletion.
import { clientAddressHeader, createAccountWithKey } from './support/accounts';
import { clipboardText } from './support/clipboard';
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
  expect((await page.request.post(`/api/dashboard/keys/${first.keys[0]!.id}/revoke`, { headers })).status()).toBe(200);
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

test('a key with an expiry: the created dialog gives a curl command, the call shows in the request log and the key usage; a revoked key is deleted', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await createAccountWithKey(page.request, origin, 'expiry');
  await page.goto('/dashboard');

  await page.getByLabel('New key name').fill('deploy bot');
  await page.getByLabel('Expires').selectOption({ label: 'Expires in 30 days' });
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  const secret = (await dialog.getByTestId('new-key-secret').textContent())!;
  const command = (await dialog.getByTestId('new-key-curl').textContent())!;
  expect(command).toContain(`${origin}/api/convert`);
  expect(command).toContain(`Authorization: Bearer ${secret}`);
  await expect(dialog.getByTestId('new-key-expiry')).toContainText('It stops working on');
  await dialog.getByRole('button', { name: 'Copy command' }).click();
  await expect(dialog.getByRole('button', { name: 'Command copied' })).toBeVisible();
  await expect.poll(() => clipboardText(page)).toBe(command);
  await dialog.getByRole('button', { name: 'I have saved it' }).click();

  const row = page.getByTestId('keys-table').getByRole('row', { name: /deploy bot/ });
  await expect(row).toContainText('Active');
  await expect(row.locator('td[data-label="Expires"]')).not.toHaveText('Never');

  // The command's request, as a script would send it.
  const res = await page.request.post('/api/convert', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { input: 'hello: world\n', inputType: 'yaml', outputType: 'json' },
  });
  expect(res.status()).toBe(200);
  const requestId = res.headers()['x-request-id']!;
  expect(requestId).toMatch(/^req_/);

  // The request log finds it by its request id.
  await page.getByLabel('Request id').fill(requestId);
  await page.getByRole('button', { name: 'Search' }).click();
  const logRow = page.locator(`[data-request-id="${requestId}"]`);
  await expect(logRow).toBeVisible();
  await expect(logRow).toContainText('/api/convert');
  await expect(logRow).toContainText('200');
  await expect(logRow).toContainText(secret.slice(0, 11));
  await expect(page.getByTestId('request-log').locator('tbody tr')).toHaveCount(1);

  // And the key's usage has it: chart, per-endpoint table, CSV.
  await row.getByRole('button', { name: 'Usage of deploy bot' }).click();
  const panel = page.getByTestId('key-usage');
  await expect(panel.getByTestId('key-usage-total')).toHaveText('1');
  await expect(panel.getByTestId('key-usage-endpoints')).toContainText('/api/convert');
  await expect(panel.getByTestId('key-usage-chart')).toBeVisible();
  const csvHref = await panel.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="yamljson-usage-yj_/);
  expect((await csv.text()).split('\r\n')[1]).toMatch(/,\/api\/convert,1$/);

  // Revoke, then delete: the row goes.
  await row.getByRole('button', { name: 'Revoke deploy bot' }).click();
  await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  await row.getByRole('button', { name: 'Delete deploy bot' }).click();
  await page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByTestId('keys-table').getByRole('row', { name: /deploy bot/ })).toHaveCount(0);
  await expect(page.getByTestId('key-usage')).toHaveCount(0);
  // The row goes only once the server has answered the DELETE: the list is settled.
  expect((await page.request.get('/api/dashboard/keys')).status()).toBe(200);
  const left = (await (await page.request.get('/api/dashboard/keys')).json()) as { keys: Array<{ name: string }> };
  expect(left.keys.map((k) => k.name)).toStrictEqual(['e2e']);
});

test('warns from 80% of the hour’s quota, not before', async ({ page, baseURL }) => {
  const { key } = await createAccountWithKey(page.request, new URL(baseURL!).origin, 'quota-warning');
  const call = () => page.request.post('/api/validate', { headers: { Authorization: `Bearer ${key}` }, data: { input: 'a: 1', type: 'yaml' } });
  for (let i = 0; i < 79; i++) expect((await call()).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByTestId('usage-used')).toHaveText('79');
  await expect(page.getByTestId('quota-warning')).toHaveCount(0);
  expect((await call()).status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByTestId('usage-used')).toHaveText('80');
  await expect(page.getByTestId('quota-warning')).toContainText("80% of this hour's quota is used");
});
