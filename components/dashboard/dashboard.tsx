'use client';
// The dashboard: usage, API keys (with a key's usage when asked), plan and the request log, each loaded from the dashboard API.
import { useEffect, useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useResource } from '@/components/hooks/use-resource';
import type { ApiKeyView, PlanBody, UsageBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { KeyUsagePanel } from './key-usage-panel';
import { KeysSection } from './keys-section';
import { PlanSection } from './plan-section';
import { RequestLogSection } from './request-log-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { UsageSection } from './usage-section';
import { useApiKeys } from './use-api-keys';

const putPlan = (planId: string) => fetchJson<PlanBody>('/api/dashboard/plan', { method: 'PUT', body: { plan: planId } });

export function Dashboard({ email }: { email: string }) {
  const keys = useApiKeys();
  const usage = useResource<UsageBody>('/api/dashboard/usage');
  const plan = useResource<PlanBody>('/api/dashboard/plan');
  const switchPlan = useApiMutation(putPlan);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [usageKey, setUsageKey] = useState<ApiKeyView | null>(null);

  // Usage moves while the page is open: refresh when the user comes back to the tab.
  const reloadUsage = usage.reload;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadUsage();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reloadUsage]);

  async function changePlan(planId: string) {
    setSwitchingTo(planId);
    const outcome = await switchPlan.run(planId);
    if (!outcome?.ok) return;
    plan.setData(outcome.data);
    await usage.reload();
  }

  function keyDeleted(id: string) {
    keys.deleted(id);
    setUsageKey((open) => (open?.id === id ? null : open));
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
        <UsageSection usage={usage.data} error={usage.error} onRefresh={usage.reload} refreshing={usage.loading} />
        <PlanSection
          plan={plan.data}
          email={email}
          error={switchPlan.error || plan.error}
          busyPlan={switchPlan.busy ? switchingTo : null}
          onChange={changePlan}
        />
      </div>
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
