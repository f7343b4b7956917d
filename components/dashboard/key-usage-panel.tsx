'use client';
// One key's usage: a chart (calls per hour, last 24 hours, or per day, 30 days; UTC), the calls per endpoint,
// the calls per hour and endpoint (30 days), and the same as CSV.
import { useState } from 'react';
import { useResource } from '@/components/hooks/use-resource';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { ApiKeyView, KeyUsageReport } from '@/lib/web/dashboard-types';
import { type ChartBar, type ChartRange, PeriodSwitch, UsageChart, utcDay, utcHour } from './usage-chart';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The report's sparse rows as 24 hourly bars ending with this hour, or 30 daily bars ending today. */
function bars(report: KeyUsageReport, range: ChartRange): ChartBar[] {
  const end = new Date(report.to).getTime();
  const step = range === '24h' ? HOUR_MS : DAY_MS;
  const count = range === '24h' ? 24 : 30;
  const last = range === '24h' ? end - HOUR_MS : Math.floor((end - 1) / DAY_MS) * DAY_MS;
  const first = last - (count - 1) * step;
  const totals = new Array<number>(count).fill(0);
  for (const h of report.hours) {
    const t = new Date(h.hourStart).getTime();
    const i = Math.floor((t - first) / step);
    if (i >= 0 && i < count) totals[i]! += h.count;
  }
  return totals.map((c, i) => {
    const iso = new Date(first + i * step).toISOString();
    const isLast = i === count - 1;
    return range === '24h'
      ? { key: iso, label: isLast ? 'now' : utcHour(iso), title: `${iso.slice(0, 10)} ${utcHour(iso)} UTC`, count: c }
      : { key: iso, label: isLast ? 'today' : utcDay(iso), title: `${iso.slice(0, 10)} (UTC)`, count: c };
  });
}

export function KeyUsagePanel({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const [range, setRange] = useState<ChartRange>('24h');
  const url = `/api/dashboard/usage?keyId=${encodeURIComponent(apiKey.id)}`;
  const { data: report, error, reload } = useResource<KeyUsageReport>(url);

  const title =
    range === '24h' ? `Requests per hour of ${apiKey.name}, last 24 hours (UTC)` : `Requests per day of ${apiKey.name}, last 30 days (UTC)`;
  return (
    <section className="card" aria-labelledby="key-usage-heading" data-testid="key-usage">
      <div className="section-head">
        <h2 id="key-usage-heading">
          Usage of <span className="key-name">{apiKey.name}</span> <code className="key-prefix">{apiKey.prefix}…</code>
        </h2>
        <div className="key-actions">
          <button type="button" className="button button-small" onClick={() => void reload()}>
            Refresh
          </button>
          <a className="button button-small" href={`${url}&format=csv`} download>
            Download CSV
          </a>
          <button type="button" className="button button-small" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <ErrorAlert message={error} />
      {report ? (
        <>
          <p className="small muted" style={{ margin: 0 }}>
            <span data-testid="key-usage-total">{report.total.toLocaleString('en-US')}</span> requests in the last 30 days (UTC hours, from{' '}
            {report.from.slice(0, 10)}).
          </p>
          <div className="chart-head">
            <h3 className="chart-title">{range === '24h' ? 'Per hour, last 24 hours (UTC)' : 'Per day, last 30 days (UTC)'}</h3>
            <PeriodSwitch range={range} onChange={setRange} />
          </div>
          <UsageChart bars={bars(report, range)} title={title} labelEvery={range === '24h' ? 6 : 7} testId="key-usage-chart" />
          <div className="key-usage-tables">
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Requests per endpoint">
              <table className="table" data-testid="key-usage-endpoints">
                <caption className="table-caption">Per endpoint, 30 days</caption>
                <thead>
                  <tr>
                    <th scope="col">Endpoint</th>
                    <th scope="col" className="num">
                      Requests
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.endpoints.length === 0 ? (
                    <tr>
                      <td colSpan={2} className="muted">
                        No requests yet.
                      </td>
                    </tr>
                  ) : (
                    report.endpoints.map((e) => (
                      <tr key={e.endpoint}>
                        <td>
                          <code>{e.endpoint}</code>
                        </td>
                        <td className="num">{e.count.toLocaleString('en-US')}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <div className="table-wrap table-wrap-tall" tabIndex={0} role="region" aria-label="Requests per hour and endpoint">
              <table className="table" data-testid="key-usage-hours">
                <caption className="table-caption">Per hour and endpoint (UTC), newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Hour (UTC)</th>
                    <th scope="col">Endpoint</th>
                    <th scope="col" className="num">
                      Requests
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.hours.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="muted">
                        No requests yet.
                      </td>
                    </tr>
                  ) : (
                    [...report.hours].reverse().map((h) => (
                      <tr key={`${h.hourStart} ${h.endpoint}`}>
                        <td className="nowrap">{`${h.hourStart.slice(0, 10)} ${utcHour(h.hourStart)}`}</td>
                        <td>
                          <code>{h.endpoint}</code>
                        </td>
                        <td className="num">{h.count.toLocaleString('en-US')}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
