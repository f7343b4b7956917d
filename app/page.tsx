// The landing page: what yamljson does, a live example, the API in one call, the plans.
import Link from 'next/link';
import { LiveExample } from '@/components/landing/live-example';
import { PlanCards } from '@/components/pricing/plan-cards';
import { planOffers } from '@/lib/billing/offers';
import { services } from '@/lib/services/seam';
import { convert } from '@/lib/converter';
import { PLANS } from '@/lib/accounts/plans';
import { formatBytes } from '@/lib/format/format-bytes';

const FREE_PLAN_LINE = `Free plan: ${PLANS.free.requestsPerHour!.toLocaleString('en-US')} requests an hour, documents up to ${formatBytes(PLANS.free.maxInputBytes)}.`;

const FEATURES = [
  {
    title: 'Every digit, every key in order',
    text: '12345678901234567890 stays 12345678901234567890, and {"b":1,"2":2} keeps its order. No silent rounding, no sorted keys.',
  },
  {
    title: 'Real-world YAML',
    text: 'Merge keys (<<: *defaults) are applied, multi-document streams become arrays, YAML 1.1 files are read as written.',
  },
  {
    title: 'Safe by design',
    text: 'Aliases expand within a size budget: a Compose file with thousands of merges converts, a "billion laughs" is refused at once.',
  },
  {
    title: 'Comments carried over',
    text: 'Ask for preserveComments and YAML comments become JSONC comments, and back, at the same places.',
  },
  {
    title: 'YAML that reads back the same',
    text: '"no", "on", "1.0" and "2001-12-14" are quoted so YAML 1.1 and 1.2 readers both read the data you sent.',
  },
  {
    title: 'Errors you can act on',
    text: 'Every problem with its line, column and a stable code (DUPLICATE_KEY, BAD_INDENT...), all of them, not just the first.',
  },
];

const REQUEST = `curl -s https://your-host/api/convert \\
  -H "Authorization: Bearer $YAMLJSON_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"input": "name: yamljson\\ntags: [fast, exact]", "inputType": "yaml", "outputType": "json"}'`;

const EXAMPLE_INPUT = 'name: yamljson\ntags: [fast, exact]';

/** The real answer for the example request, computed by the converter when the page is built. */
function exampleResponse(): string {
  const result = convert({ input: EXAMPLE_INPUT, inputType: 'yaml', outputType: 'json' });
  return JSON.stringify({ ...result, metadata: { ...result.metadata, processingMs: 0 } }, null, 2);
}

export default async function HomePage() {
  const billing = services().billing;
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div>
          <h1 id="hero-heading">YAML ⇄ JSON, exactly.</h1>
          <p className="lead">
            yamljson is an HTTP API that converts YAML to JSON and back without losing a digit, a key&apos;s place or, when you ask, a comment.
            Validate documents and get every error with its line and column.
          </p>
          <div className="hero-actions">
            <Link href="/signup" className="button button-primary button-large">
              Get a free API key
            </Link>
            <Link href="/playground" className="button button-large">
              Open the playground
            </Link>
          </div>
          <p className="small muted">{FREE_PLAN_LINE} No card needed.</p>
        </div>
        <LiveExample />
      </section>

      <section className="section" aria-labelledby="features-heading">
        <h2 id="features-heading">What makes it exact</h2>
        <div className="features">
          {FEATURES.map((f) => (
            <div key={f.title} className="card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="api-heading">
        <h2 id="api-heading">One call</h2>
        <p className="muted">
          Send the document and the two formats; get the output and its metadata. Or post the file itself with <code>?from=yaml&amp;to=json</code>.
          The <Link href="/docs">API reference</Link> has every endpoint and error.
        </p>
        <div className="code-example">
          <div>
            <p className="example-title">Request</p>
            <pre tabIndex={0}>
              <code>{REQUEST}</code>
            </pre>
          </div>
          <div>
            <p className="example-title">Response</p>
            <pre tabIndex={0}>
              <code>{exampleResponse()}</code>
            </pre>
          </div>
        </div>
      </section>

      <section className="section" id="plans" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Plans</h2>
        <p className="muted">
          {billing
            ? 'Start free, no card needed. Pro is billed monthly by Stripe and cancelled any time; Enterprise is agreed with you.'
            : services().config.selfServeUpgrades
              ? 'Every plan has every feature. Change plan any time from the dashboard.'
              : 'Every plan has every feature. Accounts start on Free; the operator of this service grants larger plans (the dashboard says how to ask).'}{' '}
          <Link href="/pricing">Plans and prices in detail</Link>.
        </p>
        <PlanCards offers={await planOffers(billing)} />
      </section>
    </>
  );
}
