// The API reference, rendered on the server from the OpenAPI document: nothing loads from elsewhere.
import { CONVERSION_RULES } from '@/lib/web/conversion-rules';
import type { DocsFacts } from '@/lib/web/docs-facts-view';
import type { ApiReferenceView } from '@/lib/web/openapi-view';
import { DocsNav } from './docs-nav';
import { ErrorsSection } from './errors-section';
import { LimitsSection, RetryAfterSection } from './limits';
import { OperationSection } from './operation-section';
import { InlineText, RichText } from './rich-text';
import { SchemasSection } from './schemas-section';

export function ApiReference({ view, facts }: { view: ApiReferenceView; facts: DocsFacts }) {
  const names = new Set(view.schemas.map((s) => s.name));
  return (
    <div className="docs">
      <DocsNav view={view} />

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

        <ErrorsSection errorCodes={view.errorCodes} />

        {view.operations.map((op) => (
          <OperationSection key={op.id} op={op} names={names} />
        ))}

        <SchemasSection schemas={view.schemas} names={names} />
      </div>
    </div>
  );
}
