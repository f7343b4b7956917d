// The API reference, rendered on the server from the OpenAPI document: nothing loads from elsewhere.
import { Fragment } from 'react';
import { sampleRequest } from '@/lib/web/code-samples';
import { CONVERSION_RULES } from '@/lib/web/conversion-rules';
import type { DocsFacts } from '@/lib/web/docs-facts';
import type { ApiReferenceView, MediaView, OperationView, PropertyView, ResponseView } from '@/lib/web/openapi-view';
import { CodeBlock } from './code-block';
import { CodeSamples } from './code-samples';
import { LimitsSection, RetryAfterSection } from './limits';
import { InlineText, RichText } from './rich-text';

const OVERVIEW: Array<[string, string]> = [
  ['authentication', 'Authentication'],
  ['limits', 'Limits'],
  ['retry-after', 'Retry-After'],
  ['conversion-rules', 'Conversion rules'],
  ['errors', 'Errors'],
];

export function ApiReference({ view, facts }: { view: ApiReferenceView; facts: DocsFacts }) {
  const names = new Set(view.schemas.map((s) => s.name));
  return (
    <div className="docs">
      <nav className="docs-nav" aria-label="API reference">
        <h2>Overview</h2>
        <ul>
          {OVERVIEW.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
        <h2>Endpoints</h2>
        <ul>
          {view.operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`}>
                <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
                <span>{op.path}</span>
              </a>
            </li>
          ))}
        </ul>
        <h2 className="docs-nav-schemas">Schemas</h2>
        <ul className="docs-nav-schemas">
          {view.schemas.map((s) => (
            <li key={s.name}>
              <a href={`#schema-${s.name}`}>{s.name}</a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="docs-content">
        <h1>{view.title}</h1>
        <p className="muted">
          Version {view.version} · generated from the OpenAPI document the server serves. Download it:{' '}
          <a href="/api/openapi.json" download="yamljson-openapi.json" data-testid="download-json">
            JSON
          </a>{' '}
          ·{' '}
          <a href="/api/openapi.yaml" download="yamljson-openapi.yaml" data-testid="download-yaml">
            YAML
          </a>
          .
        </p>
        <RichText text={view.description} />

        <section id="authentication" aria-labelledby="authentication-heading">
          <h2 id="authentication-heading">Authentication</h2>
          <RichText text={view.securityDescription} />
          <p>
            Create a key in the <a href="/dashboard">dashboard</a>. Requests without a valid key answer <code>401 unauthorized</code>; each
            plan&apos;s hourly quota is reported in the <code>X-RateLimit-*</code> headers.
          </p>
        </section>

        <LimitsSection facts={facts} />

        <RetryAfterSection facts={facts} />

        <section id="conversion-rules" aria-labelledby="conversion-rules-heading">
          <h2 id="conversion-rules-heading">Conversion rules</h2>
          <p>What convert does with what YAML and JSON do not say the same way.</p>
          <ul className="docs-rules">
            {CONVERSION_RULES.map((rule) => (
              <li key={rule.lead}>
                <strong>
                  <InlineText text={rule.lead} />
                </strong>{' '}
                <InlineText text={rule.lines.join(' ')} />
              </li>
            ))}
          </ul>
        </section>

        <section id="errors" aria-labelledby="errors-heading">
          <h2 id="errors-heading">Errors</h2>
          <p>
            Every failure answers with the same body, <a href="#schema-ErrorResponse">ErrorResponse</a>. Match on <code>error.code</code>; the message
            is for people.
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
                {view.errorCodes.map((e) => (
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
          {view.errorCodes.filter((e) => e.example).length > 0 ? (
            <details className="response">
              <summary>Example error bodies</summary>
              <div className="response-body">
                {view.errorCodes.map((e) =>
                  e.example ? <Example key={e.code} title={`${e.code} (${e.statuses.join(', ')})`} text={e.example} /> : null,
                )}
              </div>
            </details>
          ) : null}
        </section>

        {view.operations.map((op) => (
          <Operation key={op.id} op={op} names={names} />
        ))}

        <section id="schemas" aria-labelledby="schemas-heading">
          <h2 id="schemas-heading">Schemas</h2>
          {view.schemas.map((s) => (
            <div key={s.name} id={`schema-${s.name}`}>
              <h3>{s.name}</h3>
              <RichText text={s.description} />
              {s.properties.length ? (
                <div className="table-wrap" tabIndex={0} role="region" aria-label={`${s.name} fields`}>
                  <table className="table schema-props">
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Type</th>
                        <th scope="col">Description</th>
                      </tr>
                    </thead>
                    <tbody>
                      {s.properties.map((p) => (
                        <tr key={p.name}>
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
              ) : (
                <p>
                  Type: <TypeText type={s.type ?? 'any'} names={names} />
                </p>
              )}
              {s.properties.map((p) => (p.values ? <EnumValues key={p.name} schema={s.name} property={p} /> : null))}
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}

/** Every value of a described enum (ValidationIssue.code: the issue codes) with its one-line meaning. */
function EnumValues({ schema, property }: { schema: string; property: PropertyView }) {
  const label = `${schema}.${property.name}`;
  return (
    <>
      <h4 id={`schema-${schema}-${property.name}`}>
        <code>{property.name}</code> values
      </h4>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={`${label} values`}>
        <table className="table" data-testid="enum-values">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {property.values!.map((v) => (
              <tr key={v.value} id={`schema-${schema}-${property.name}-${v.value}`}>
                <td>
                  <code>{v.value}</code>
                </td>
                <td>
                  <InlineText text={v.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Operation({ op, names }: { op: OperationView; names: ReadonlySet<string> }) {
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

/** Raw-mode bodies repeat one schema under many media types: show them once. */
function collapseMedia(list: MediaView[]): MediaView[] {
  const out: MediaView[] = [];
  for (const m of list) {
    const same = out.find(
      (o) => o.schemaText === m.schemaText && o.schemaName === m.schemaName && JSON.stringify(o.examples) === JSON.stringify(m.examples),
    );
    if (same) same.mediaType += `, ${m.mediaType}`;
    else out.push({ ...m });
  }
  return out;
}

function Media({ media }: { media: MediaView[] }) {
  return (
    <>
      {media.map((m) => (
        <div key={m.mediaType} className="example">
          <p className="example-title">
            <code>{m.mediaType}</code>
            {m.schemaName ? (
              <>
                {' '}
                · <a href={`#schema-${m.schemaName}`}>{m.schemaName}</a>
              </>
            ) : m.schemaText ? (
              <> · {m.schemaText}</>
            ) : null}
          </p>
          {m.examples.map((e) => (
            <Example key={e.name} title={e.summary} text={e.text} />
          ))}
        </div>
      ))}
    </>
  );
}

function Example({ title, text }: { title: string; text: string }) {
  return (
    <div className="example">
      <p className="example-title">{title}</p>
      <CodeBlock text={text} label={title} />
    </div>
  );
}

function TypeText({ type, names }: { type: string; names: ReadonlySet<string> }) {
  const parts = type.split(/(\b[A-Z][A-Za-z]+\b)/g);
  return (
    <code>
      {parts.map((part, i) =>
        names.has(part) ? (
          <a key={i} href={`#schema-${part}`}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </code>
  );
}
