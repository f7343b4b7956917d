// GET /api/openapi.json and /api/openapi.yaml: the OpenAPI document generated from the request and
// response schemas, as JSON, or as YAML written by the project's own converter from that JSON.
import 'server-only';
import { convert } from '@/lib/converter';
import { jsonReply, type ApiReply } from '../reply';
import { getOpenApiDocument } from '../openapi';

export function handleOpenApi(): ApiReply {
  return jsonReply(getOpenApiDocument());
}

let yamlText: string | undefined;

/** The same document in YAML (made once: the document does not change while the server runs). */
export function openApiYaml(): string {
  yamlText ??= convert({ input: JSON.stringify(getOpenApiDocument()), inputType: 'json', outputType: 'yaml' }).output;
  return yamlText;
}

export function handleOpenApiYaml(): ApiReply {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/yaml; charset=utf-8', 'Cache-Control': 'no-store' },
    body: openApiYaml(),
  };
}
