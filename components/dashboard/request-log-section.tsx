'use client';
// The account's request log: the newest 100 keyed requests (of the last 1,000, 7 days), or one found by its
// request id (the X-Request-Id header of a response, also in every error body). Never a body.
import { type FormEvent, useState } from 'react';
import { useResource } from '@/components/hooks/use-resource';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { RequestLogBody } from '@/lib/web/dashboard-types';

export function RequestLogSection() {
  const [query, setQuery] = useState('');
  /** The request id searched for, or '' for the newest requests. */
  const [searched, setSearched] = useState('');
  const log = useResource<RequestLogBody>(`/api/dashboard/requests${searched ? `?requestId=${encodeURIComponent(searched)}` : ''}`);
  const rows = log.data?.requests ?? null;
  const error = log.error;

  // The same search again loads again: the request may have arrived meanwhile.
  function show(requestId: string) {
    if (requestId === searched) void log.reload();
    else setSearched(requestId);
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show(query.trim());
  }

  return (
    <section className="card" aria-labelledby="log-heading">
      <div className="section-head">
        <h2 id="log-heading">Request log</h2>
        <form className="inline-form" onSubmit={search} role="search">
          <label htmlFor="log-search" className="visually-hidden">
            Request id
          </label>
          <input id="log-search" type="text" placeholder="Request id, e.g. req_…" value={query} onChange={(e) => setQuery(e.target.value)} />
          <button type="submit" className="button">
            Search
          </button>
          {searched ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setQuery('');
                show('');
              }}
            >
              Show all
            </button>
          ) : null}
        </form>
      </div>
      <p className="small muted" style={{ marginTop: 0 }}>
        The last 1,000 requests made with this account&apos;s keys, kept 7 days; times in UTC. Bodies are never stored.
      </p>
      <ErrorAlert message={error} />
      {rows === null ? (
        !error ? (
          <p className="muted">Loading…</p>
        ) : null
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="request-log-empty">
          {searched ? `No request ${searched} in the log.` : 'No requests yet.'}
        </p>
      ) : (
        <div className="table-wrap table-wrap-tall" tabIndex={0} role="region" aria-label="Request log">
          <table className="table log-table" data-testid="request-log">
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Key</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  In
                </th>
                <th scope="col" className="num">
                  Out
                </th>
                <th scope="col" className="num">
                  Time
                </th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.requestId} data-request-id={r.requestId}>
                  <td className="nowrap">{`${r.at.slice(0, 10)} ${r.at.slice(11, 19)}`}</td>
                  <td>
                    <code className="key-prefix">{r.keyPrefix}…</code>
                  </td>
                  <td className="nowrap">
                    {r.method} <code>{r.endpoint}</code>
                  </td>
                  <td className="nowrap">
                    <span className={`badge ${r.status < 400 ? 'badge-success' : 'badge-danger'}`}>{r.status}</span>
                    {r.errorCode ? <> {r.errorCode}</> : null}
                  </td>
                  <td className="num nowrap">{r.inputBytes.toLocaleString('en-US')} B</td>
                  <td className="num nowrap">{r.outputBytes.toLocaleString('en-US')} B</td>
                  <td className="num nowrap">{r.durationMs} ms</td>
                  <td>
                    <code className="request-id">{r.requestId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
