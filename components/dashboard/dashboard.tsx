'use client';
// The dashboard: usage, API keys (with a key's usage when asked), plan and the request log, each loaded from the dashboard API.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiKeyPage, ApiKeyView, PlanBody, RedirectBody, UsageBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { KeyUsagePanel } from './key-usage-panel';
import { KeysSection } from './keys-section';
import { EnterpriseContact, SupportSection } from './operator-request-form';
import { PlanSection } from './plan-section';
import { RequestLogSection } from './request-log-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { UsageSection } from './usage-section';

/** After Stripe Checkout the plan changes when Stripe's webhook arrives: the plan is asked again this often, this long. */
const CHECKOUT_POLL_MS = 1_500;
const CHECKOUT_POLL_LIMIT_MS = 120_000;

interface DashboardProps {
  email: string;
  /** `?checkout=` of Stripe Checkout's return address. */
  checkout: 'success' | 'canceled' | null;
  /** `?choose=` of a plan card's button: the plan chosen before signing in. */
  chosen: string | null;
}

export function Dashboard({ email, checkout: returnedFrom, chosen }: DashboardProps) {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [keysError, setKeysError] = useState('');
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [plan, setPlan] = useState<PlanBody | null>(null);
  const [planError, setPlanError] = useState('');
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [checkout, setCheckout] = useState(returnedFrom);
  const [contactOpen, setContactOpen] = useState(chosen === 'enterprise');
  const checkoutPollStart = useRef<number | null>(null);
  const [usage, setUsage] = useState<UsageBody | null>(null);
  const [usageError, setUsageError] = useState('');
  const [refreshing, setRefreshing] = useState(false);
  const [usageKey, setUsageKey] = useState<ApiKeyView | null>(null);

  const loadKeys = useCallback(async () => {
    const r = await fetchJson<ApiKeyPage>('/api/dashboard/keys');
    if (r.ok) {
      setKeys(r.data.keys);
      setNextCursor(r.data.nextCursor);
      setKeysError('');
    } else setKeysError(r.message);
  }, []);

  // The list comes 100 keys a page; "Load more" appends the next page.
  async function loadMoreKeys() {
    if (!nextCursor) return;
    setLoadingMore(true);
    const r = await fetchJson<ApiKeyPage>(`/api/dashboard/keys?cursor=${encodeURIComponent(nextCursor)}`);
    setLoadingMore(false);
    if (!r.ok) {
      setKeysError(r.message);
      return;
    }
    setKeys((shown) => {
      const seen = new Set((shown ?? []).map((k) => k.id));
      return [...(shown ?? []), ...r.data.keys.filter((k) => !seen.has(k.id))];
    });
    setNextCursor(r.data.nextCursor);
    setKeysError('');
  }

  // A created, renamed or revoked key changes in place, so the pages already loaded stay.
  const keyChanged = useCallback((key: ApiKeyView) => {
    setKeys((shown) => {
      const list = shown ?? [];
      return list.some((k) => k.id === key.id) ? list.map((k) => (k.id === key.id ? key : k)) : [key, ...list];
    });
  }, []);

  const keyDeleted = useCallback((id: string) => {
    setKeys((shown) => (shown ?? []).filter((k) => k.id !== id));
    setUsageKey((open) => (open?.id === id ? null : open));
  }, []);

  const loadUsage = useCallback(async () => {
    setRefreshing(true);
    const r = await fetchJson<UsageBody>('/api/dashboard/usage');
    setRefreshing(false);
    if (r.ok) {
      setUsage(r.data);
      setUsageError('');
    } else setUsageError(r.message);
  }, []);

  const loadPlan = useCallback(async () => {
    const r = await fetchJson<PlanBody>('/api/dashboard/plan');
    if (r.ok) {
      setPlan(r.data);
      setPlanError('');
    } else setPlanError(r.message);
  }, []);

  useEffect(() => {
    void loadKeys();
    void loadUsage();
    void loadPlan();
    // Usage moves while the page is open: refresh when the user comes back to the tab.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void loadUsage();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loadKeys, loadPlan, loadUsage]);

  // Back from Stripe Checkout: the return address grants nothing; the plan changes when Stripe's webhook has been
  // applied, so it is asked again until then (for at most CHECKOUT_POLL_LIMIT_MS from the first ask).
  const paidPlan = plan !== null && plan.plan !== 'free';
  useEffect(() => {
    if (checkout !== 'success' || paidPlan) return;
    checkoutPollStart.current ??= Date.now();
    const timer = setInterval(() => {
      if (Date.now() - checkoutPollStart.current! > CHECKOUT_POLL_LIMIT_MS) clearInterval(timer);
      else void loadPlan();
    }, CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [checkout, paidPlan, loadPlan]);

  // The new plan's quota shows in the usage card.
  useEffect(() => {
    if (checkout === 'success' && paidPlan) void loadUsage();
  }, [checkout, paidPlan, loadUsage]);

  // The return address's query is not kept: a reload shows the dashboard as it is.
  useEffect(() => {
    if (returnedFrom || chosen) window.history.replaceState(null, '', '/dashboard');
  }, [returnedFrom, chosen]);

  async function goTo(busy: string, endpoint: string, body?: unknown) {
    setBusyPlan(busy);
    const r = await fetchJson<RedirectBody>(endpoint, { method: 'POST', body: body ?? {} });
    if (!r.ok) {
      setBusyPlan(null);
      setPlanError(r.message);
      return;
    }
    setCheckout(null);
    window.location.assign(r.data.url);
  }

  async function changePlan(planId: string) {
    setBusyPlan(planId);
    const r = await fetchJson<PlanBody>('/api/dashboard/plan', { method: 'PUT', body: { plan: planId } });
    setBusyPlan(null);
    if (!r.ok) {
      setPlanError(r.message);
      return;
    }
    setPlan(r.data);
    setPlanError('');
    await loadUsage();
  }

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
        <UsageSection usage={usage} error={usageError} onRefresh={loadUsage} refreshing={refreshing} />
        <PlanSection
          plan={plan}
          email={email}
          error={planError}
          busy={busyPlan}
          checkout={checkout}
          chosen={chosen}
          onChange={changePlan}
          onCheckout={(planId) => goTo(planId, '/api/dashboard/billing/checkout', { plan: planId })}
          onManage={() => goTo('portal', '/api/dashboard/billing/portal')}
          onContact={() => setContactOpen(true)}
        />
      </div>
      {plan?.billing ? (
        <SupportSection
          planName={plan.plans.find((p) => p.id === plan.plan)?.name ?? ''}
          priority={plan.plans.find((p) => p.id === plan.plan)?.prioritySupport ?? false}
        />
      ) : null}
      {plan?.billing ? <EnterpriseContact open={contactOpen} onClose={() => setContactOpen(false)} /> : null}
      <KeysSection
        keys={keys}
        error={keysError}
        onChanged={keyChanged}
        onDeleted={keyDeleted}
        onShowUsage={setUsageKey}
        hasMore={nextCursor !== null}
        loadingMore={loadingMore}
        onLoadMore={loadMoreKeys}
      />
      {usageKey ? <KeyUsagePanel key={usageKey.id} apiKey={usageKey} onClose={() => setUsageKey(null)} /> : null}
      <RequestLogSection />
    </div>
  );
}
