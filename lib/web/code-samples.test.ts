// The four forms of each operation's example send the same request: the curl command is parsed as a
// shell would split it, the fetch code is run against a recording fetch, the Python code is run by
// python3 against a recording `requests` module, and the SDK code is run with the real SDK
// (packages/sdk) whose fetch records the request; each must give the method, URL, headers and body
// of the one SampleRequest they are made from.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { Yamljson, YamljsonError, type YamljsonOptions } from '@/packages/sdk/src/index';
import {
  curlSample,
  fetchSample,
  pythonSample,
  SDK_PACKAGE,
  sampleHeaders,
  sampleLanguages,
  sampleRequest,
  sdkSample,
  type SampleRequest,
} from './code-samples';
import { toApiReferenceView } from './openapi-view';

const ORIGIN = 'https://api.example.test';
const operations = toApiReferenceView(getOpenApiDocument()).operations;

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body's JSON value, or null without a body. */
  json: unknown;
}

function expected(request: SampleRequest): Sent {
  return {
    method: request.method,
    url: ORIGIN + request.path,
    headers: Object.fromEntries(sampleHeaders(request)),
    json: request.json === undefined ? null : request.json,
  };
}

/** Splits a command line as a POSIX shell does for what the samples use: single quotes, `'\''`, backslash-newline. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated quote');
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      if (command[i + 1] === '\n') i++;
      else word = (word ?? '') + command[++i];
    } else if (c === ' ' || c === '\n') {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

function curlSends(command: string): Sent {
  const words = shellWords(command);
  expect(words.shift()).toBe('curl');
  const sent: Sent = { method: 'GET', url: '', headers: {}, json: null };
  let body: string | undefined;
  while (words.length) {
    const w = words.shift()!;
    if (w === '-s') continue;
    if (w === '-X') sent.method = words.shift()!;
    else if (w === '-H') {
      const h = words.shift()!;
      const colon = h.indexOf(':');
      sent.headers[h.slice(0, colon)] = h.slice(colon + 1).trim();
    } else if (w === '--data-binary') body = words.shift()!;
    else if (!w.startsWith('-')) sent.url = w;
    else throw new Error(`unexpected curl option ${w}`);
  }
  // curl posts when given data and no -X.
  if (body !== undefined) {
    if (!command.includes(' -X ')) sent.method = 'POST';
    sent.json = JSON.parse(body);
  }
  return sent;
}

async function fetchSends(code: string): Promise<Sent> {
  let sent: Sent | undefined;
  const recordingFetch = async (url: string, init: { method: string; headers?: Record<string, string>; body?: string }) => {
    sent = { method: init.method, url, headers: init.headers ?? {}, json: init.body === undefined ? null : JSON.parse(init.body) };
    return { status: 200, text: async () => '' };
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
  await new AsyncFunction('fetch', 'console', code)(recordingFetch, { log: () => {} });
  if (!sent) throw new Error('the code did not call fetch');
  return sent;
}

/** Runs the SDK sample with the real client, its fetch recording the one request and answering 200. */
async function sdkSends(code: string): Promise<Sent> {
  const requests: Request[] = [];
  class RecordingYamljson extends Yamljson {
    constructor(options: YamljsonOptions) {
      super({
        ...options,
        retry: false,
        fetch: async (request) => {
          requests.push(request);
          return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
        },
      });
    }
  }
  const importLine = `import { Yamljson, YamljsonError } from '${SDK_PACKAGE}';\n`;
  expect(code.startsWith(importLine)).toBe(true);
  const failures: unknown[][] = [];
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
  await new AsyncFunction('Yamljson', 'YamljsonError', 'console', code.slice(importLine.length))(RecordingYamljson, YamljsonError, {
    log: () => {},
    error: (...args: unknown[]) => failures.push(args),
  });
  expect(failures).toStrictEqual([]);
  expect(requests).toHaveLength(1);
  const request = requests[0]!;
  const text = await request.text();
  return { method: request.method, url: request.url, headers: Object.fromEntries(request.headers), json: text === '' ? null : JSON.parse(text) };
}

/** Header names as fetch's Headers gives them: lower case. */
function lowerCaseHeaders(sent: Sent): Sent {
  return { ...sent, headers: Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value])) };
}

const hasPython = spawnSync('python3', ['--version']).status === 0;
const pythonDir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-samples-'));
afterAll(() => rmSync(pythonDir, { recursive: true, force: true }));
// A `requests` module that records the call instead of sending it (json= sets Content-Type: application/json, as requests does).
writeFileSync(
  path.join(pythonDir, 'requests.py'),
  `import json, sys
class _Response:
    status_code = 200
    text = ""
def _record(method, url, headers=None, json=None):
    headers = dict(headers or {})
    if json is not None:
        headers["Content-Type"] = "application/json"
    sys.stderr.write(__import__("json").dumps({"method": method, "url": url, "headers": headers, "json": json}))
    return _Response()
def get(url, **kw): return _record("GET", url, **kw)
def post(url, **kw): return _record("POST", url, **kw)
`,
);

function pythonSends(code: string): Sent {
  const result = spawnSync('python3', ['-c', code], { env: { ...process.env, PYTHONPATH: pythonDir }, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stderr) as Sent;
}

describe('the example request of every operation, in curl, fetch and Python', () => {
  it('covers every operation, those with a JSON body sending it', () => {
    expect(operations.length).toBeGreaterThan(5);
    const convert = sampleRequest(operations.find((o) => o.id === 'convert')!);
    expect(convert.json).toMatchObject({ inputType: 'yaml', outputType: 'json' });
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: curl and fetch send the same request', async (_name, op) => {
    const request = sampleRequest(op);
    expect(curlSends(curlSample(ORIGIN, request))).toStrictEqual(expected(request));
    expect(await fetchSends(fetchSample(ORIGIN, request))).toStrictEqual(expected(request));
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: the TypeScript SDK sends the same request', async (_name, op) => {
    const request = sampleRequest(op);
    expect(sampleLanguages(request).map((l) => l.id)).toContain('sdk');
    expect(await sdkSends(sdkSample(ORIGIN, request))).toStrictEqual(lowerCaseHeaders(expected(request)));
  });

  it('the SDK samples type-check against the SDK (its generated request types included)', () => {
    const root = path.resolve(__dirname, '../..');
    const importLine = `import { Yamljson, YamljsonError } from '${SDK_PACKAGE}';\n`;
    const functions = operations.map(
      (op, i) => `export async function sample${i}() {\n${sdkSample(ORIGIN, sampleRequest(op)).replace(importLine, '')}\n}`,
    );
    // Inside the repository, so the SDK's own imports (openapi-fetch) resolve.
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const dir = mkdtempSync(path.join(root, '.tmp', 'sdk-samples-'));
    try {
      const file = path.join(dir, 'samples.ts');
      writeFileSync(
        file,
        [importLine.replace(`'${SDK_PACKAGE}'`, JSON.stringify(path.join(root, 'packages/sdk/src/index'))), ...functions].join('\n'),
      );
      const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
      const flags = [
        '--noEmit',
        '--strict',
        '--target',
        'ES2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--skipLibCheck',
        '--lib',
        'ES2023,DOM',
      ];
      const result = spawnSync(process.execPath, [tsc, ...flags, file], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // python3 is on the development machine and in CI; elsewhere this part may be skipped, never under CI=true.
  it.runIf(hasPython || process.env.CI === 'true').each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: Python (requests) sends it too',
    (_name, op) => {
      const request = sampleRequest(op);
      expect(pythonSends(pythonSample(ORIGIN, request))).toStrictEqual(expected(request));
    },
  );

  it('quotes what a shell or a string literal would otherwise break on', async () => {
    const request: SampleRequest = {
      method: 'POST',
      path: '/api/convert',
      keyed: true,
      json: { input: 'it\'s \\ "x"\n\u00e9', flag: true, none: null },
    };
    expect(curlSends(curlSample(ORIGIN, request))).toStrictEqual(expected(request));
    expect(await fetchSends(fetchSample(ORIGIN, request))).toStrictEqual(expected(request));
    if (hasPython) expect(pythonSends(pythonSample(ORIGIN, request))).toStrictEqual(expected(request));
    const viaSdk = { ...request, operationId: 'convert' };
    expect(await sdkSends(sdkSample(ORIGIN, viaSdk))).toStrictEqual(lowerCaseHeaders(expected(viaSdk)));
  });
});
