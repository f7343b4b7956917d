// POST /api/format: re-indents and normalises a document without changing its data (convert with outputType = inputType).
import 'server-only';
import { readJsonBodyBytes } from '../read-body';
import { bytesReply, type ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

export async function handleFormat(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBodyBytes(request, ctx.maxInputBytes, { account: ctx.account?.userId, gate: ctx.services.bodyGate, counter: ctx });
  // Parsing, the one check of the request (400, 413: lib/jobs/read-request.ts) and the conversion: lib/jobs/conversion-job.ts.
  const limit = { maxInputBytes: ctx.maxInputBytes, planName: ctx.planName };
  const answer = await ctx.services.pool.run({ kind: 'format', body, limit }, request, ctx.account);
  return bytesReply(answer.body, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
}
