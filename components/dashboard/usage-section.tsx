'use client';
// This hour's usage against the plan's quota (a warning from 80%), and the history: the last 24 hours or 30 days (UTC).
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { UsageBody } from '@/lib/web/dashboard-types';
import { type ChartRange, dayBars, hourBars, PeriodSwitch, UsageChart } from './usage-chart';

interface Props {
  usage: UsageBody | null;
  error: string;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The share of the hour's quota from which the dashboard warns. */
export const QUOTA_WARNING_SHARE = 0.8;

export function UsageSection({ usage, error, onRefresh, refreshing }: Props) {
  const [range, setRange] = useState<ChartRange>('24h');
  const share = usage?.limit ? Math.min(1, usage.used / usage.limit) : 0;
  const reset = usage ? new Date(usage.resetAt) : null;
  const minutes = reset ? Math.max(0, Math.ceil((reset.getTime() - Date.now()) / 60_000)) : 0;
  const warn = usage?.limit != null && usage.used >= QUOTA_WARNING_SHARE * usage.limit;
  return (
    <section className="card" aria-labelledby="usage-heading">
      <div className="section-head">
        <h2 id="usage-heading">Usage</h2>
        <button type="button" className="button button-small" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <ErrorAlert message={error} />
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
              <div className={`meter-fill${share >= QUOTA_WARNING_SHARE ? ' meter-fill-high' : ''}`} style={{ width: `${share * 100}%` }} />
            </div>
          ) : null}
          {warn ? (
            <p className="alert alert-warning" role="status" data-testid="quota-warning">
              {Math.floor(share * 100)}% of this hour&apos;s quota is used: past {usage.limit!.toLocaleString('en-US')} requests, calls answer 429
              until {reset?.toISOString().slice(11, 16)} UTC.
            </p>
          ) : null}
          <p className="small muted" style={{ margin: 0 }}>
            {usage.remaining === null ? 'No hourly limit.' : `${usage.remaining.toLocaleString('en-US')} left.`} The count starts again at{' '}
            {reset?.toISOString().slice(11, 16)} UTC (in {minutes} min).
          </p>
          <div className="chart-head">
            <h3 className="chart-title">{range === '24h' ? 'Requests per hour, last 24 hours (UTC)' : 'Requests per day, last 30 days (UTC)'}</h3>
            <PeriodSwitch range={range} onChange={setRange} />
          </div>
          {range === '24h' ? (
            <UsageChart bars={hourBars(usage.hours)} title="Requests per hour, last 24 hours (UTC)" labelEvery={6} testId="usage-chart" />
          ) : (
            <UsageChart bars={dayBars(usage.days)} title="Requests per day, last 30 days (UTC)" labelEvery={7} testId="usage-chart" />
          )}
          <p className="small" style={{ margin: 0 }}>
            <a href="/api/dashboard/usage?format=csv" download>
              Download 30 days as CSV
            </a>
          </p>
        </>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
