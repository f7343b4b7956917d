// Every error code with its statuses and meaning, and the example error bodies.
import type { ErrorCodeView } from '@/lib/web/openapi-view';
import { Example } from './media';
import { InlineText } from './rich-text';

export function ErrorsSection({ errorCodes }: { errorCodes: ErrorCodeView[] }) {
  return (
    <section id="errors" aria-labelledby="errors-heading">
      <h2 id="errors-heading">Errors</h2>
      <p>
        Every failure answers with the same body, <a href="#schema-ErrorResponse">ErrorResponse</a>. Match on <code>error.code</code>; the message is
        for people.
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Error codes">
        <table className="table" data-testid="error-codes">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Status</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {errorCodes.map((e) => (
              <tr key={e.code} id={`error-${e.code}`}>
                <td>
                  <code>{e.code}</code>
                </td>
                <td>{e.statuses.length ? e.statuses.join(', ') : '—'}</td>
                <td>
                  <InlineText text={e.description || 'See the endpoint that returns it.'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errorCodes.filter((e) => e.example).length > 0 ? (
        <details className="response">
          <summary>Example error bodies</summary>
          <div className="response-body">
            {errorCodes.map((e) => (e.example ? <Example key={e.code} title={`${e.code} (${e.statuses.join(', ')})`} text={e.example} /> : null))}
          </div>
        </details>
      ) : null}
    </section>
  );
}
