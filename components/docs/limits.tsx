// /docs' Limits and Retry-After sections: every number from DocsFacts, which the server builds from
// the constants the code enforces (lib/api/docs-facts.ts).
import { bytesText, type DocsFacts, numberText } from '@/lib/web/docs-facts-view';
import { InlineText } from './rich-text';

export function LimitsSection({ facts }: { facts: DocsFacts }) {
  const seconds = (ms: number) => `${numberText(ms / 1000)} s`;
  return (
    <section id="limits" aria-labelledby="limits-heading">
      <h2 id="limits-heading">Limits</h2>
      <h3>Per plan</h3>
      <p>
        Sizes are UTF-8 bytes of <code>input</code>, exact: a document one byte over its plan&apos;s limit is refused with{' '}
        <code>413 payload_too_large</code> before it is parsed. The hourly quota counts every keyed call in the clock hour (UTC).
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Limits per plan">
        <table className="table" data-testid="plan-limits">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Requests per hour</th>
              <th scope="col">Largest input</th>
              <th scope="col">Largest JSON body</th>
              <th scope="col">Largest raw-mode body</th>
              <th scope="col">Time of one conversion in a worker</th>
            </tr>
          </thead>
          <tbody>
            {facts.plans.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.requestsPerHour === null ? 'unlimited' : numberText(p.requestsPerHour)}</td>
                <td>{bytesText(p.maxInputBytes)}</td>
                <td>{bytesText(p.jsonBodyBytes)}</td>
                <td>{bytesText(p.rawBodyBytes)}</td>
                <td>{seconds(p.conversionTimeoutMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small muted">
        A JSON body may be larger than its <code>input</code> (escaping inflates it): up to twice the input limit plus 1 MiB. A raw-mode body is the
        document itself. A <code>Content-Length</code> over the cap is refused before a byte of the body is read.
      </p>
      <h3>Documents</h3>
      <ul data-testid="document-limits">
        <li>
          Nesting: collections nested deeper than <strong>{facts.maxDepth}</strong> levels are refused (<code>422 limit_exceeded</code>).
        </li>
        <li>
          Aliases and merge keys may add at most max(<strong>{numberText(facts.aliasBudgetFloor)}</strong>, the input&apos;s length in characters)
          nodes when expanded, a scalar counting one node per {facts.charsPerNode} characters; beyond, <code>422 limit_exceeded</code>.
        </li>
        <li>
          Integers written in base 2, 8, 16 or 60 may have at most <strong>{numberText(facts.maxIntegerDigits)}</strong> digits (decimal integers of
          any length are kept as written); beyond, <code>422 limit_exceeded</code>.
        </li>
        <li>
          At most <strong>{facts.maxErrors}</strong> errors are reported (validate&apos;s <code>errors</code>, <code>invalid_input</code>&apos;s{' '}
          <code>details</code>).
        </li>
        <li>
          JSON Schema (<code>validate</code> with <code>schema</code>): at most {numberText(facts.schema.maxChars)} characters of schema text,{' '}
          {facts.schema.maxDepth} levels of nesting and {numberText(facts.schema.maxNodes)} objects and arrays; beyond, <code>400 bad_request</code>.
        </li>
      </ul>
      <h3>Time and concurrency</h3>
      <ul data-testid="time-limits">
        <li>
          A body under {bytesText(facts.inProcessBytes)} is converted on the request thread for at most {facts.inProcessDeadlineMs} ms, then in a
          worker; larger bodies go to a worker at once. An account whose conversion kept the request thread busy for half of that sends its next ones,
          of any size, to a worker for {seconds(facts.overdueMs)}.
        </li>
        <li>
          In a worker, one conversion may take its plan&apos;s time (above; never more than {seconds(facts.conversionTimeoutMs)}) and{' '}
          {numberText(facts.conversionMemoryMb)} MB of heap; over either it is stopped and answered <code>422 limit_exceeded</code>.
        </li>
        <li>
          Request bodies of any size: {facts.uploadsPerAccount} being sent at once per account (then <code>429 rate_limited</code>, the connection
          closed).
        </li>
        <li>
          Bodies over {bytesText(facts.largeBodyBytes)}: {facts.largeBodiesPerAccount} at once per account (then <code>429 rate_limited</code>),{' '}
          {facts.largeBodies} at once in all (then <code>503 unavailable</code>).
        </li>
        <li>
          Conversions waiting for a worker: {facts.queuedPerAccount} per account (then <code>429 rate_limited</code>), {facts.queued} in all (then{' '}
          <code>503 unavailable</code>); turns are fair between accounts.
        </li>
        <li>
          The database has {numberText(facts.dependencyTimeoutMs.database)} ms and Redis {numberText(facts.dependencyTimeoutMs.redis)} ms to answer;
          past that the call is answered <code>503 unavailable</code>, never left hanging.
        </li>
      </ul>
    </section>
  );
}

export function RetryAfterSection({ facts }: { facts: DocsFacts }) {
  return (
    <section id="retry-after" aria-labelledby="retry-after-heading">
      <h2 id="retry-after-heading">Retry-After</h2>
      <p>
        Every refusal that is worth retrying carries <code>Retry-After</code> (seconds). These are all the cases; every keyed answer also carries{' '}
        <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (absent on unlimited plans).
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="When Retry-After is sent">
        <table className="table" data-testid="retry-after">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col">When</th>
              <th scope="col">Retry-After</th>
            </tr>
          </thead>
          <tbody>
            {facts.retryAfter.map((r) => (
              <tr key={r.when}>
                <td>{r.status}</td>
                <td>
                  <code>{r.code}</code>
                </td>
                <td>
                  <InlineText text={r.when} />
                </td>
                <td>
                  <InlineText text={r.seconds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
