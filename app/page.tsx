// The landing page (placeholder until the web pages land): what the service does and one curl example.
const CURL_EXAMPLE = `curl https://yamljson.example/api/convert \\
  -H "Authorization: Bearer $YAMLJSON_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"input": "name: yamljson\\ntags: [fast, exact]", "inputType": "yaml", "outputType": "json"}'`;

const RAW_EXAMPLE = `curl "https://yamljson.example/api/convert?from=yaml&to=json" \\
  -H "Authorization: Bearer $YAMLJSON_KEY" \\
  --data-binary @docker-compose.yml`;

export default function HomePage() {
  return (
    <main className="page">
      <h1>yamljson</h1>
      <p className="lead">
        Convert YAML to JSON and back over HTTP. Key order and every digit are kept, merge keys are applied, and comments
        and anchors are carried over when you ask.
      </p>
      <h2>Convert a document</h2>
      <pre>
        <code>{CURL_EXAMPLE}</code>
      </pre>
      <p className="muted">
        The answer holds the output and its metadata: input and output size in bytes, processing time, anchors and
        comments found.
      </p>
      <h2>Or send the file itself</h2>
      <pre>
        <code>{RAW_EXAMPLE}</code>
      </pre>
      <p>
        The full reference is the <a href="/api/openapi.json">OpenAPI document</a>.
      </p>
    </main>
  );
}
