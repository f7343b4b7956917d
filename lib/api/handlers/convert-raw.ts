// POST /api/convert?from=yaml&to=json: the document itself in, the converted text out, metadata in X-Conversion-* headers.
import 'server-only';
import type { ConvertResult } from '@/lib/converter';
import { readRawQuery } from '@/lib/jobs/read-request';
import { readRawBody } from '../read-body';
import { bytesReply, type ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', yaml: 'application/yaml; charset=utf-8' } as const;
/** Keeps the warnings header well under common client limits (8 KB and up). */
const MAX_WARNINGS_HEADER = 4000;

export async function handleRawConvert(request: ApiRequest, ctx: ApiContext, query: URLSearchParams): Promise<ApiReply> {
  // The query is the request but its input: checked (400) before a byte of the body is read.
  const checked = readRawQuery(query);
  const body = await readRawBody(request, ctx.maxInputBytes, { account: ctx.account?.userId, gate: ctx.services.bodyGate, counter: ctx });
  const answer = await ctx.services.pool.run({ kind: 'convert-raw', body, request: checked }, request, ctx.account);
  return bytesReply(answer.body, conversionHeaders(answer.conversion!, CONTENT_TYPES[checked.to]));
}

function conversionHeaders(result: Omit<ConvertResult, 'output'>, contentType: string): Record<string, string> {
  const m = result.metadata;
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Conversion-Input-Size': String(m.inputSize),
    'X-Conversion-Output-Size': String(m.outputSize),
    'X-Conversion-Processing-Ms': String(m.processingMs),
    'X-Conversion-Anchors-Count': String(m.anchorsCount),
    'X-Conversion-Comments-Count': String(m.commentsCount),
    'X-Conversion-Documents': String(m.documents),
  };
  if (result.warnings.length > 0) headers['X-Conversion-Warnings'] = warningsHeader(result.warnings);
  return headers;
}

/** A JSON array of strings, ASCII only (header values are bytes), shortened when very long. */
export function warningsHeader(warnings: string[]): string {
  const kept: string[] = [];
  let length = 2;
  for (const [i, warning] of warnings.entries()) {
    const item = asciiJson(warning);
    if (length + item.length + 1 > MAX_WARNINGS_HEADER) {
      kept.push(asciiJson(`... and ${warnings.length - i} more warnings (use JSON mode to see them all).`));
      break;
    }
    kept.push(item);
    length += item.length + 1;
  }
  return `[${kept.join(',')}]`;
}

function asciiJson(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
