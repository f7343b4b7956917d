// POST /api/convert in JSON mode; raw mode (`?from=&to=`) is handed to handleRawConvert.
import 'server-only';
import { readJsonBodyBytes } from '../read-body';
import { bytesReply, type ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';
import { handleRawConvert } from './convert-raw';

export async function handleConvert(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const queryAt = request.url.indexOf('?');
  if (queryAt !== -1) {
    const query = new URLSearchParams(request.url.slice(queryAt + 1));
    if (query.has('from') || query.has('to')) return handleRawConvert(request, ctx, query);
  }
  const body = await readJsonBodyBytes(request, ctx.maxInputBytes, { account: ctx.account?.userId, gate: ctx.services.bodyGate, counter: ctx });
  // The pool answers the job (lib/jobs/conversion-job.ts): parsing and the one check of the request (400,
  // 413: lib/jobs/read-request.ts), then the conversion, on this thread or in a worker.
  const limit = { maxInputBytes: ctx.maxInputBytes, planName: ctx.planName };
  const answer = await ctx.services.pool.run({ kind: 'convert', body, limit }, request, ctx.account);
  return bytesReply(answer.body, JSON_HEADERS);
}

const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
