// Shared helpers for the API tests: requests against the running server and exact error-body assertions.
import http from 'node:http';
import { expect, inject } from 'vitest';
import type { ApiErrorCode } from '@/lib/api/errors';
import type { ValidationIssue } from '@/lib/converter/types';

export const baseUrl = inject('baseUrl');
export const maxInputBytes = inject('maxInputBytes');
/** An Enterprise key: the helpers send it unless a test passes its own headers. */
export const apiKey = inject('apiKey');
export const databaseUrl = inject('databaseUrl');
export const authHeader = { Authorization: `Bearer ${apiKey}` };

export const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;

/** POSTs `body` as JSON (a string is sent as is, so broken JSON can be sent too). */
export function postJson(path: string, body: unknown, contentType = 'application/json'): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...authHeader, 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POSTs raw bytes; `contentType: null` sends no Content-Type at all. */
export function postBytes(path: string, body: string | Uint8Array, contentType: string | null): Promise<Response> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: contentType === null ? authHeader : { ...authHeader, 'Content-Type': contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

export interface ExpectedError {
  code: ApiErrorCode;
  /** A string, or an asymmetric matcher for messages the converter words. */
  message: unknown;
  details?: ValidationIssue[] | unknown;
}

/** The exact status and body of an error; the body's requestId is the X-Request-Id header. */
export async function expectError(res: Response, status: number, expected: ExpectedError): Promise<void> {
  const body: unknown = await res.json();
  const error: Record<string, unknown> = {
    code: expected.code,
    message: expected.message,
    requestId: expect.stringMatching(REQUEST_ID),
  };
  if (expected.details !== undefined) error.details = expected.details;
  expect({ status: res.status, body }).toStrictEqual({ status, body: { success: false, error } });
  expect((body as { error: { requestId: string } }).error.requestId).toBe(res.headers.get('x-request-id'));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

/** After every hostile request: the server still answers. */
export async function expectServerAlive(): Promise<void> {
  const res = await fetch(`${baseUrl}/api/health/live`);
  expect(res.status).toBe(200);
  expect(await res.json()).toStrictEqual({ status: 'healthy' });
}

/** What the server says for a body JSON.parse rejects (same Node, same message). */
export function invalidJsonMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return `The request body is not valid JSON: ${(err as Error).message}`;
  }
  throw new Error('the text is valid JSON');
}

export interface StreamedResult {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes the client had handed to the socket when the answer arrived. */
  written: number;
}

/**
 * POSTs a body of 1 MiB chunks (or `chunkBytes`) that only stops when the server answers (or `maxBytes` is
 * reached), optionally declaring a Content-Length. A server that read everything before
 * answering would never answer; so would one whose answer is lost to a reset (one attempt).
 */
export function postEndless(
  path: string,
  headers: Record<string, string>,
  options: { maxBytes: number; stopAfter?: number; chunkBytes?: number },
): Promise<StreamedResult> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: 'POST',
      headers: { ...authHeader, ...headers },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, written });
        req.destroy();
      });
    });
    // Writing after the server ended the connection is expected; only a missing answer fails.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(options.chunkBytes ?? 1 << 20, 0x20);
    const pump = () => {
      while (!answered) {
        if (written >= (options.stopAfter ?? Infinity)) return;
        if (written >= options.maxBytes) {
          reject(new Error(`no answer after ${written} bytes`));
          req.destroy();
          return;
        }
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}
