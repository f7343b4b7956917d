// POST /api/convert in JSON mode; raw mode (`?from=&to=`) is handed to handleRawConvert.
import 'server-only';
import { bytesResponse } from '../bytes-response';
import { readJsonBodyBytes } from '../read-body';
import { runConversionJob } from '../run-converter';
import type { ApiContext } from '../with-api';
import { handleRawConvert } from './convert-raw';

export async function handleConvert(request: Request, ctx: ApiContext): Promise<Response> {
  const query = new URL(request.url).searchParams;
  if (query.has('from') || query.has('to')) return handleRawConvert(request, ctx, query);

  const body = await readJsonBodyBytes(request, ctx.maxInputBytes);
  // Parsing, the schema (400), the size check (413) and the conversion: conversion-job.ts.
  const limit = { maxInputBytes: ctx.maxInputBytes, planName: ctx.planName };
  const answer = await runConversionJob({ kind: 'convert', body, limit }, request.signal);
  return bytesResponse(answer.body, JSON_HEADERS);
}

const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
