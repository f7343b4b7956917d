// GET /api/openapi.json and /api/openapi.yaml: the OpenAPI document generated from the request and
// response schemas, as JSON, or as YAML written by the project's own converter from that JSON.
// `servers` names the origin the client reached (or the configured site URL).
import 'server-only';
import { convert } from '@/lib/converter';
import { getOpenApiDocument } from '../openapi';
import { jsonReply, type ApiReply } from '../reply';
import { requestOrigin } from '../request-origin';
import type { ApiContext, ApiRequest } from '../with-api';

export function handleOpenApi(request: ApiRequest, ctx: ApiContext): ApiReply {
  return jsonReply(getOpenApiDocument(requestOrigin(request, ctx.services.config.siteOrigin)));
}

/** The last YAML made, by origin: a server answers under one origin, so this is made once in practice. */
let yamlCache: { origin: string; text: string } | undefined;

/** The same document in YAML, `servers` naming `origin`. */
export function openApiYaml(origin: string): string {
  if (yamlCache?.origin !== origin) {
    const text = convert({ input: JSON.stringify(getOpenApiDocument(origin)), inputType: 'json', outputType: 'yaml' }).output;
    yamlCache = { origin, text };
  }
  return yamlCache.text;
}

export function handleOpenApiYaml(request: ApiRequest, ctx: ApiContext): ApiReply {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/yaml; charset=utf-8', 'Cache-Control': 'no-store' },
    body: openApiYaml(requestOrigin(request, ctx.services.config.siteOrigin)),
  };
}
