/** How bodies reach the conversion pool and how answers leave it: owned blocks in, bytes out, no whole-body copies. */
import { describe, expect, it } from 'vitest';
import { toResponse } from '@/lib/api/next-route';
import { bytesReply } from '@/lib/api/reply';
import { answerJob, isStructurallyHeavy } from '@/lib/jobs/conversion-job';
import { joinBlocks } from '@/lib/jobs/body-bytes';
import { reviveError, serializeError } from '@/lib/jobs/worker-protocol';
import { ConversionError, DeadlineExceeded } from '@/lib/converter';
import { ApiError } from '@/lib/api/errors';
import { BodyGate } from '@/lib/api/body-gate';
import { readJsonBodyBytes, readRawBody } from '@/lib/api/read-body';

const request = (body: BodyInit, headers: Record<string, string>) =>
  new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A stream of `count` chunks of `size` bytes, chunk i filled with the byte i % 256. */
function chunks(count: number, size: number): { stream: ReadableStream<Uint8Array>; sent: Uint8Array[] } {
  const sent: Uint8Array[] = [];
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === count) return controller.close();
      const chunk = new Uint8Array(size).fill(i++ % 256);
      sent.push(chunk);
      controller.enqueue(chunk);
    },
  });
  return { stream, sent };
}

const concat = (parts: Uint8Array[]) => Buffer.concat(parts);
/** Byte equality without a deep-equal walk (slow on megabytes). */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

describe('reading a body into blocks', () => {
  const gate = new BodyGate({ perAccount: 4, total: 32 });

  it('with a small Content-Length: one block of exactly that size, holding the bytes sent', async () => {
    const { stream, sent } = chunks(5, 1000);
    const body = await readRawBody(request(stream, { 'content-type': 'application/json', 'content-length': '5000' }), 10_000, { gate });
    expect(body.blocks).toHaveLength(1);
    expect(body.byteLength).toBe(5000);
    expect(body.blocks[0]!.buffer.byteLength).toBe(5000);
    expect(sameBytes(joinBlocks(body), concat(sent))).toBe(true);
  });

  it('without one: growing blocks of its own, never the chunks themselves, in order', async () => {
    const { stream, sent } = chunks(100, 10_000);
    const body = await readJsonBodyBytes(request(stream, { 'content-type': 'application/json' }), 1_000_000, { gate });
    expect(body.byteLength).toBe(1_000_000);
    expect(body.blocks.length).toBeGreaterThan(1);
    expect(body.blocks.reduce((n, b) => n + b.byteLength, 0)).toBe(1_000_000);
    const buffers = new Set(body.blocks.map((b) => b.buffer));
    expect(buffers.size).toBe(body.blocks.length);
    for (const chunk of sent) expect(buffers.has(chunk.buffer)).toBe(false);
    expect(sameBytes(joinBlocks(body), concat(sent))).toBe(true);
  });

  it('an empty body is one empty block', async () => {
    const body = await readJsonBodyBytes(request('', { 'content-type': 'application/json' }), 10, { gate });
    expect(body.byteLength).toBe(0);
    expect(joinBlocks(body)).toStrictEqual(new Uint8Array(0));
  });

  it('refuses a raw body one byte over the limit, streamed without a length', async () => {
    const { stream } = chunks(11, 1000);
    const err = await readRawBody(request(stream, { 'content-type': 'application/yaml' }), 10_999, { gate }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).message]).toStrictEqual(['payload_too_large', 'Input is more than 11 kB; the limit is 11 kB.']);
  });
});

describe('answering a job in-process', () => {
  it('gives the bytes of the JSON answer, as Response.json would', async () => {
    const input = { input: 'b: 1\nlist: [x, "y"]\n', inputType: 'yaml', outputType: 'json' };
    const block = new TextEncoder().encode(JSON.stringify(input));
    const answer = answerJob({ kind: 'convert', body: { blocks: [block], byteLength: block.byteLength }, limit: { maxInputBytes: 1000 } });
    expect(JSON.parse(Buffer.from(answer.body).toString('utf8'))).toMatchObject({
      success: true,
      output: '{\n  "b": 1,\n  "list": [\n    "x",\n    "y"\n  ]\n}\n',
      metadata: { inputSize: 20, outputSize: 47, anchorsCount: 0, commentsCount: 0, documents: 1 },
      warnings: [],
    });
    expect(answer.conversion).toBeUndefined();
  });
});

describe('refusals across a thread, as data', () => {
  it("serialises a refused request as its toJSON() and revives it as this copy's ApiError", () => {
    const block = new TextEncoder().encode('{"input": 1}');
    let refused: unknown;
    try {
      answerJob({ kind: 'convert', body: { blocks: [block], byteLength: block.byteLength }, limit: { maxInputBytes: 100 } });
    } catch (err) {
      refused = err;
    }
    const data = structuredClone(serializeError(refused));
    expect(data).toStrictEqual({
      name: 'ApiError',
      code: 'bad_request',
      message: 'Field "input" must be a string. Field "inputType" is required. Field "outputType" is required.',
    });
    const err = reviveError(data);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('bad_request');
  });

  it("revives the data a worker sent with this copy's classes", () => {
    // What crosses a thread: a structured clone of the error's toJSON() (the class is lost on the way).
    const otherCopy = structuredClone(
      serializeError(
        new ConversionError('limit_exceeded', 'Converting this input needs more than 1 MB', [
          { message: 'x', line: 1, column: 2, code: 'BAD_INDENT' },
        ]),
      ),
    );
    expect(otherCopy).not.toBeInstanceOf(ConversionError);
    const rebuilt = reviveError(otherCopy);
    expect(rebuilt).toBeInstanceOf(ConversionError);
    expect([(rebuilt as ConversionError).code, rebuilt.message, (rebuilt as ConversionError).details]).toStrictEqual([
      'limit_exceeded',
      'Converting this input needs more than 1 MB',
      [{ message: 'x', line: 1, column: 2, code: 'BAD_INDENT' }],
    ]);
    const deadline = reviveError(structuredClone(serializeError(new DeadlineExceeded(30))));
    expect(deadline).toBeInstanceOf(DeadlineExceeded);
    expect((deadline as DeadlineExceeded).afterMs).toBe(30);
    const api = reviveError(structuredClone(serializeError(new ApiError('unavailable', 'busy', { headers: { 'Retry-After': '5' } }))));
    expect(api).toBeInstanceOf(ApiError);
    expect([(api as ApiError).code, api.message, (api as ApiError).headers]).toStrictEqual(['unavailable', 'busy', { 'Retry-After': '5' }]);
    const crash = reviveError(structuredClone(serializeError(new TypeError('x is not a function'))));
    expect(crash).not.toBeInstanceOf(ApiError);
    expect(crash.message).toMatch(/^conversion failed: TypeError: x is not a function/);
  });
});

describe('a bytes reply served by a Next route', () => {
  const bytesResponse = (bytes: Uint8Array, headers: Record<string, string>) => toResponse(bytesReply(bytes, headers));
  it('sends a small body as it is', async () => {
    const res = bytesResponse(new TextEncoder().encode('{"a":1}'), { 'Content-Type': 'application/json' });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('{"a":1}');
  });

  it('streams a large body in views of the same bytes, with its Content-Length', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => i % 251);
    const res = bytesResponse(bytes, { 'Content-Type': 'application/yaml' });
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    const reader = res.body!.getReader();
    const parts: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    expect(parts.map((p) => p.byteLength)).toStrictEqual([1 << 20, 1 << 20, 1 << 20, 17]);
    expect(parts.every((p) => p.buffer === bytes.buffer)).toBe(true);
    expect(sameBytes(concat(parts), bytes)).toBe(true);
  });
});

describe('the request thread parses only request-shaped JSON bodies', () => {
  const heavy = (text: string) => isStructurallyHeavy(new TextEncoder().encode(text));

  it('takes a request of long strings, whatever the strings hold', () => {
    const input = `${'[{'.repeat(50_000)}"\\${'\\'.repeat(9)}, #`;
    const body = JSON.stringify({ input, inputType: 'yaml', outputType: 'json', preserveComments: true, meta: { a: [1, 2, { b: null }] } });
    expect(heavy(body)).toBe(false);
    // An escaped backslash before the closing quote ends the string.
    expect(heavy('{"input": "a\\\\", "x": [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}')).toBe(true);
    expect(heavy('{"input": "a\\", "type": "yaml"}')).toBe(false);
  });

  it('sends on deep nesting (more than 16 levels) and many values (more than 1,024)', () => {
    expect(heavy(`{"x": ${'['.repeat(16)}${']'.repeat(16)}}`)).toBe(true);
    expect(heavy(`{"x": ${'['.repeat(15)}${']'.repeat(15)}}`)).toBe(false);
    expect(heavy(`{"x": [${Array(1024).fill('1').join(',')}]}`)).toBe(true);
    expect(heavy(`{"x": [${Array(1000).fill('1').join(',')}]}`)).toBe(false);
    expect(heavy(`{"input": "never closed ${'['.repeat(100)}`)).toBe(false);
  });
});
