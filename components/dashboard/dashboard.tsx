'use client';
// The dashboard: usage, API keys (with a key's usage when asked), plan (and with billing, checkout, the
// Customer Portal and the operator's forms) and the request log, each loaded from the dashboard API.
import { useEffect, useRef, useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useResource } from '@/components/hooks/use-resource';
import type { ApiKeyView, PlanBody, RedirectBody, UsageBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { KeyUsagePanel } from './key-usage-panel';
import { KeysSection } from './keys-section';
import { EnterpriseContact, SupportSection } from './operator-request-form';
import { PlanSection } from './plan-section';
import { RequestLogSection } from './request-log-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { UsageSection } from './usage-section';
import { useApiKeys } from './use-api-keys';

/** After Stripe Checkout the plan changes when Stripe's webhook arrives: the plan is asked again this often, this long. */
const CHECKOUT_POLL_MS = 1_500;
const CHECKOUT_POLL_LIMIT_MS = 120_000;

const putPlan = (planId: string) => fetchJson<PlanBody>('/api/dashboard/plan', { method: 'PUT', body: { plan: planId } });
const postForRedirect = (endpoint: string, body: unknown) => fetchJson<RedirectBody>(endpoint, { method: 'POST', body });

interface DashboardProps {
  email: string;
  /** `?checkout=` of Stripe Checkout's return address. */
  checkout: 'success' | 'canceled' | null;
  /** `?choose=` of a plan card's button: the plan chosen before signing in. */
  chosen: string | null;
}

export function Dashboard({ email, checkout: returnedFrom, chosen }: DashboardProps) {
  const keys = useApiKeys();
  const usage = useResource<UsageBody>('/api/dashboard/usage');
  const plan = useResource<PlanBody>('/api/dashboard/plan');
  const switchPlan = useApiMutation(putPlan);
  // Checkout and the portal lead away to Stripe: busy stays on until the page is gone.
  const redirect = useApiMutation(postForRedirect, { leavesPage: true });
  const [busyOn, setBusyOn] = useState<string | null>(null);
  const [checkout, setCheckout] = useState(returnedFrom);
  const [contactOpen, setContactOpen] = useState(chosen === 'enterprise');
  const [usageKey, setUsageKey] = useState<ApiKeyView | null>(null);
  useCheckoutReturn(checkout, plan, usage.reload);

  // Usage moves while the page is open: refresh when the user comes back to the tab.
  const reloadUsage = usage.reload;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadUsage();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reloadUsage]);

  // The return address's query is not kept: a reload shows the dashboard as it is.
  useEffect(() => {
    if (returnedFrom || chosen) window.history.replaceState(null, '', '/dashboard');
  }, [returnedFrom, chosen]);

  async function changePlan(planId: string) {
    setBusyOn(planId);
    const outcome = await switchPlan.run(planId);
    if (!outcome?.ok) return;
    plan.setData(outcome.data);
    await usage.reload();
  }

  async function goTo(busy: string, endpoint: string, body: unknown = {}) {
    setBusyOn(busy);
    const outcome = await redirect.run(endpoint, body);
    if (!outcome?.ok) return;
    setCheckout(null);
    window.location.assign(outcome.data.url);
  }

  function keyDeleted(id: string) {
    keys.deleted(id);
    setUsageKey((open) => (open?.id === id ? null : open));
  }

  const current = plan.data?.plans.find((p) => p.id === plan.data?.plan);
  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h1>Dashboard</h1>
        <p className="muted" style={{ margin: 0 }}>
          Signed in as <strong>{email}</strong>
        </p>
        <SignOutEverywhere />
      </div>
      <div className="dashboard-grid">
        <UsageSection usage={usage.data} error={usage.error} onRefresh={usage.reload} refreshing={usage.loading} />
        <PlanSection
          plan={plan.data}
          email={email}
          error={switchPlan.error || redirect.error || plan.error}
          busy={switchPlan.busy || redirect.busy ? busyOn : null}
          checkout={checkout}
          chosen={chosen}
          onChange={changePlan}
          onCheckout={(planId) => goTo(planId, '/api/dashboard/billing/checkout', { plan: planId })}
          onManage={() => goTo('portal', '/api/dashboard/billing/portal')}
          onContact={() => setContactOpen(true)}
        />
      </div>
      {plan.data?.billing ? <SupportSection planName={current?.name ?? ''} priority={current?.prioritySupport ?? false} /> : null}
      {plan.data?.billing ? <EnterpriseContact open={contactOpen} onClose={() => setContactOpen(false)} /> : null}
      <KeysSection
        keys={keys.keys}
        error={keys.error}
        onChanged={keys.changed}
        onDeleted={keyDeleted}
        onShowUsage={setUsageKey}
        hasMore={keys.hasMore}
        loadingMore={keys.loadingMore}
        onLoadMore={keys.loadMore}
      />
      {usageKey ? <KeyUsagePanel key={usageKey.id} apiKey={usageKey} onClose={() => setUsageKey(null)} /> : null}
      <RequestLogSection />
    </div>
  );
}

/**
 * Back from Stripe Checkout: the return address grants nothing; the plan changes when Stripe's webhook has been
 * applied, so it is asked again until then (for at most CHECKOUT_POLL_LIMIT_MS from the first ask), and then the
 * new plan's quota shows in the usage card.
 */
function useCheckoutReturn(
  checkout: DashboardProps['checkout'],
  plan: { data: PlanBody | null; reload: () => Promise<void> },
  reloadUsage: () => Promise<void>,
) {
  const pollStart = useRef<number | null>(null);
  const paidPlan = plan.data !== null && plan.data.plan !== 'free';
  const reloadPlan = plan.reload;
  useEffect(() => {
    if (checkout !== 'success' || paidPlan) return;
    pollStart.current ??= Date.now();
    const timer = setInterval(() => {
      if (Date.now() - pollStart.current! > CHECKOUT_POLL_LIMIT_MS) clearInterval(timer);
      else void reloadPlan();
    }, CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [checkout, paidPlan, reloadPlan]);
  useEffect(() => {
    if (checkout === 'success' && paidPlan) void reloadUsage();
  }, [checkout, paidPlan, reloadUsage]);
}
