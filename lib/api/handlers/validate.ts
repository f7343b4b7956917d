// POST /api/validate: checks a document; invalid input is a 200 with `valid: false` and positioned errors.
import 'server-only';
import { checkInputSizeOrThrow } from '../check-input-size';
import { jsonResponse } from '../json-response';
import { parseRequestOrThrow } from '../parse-request';
import { readJsonBody } from '../read-body';
import { runValidate } from '../run-converter';
import { ValidateRequestSchema, type ValidateResponse } from '../schemas';
import type { ApiContext } from '../with-api';

export async function handleValidate(request: Request, ctx: ApiContext): Promise<Response> {
  const body = parseRequestOrThrow(ValidateRequestSchema, await readJsonBody(request, ctx.maxInputBytes));
  checkInputSizeOrThrow(body.input, ctx);
  const result: ValidateResponse = await runValidate(body, request.signal);
  return jsonResponse(result);
}
