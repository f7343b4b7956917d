'use client';
// This hour's usage against the plan's quota, and the last 24 hours.
import type { UsageBody } from '@/lib/web/dashboard-types';
import { UsageChart } from './usage-chart';

interface Props {
  usage: UsageBody | null;
  error: string;
  onRefresh: () => void;
  refreshing: boolean;
}

export function UsageSection({ usage, error, onRefresh, refreshing }: Props) {
  const share = usage?.limit ? Math.min(1, usage.used / usage.limit) : 0;
  const reset = usage ? new Date(usage.resetAt) : null;
  const minutes = reset ? Math.max(0, Math.ceil((reset.getTime() - Date.now()) / 60_000)) : 0;
  return (
    <section className="card" aria-labelledby="usage-heading">
      <div className="section-head">
        <h2 id="usage-heading">Usage</h2>
        <button type="button" className="button button-small" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {usage ? (
        <>
          <div className="usage-numbers">
            <span className="usage-big" data-testid="usage-used">
              {usage.used.toLocaleString('en-US')}
            </span>
            <span className="muted">
              {usage.limit === null ? 'requests this hour (unlimited plan)' : `of ${usage.limit.toLocaleString('en-US')} requests this hour`}
            </span>
          </div>
          {usage.limit !== null ? (
            <div
              className="meter"
              role="meter"
              aria-label="Hourly quota used"
              aria-valuemin={0}
              aria-valuemax={usage.limit}
              aria-valuenow={Math.min(usage.used, usage.limit)}
            >
              <div className={`meter-fill${share >= 0.9 ? ' meter-fill-high' : ''}`} style={{ width: `${share * 100}%` }} />
            </div>
          ) : null}
          <p className="small muted" style={{ margin: 0 }}>
            {usage.remaining === null ? 'No hourly limit.' : `${usage.remaining.toLocaleString('en-US')} left.`} The count starts again at{' '}
            {reset?.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} (in {minutes} min).
          </p>
          <UsageChart hours={usage.hours} />
        </>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
