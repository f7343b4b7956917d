// GET /api/openapi.json: the OpenAPI document generated from the request and response schemas.
import 'server-only';
import { jsonReply, type ApiReply } from '../reply';
import { getOpenApiDocument } from '../openapi';

export function handleOpenApi(): ApiReply {
  return jsonReply(getOpenApiDocument());
}
