// One endpoint: method and path, whether it needs a key, its example in four forms, query parameters, request body and responses.
import { sampleRequest } from '@/lib/web/code-samples';
import type { OperationView, ResponseView } from '@/lib/web/openapi-view';
import { CodeSamples } from './code-samples';
import { collapseMedia, Media } from './media';
import { InlineText, RichText } from './rich-text';
import { TypeText } from './type-text';

export function OperationSection({ op, names }: { op: OperationView; names: ReadonlySet<string> }) {
  return (
    <section id={op.id} aria-labelledby={`${op.id}-heading`} data-testid="operation">
      <h2 id={`${op.id}-heading`} className="operation-head">
        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code>{op.path}</code>
        <span>{op.summary}</span>
      </h2>
      <p>{op.keyed ? <span className="badge badge-accent">API key required</span> : <span className="badge">No key needed</span>}</p>
      <RichText text={op.description} />

      <h3>Example</h3>
      <CodeSamples request={sampleRequest(op)} title={`${op.method} ${op.path}`} />

      {op.parameters.length ? (
        <>
          <h3>Query parameters</h3>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`${op.path} query parameters`}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code> {p.required ? <span className="badge">required</span> : null}
                    </td>
                    <td>
                      <TypeText type={p.type} names={names} />
                    </td>
                    <td>
                      <InlineText text={p.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}

      {op.requestBody.length ? (
        <>
          <h3>Request body</h3>
          <Media media={collapseMedia(op.requestBody)} />
        </>
      ) : null}

      <h3>Responses</h3>
      {op.responses.map((r) => (
        <Response key={r.status} response={r} />
      ))}
    </section>
  );
}

function Response({ response }: { response: ResponseView }) {
  const statusClass = `status status-${response.status[0]}`;
  return (
    <details className="response" open={response.status.startsWith('2')}>
      <summary>
        <span className={statusClass}>{response.status}</span>
        <span>
          <InlineText text={response.description} />
        </span>
      </summary>
      <div className="response-body">
        {response.headers.length ? (
          <div>
            <p className="example-title">Headers</p>
            <ul className="small">
              {response.headers.map((h) => (
                <li key={h.name}>
                  <code>{h.name}</code>: <InlineText text={h.description} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Media media={response.contents} />
      </div>
    </details>
  );
}
