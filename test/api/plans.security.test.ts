// Plans without billing (no STRIPE_SECRET_KEY, as self-hosted): an account moves itself down at once, never up;
// the operator grants larger plans with `npm run admin -- set-plan`; YAMLJSON_SELF_SERVE_UPGRADES=on restores
// self-serve upgrades for a private install. (With billing: test/api/billing.test.ts.)
import { describe, expect, it } from 'vitest';
import { PLAN_LIST } from '@/lib/accounts/plans';
import { changeOwnPlan, findUserByEmail } from '@/lib/accounts/users';
import { loadConfig } from '@/lib/config';
import { accountWithKey, bearer, callConvert, dashboardCall, runAdmin, signedUpUser, testDb } from './accounts';
import { expectError } from './helpers';

function upgradeRefused(email: string, plan: 'pro' | 'enterprise') {
  const name = plan === 'pro' ? 'Pro' : 'Enterprise';
  return {
    code: 'forbidden' as const,
    message:
      `Moving up to the ${name} plan is granted by the operator of this service: ask them to run ` +
      `\`npm run admin -- set-plan --email ${email} --plan ${plan}\`. You can move to a smaller plan here at any time.`,
  };
}

describe('plan changes from the dashboard', () => {
  it('refuses a Free account that switches itself to Enterprise or Pro (403), and nothing changes', async () => {
    const { email, cookie } = await signedUpUser('climber');
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'enterprise' }), 403, upgradeRefused(email, 'enterprise'));
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' }), 403, upgradeRefused(email, 'pro'));
    const plan = await (await dashboardCall(cookie, 'GET', '/api/dashboard/plan')).json();
    expect(plan).toStrictEqual({ plan: 'free', plans: PLAN_LIST, selfServeUpgrades: false, billing: null });
    expect((await findUserByEmail(testDb(), email))!.plan).toBe('free');
  });

  it('lets an account move down at once, and not back up', async () => {
    const { email, cookie } = await signedUpUser('downsizer');
    const user = (await findUserByEmail(testDb(), email))!;
    await testDb().user.update({ where: { id: user.id }, data: { plan: 'enterprise' } });
    const down = await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' });
    expect(down.status).toBe(200);
    expect(await down.json()).toStrictEqual({ plan: 'pro', plans: PLAN_LIST, selfServeUpgrades: false, billing: null });
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'enterprise' }), 403, upgradeRefused(email, 'enterprise'));
    expect((await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' })).status).toBe(200);
    expect((await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'free' })).status).toBe(200);
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'gold' }), 400, {
      code: 'bad_request',
      message: 'Unknown plan "gold". Plans: free, pro, enterprise.',
    });
  });

  it('the operator grants a larger plan with `npm run admin -- set-plan`, and the quota follows at once', async () => {
    const { email, key } = await accountWithKey('free');
    expect((await callConvert(bearer(key))).headers.get('x-ratelimit-limit')).toBe('100');
    const { stderr } = await runAdmin('set-plan', '--email', email, '--plan', 'pro');
    expect(stderr).toContain(`${email} is now on the pro plan.`);
    expect((await callConvert(bearer(key))).headers.get('x-ratelimit-limit')).toBe('10000');
  });
});

describe('YAMLJSON_SELF_SERVE_UPGRADES=on (a private install)', () => {
  const selfServe = (value: string) => loadConfig({ YAMLJSON_SELF_SERVE_UPGRADES: value }).selfServeUpgrades;

  it('lets an account move itself up; any other value keeps upgrades with the operator', async () => {
    const { email } = await signedUpUser('private');
    const user = (await findUserByEmail(testDb(), email))!;
    await expect(changeOwnPlan(testDb(), user, 'enterprise', selfServe('yes'))).rejects.toMatchObject({ code: 'forbidden' });
    expect(await changeOwnPlan(testDb(), user, 'enterprise', selfServe('on'))).toStrictEqual({ ...user, plan: 'enterprise' });
  });
});
