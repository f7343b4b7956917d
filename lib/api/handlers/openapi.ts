// GET /api/openapi.json: the OpenAPI document generated from the request and response schemas.
import 'server-only';
import { jsonResponse } from '../json-response';
import { getOpenApiDocument } from '../openapi';

export function handleOpenApi(): Response {
  return jsonResponse(getOpenApiDocument());
}
