// The `curl` command that sends the playground's current request to the API.
import type { PlaygroundRequest } from './playground-state';

/** Above this many characters the body is not inlined: the command reads the document from a file. */
export const INLINE_INPUT_LIMIT = 8_000;

export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** Quotes text for a POSIX shell: one single-quoted word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function buildCurlCommand(origin: string, request: PlaygroundRequest, apiKey: string = API_KEY_PLACEHOLDER): string {
  const auth = `-H ${shellQuote(`Authorization: Bearer ${apiKey}`)}`;
  const { input } = request.body;
  if (input.length <= INLINE_INPUT_LIMIT) {
    return [
      `curl -s ${shellQuote(origin + request.endpoint)}`,
      `  ${auth}`,
      `  -H 'Content-Type: application/json'`,
      `  --data-binary ${shellQuote(JSON.stringify(request.body))}`,
    ].join(' \\\n');
  }
  if (request.endpoint === '/api/convert') {
    // Raw mode: the file itself is the body, the answer is the converted document.
    const { input: _input, inputType, outputType, ...flags } = request.body;
    const query = new URLSearchParams({ from: inputType, to: outputType });
    // The body's other fields, each as the query parameter of the same name (preserve switches, formatting
    // options). The body holds only values that differ from the default, `false` ones included.
    for (const [name, value] of Object.entries(flags)) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const file = `input.${inputType}`;
    return [
      `curl -s ${shellQuote(`${origin}/api/convert?${query}`)}`,
      `  ${auth}`,
      `  -H 'Content-Type: ${inputType === 'yaml' ? 'application/yaml' : 'application/json'}'`,
      `  --data-binary @${file}`,
    ].join(' \\\n');
  }
  const { type, schema } = request.body;
  // A schema travels as its text, read from a file of its own like the document.
  const withSchema = schema !== undefined ? ' --rawfile schema schema.json' : '';
  const fields = `{input: ., type: ${JSON.stringify(type)}${schema !== undefined ? ', schema: $schema' : ''}}`;
  return [
    `jq -Rs${withSchema} ${shellQuote(fields)} input.${type === 'yaml' ? 'yaml' : 'json'} |`,
    `  curl -s ${shellQuote(origin + request.endpoint)}`,
    `  ${auth}`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary @-`,
  ].join(' \\\n');
}
