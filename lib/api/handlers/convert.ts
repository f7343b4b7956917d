// POST /api/convert in JSON mode; raw mode (`?from=&to=`) is handed to handleRawConvert.
import 'server-only';
import { checkInputSizeOrThrow } from '../check-input-size';
import { jsonResponse } from '../json-response';
import { parseRequestOrThrow } from '../parse-request';
import { readJsonBody } from '../read-body';
import { runConvert } from '../run-converter';
import { ConvertRequestSchema, type ConvertResponse } from '../schemas';
import type { ApiContext } from '../with-api';
import { handleRawConvert } from './convert-raw';

export async function handleConvert(request: Request, ctx: ApiContext): Promise<Response> {
  const query = new URL(request.url).searchParams;
  if (query.has('from') || query.has('to')) return handleRawConvert(request, ctx, query);

  const body = parseRequestOrThrow(ConvertRequestSchema, await readJsonBody(request, ctx.maxInputBytes));
  checkInputSizeOrThrow(body.input, ctx);
  const result: ConvertResponse = await runConvert(body, request.signal);
  return jsonResponse(result);
}
