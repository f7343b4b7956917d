// Each body buffer used to be allocated at the declared Content-Length before any byte
// arrived, so 2,000 slow uploads declaring 100 MB stalled the event loop for seconds. Now blocks
// grow as bytes arrive, and large bodies (over 1 MiB) take a place per account and in total.
import { describe, expect, it } from 'vitest';
import { BodyGate, LARGE_BODY_BYTES, uploadsPerAccount } from '@/lib/api/body-gate';
import { ApiError, toErrorReply } from '@/lib/api/errors';
import { readJsonBodyBytes, readRawBody } from '@/lib/api/read-body';
import { joinBlocks } from '@/lib/jobs/body-bytes';
import type { ApiRequest, BodyReader } from '@/lib/api/with-api';

/** A slow upload: sends the chunks it is given, then waits until finish() or fail(). */
function slowUpload(headers: Record<string, string>) {
  const queue: Uint8Array[] = [];
  let wake: (() => void) | null = null;
  let ended: 'done' | Error | null = null;
  let reads = 0;
  const reader: BodyReader = {
    async read() {
      reads++;
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      const chunk = queue.shift();
      if (chunk) return { done: false, value: chunk };
      if (ended instanceof Error) throw ended;
      return { done: true, value: undefined };
    },
    cancel() {
      ended ??= new Error('cancelled');
      return Promise.resolve();
    },
  };
  const request: ApiRequest = {
    method: 'POST',
    url: 'http://x/api/convert',
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    signal: new AbortController().signal,
    body: { openReader: () => reader },
  };
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return {
    request,
    reads: () => reads,
    send(chunk: Uint8Array) {
      queue.push(chunk);
      poke();
    },
    finish() {
      ended ??= 'done';
      poke();
    },
    fail(err: Error) {
      ended ??= err;
      poke();
    },
  };
}

const JSON_100MB = { 'content-type': 'application/json', 'content-length': '100000000' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const many = new BodyGate({ perAccount: 1_000, total: 1_000 });

describe('slow uploads declaring 100 MB', () => {
  it('hold memory for the bytes that arrived, not for the bytes declared', async () => {
    const count = 100;
    const before = process.memoryUsage().arrayBuffers;
    const uploads = Array.from({ length: count }, () => slowUpload(JSON_100MB));
    let settled = 0;
    const reads = uploads.map((u, i) => {
      const read = readJsonBodyBytes(u.request, 100_000_000, { account: `account-${i}`, gate: many });
      read.then(
        () => settled++,
        () => settled++,
      );
      return read;
    });
    for (const u of uploads) u.send(new TextEncoder().encode('{"input": "a: '));
    await settle();
    expect(settled).toBe(0);
    expect(uploads.every((u) => u.reads() === 2)).toBe(true); // each read its first chunk and waits for more
    // 100 x 100 MB declared: what the reader holds is its first 64 KiB block each, 6.4 MB in all.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(count * 1024 * 1024);
    expect(many.heldBytes).toBeLessThanOrEqual(count * 64 * 1024);
    for (const u of uploads) u.finish();
    await Promise.all(reads);
    expect(many.heldBytes).toBe(0);
    expect(many.active).toBe(0);
  });

  it('grow their blocks as bytes arrive, doubling, and keep every byte in order', async () => {
    const upload = slowUpload({ 'content-type': 'application/yaml', 'content-length': String(3_000_000) });
    const read = readRawBody(upload.request, 100_000_000, { account: 'grow', gate: many });
    const sent: Uint8Array[] = [];
    for (let i = 0; i < 300; i++) {
      const chunk = new Uint8Array(10_000).fill(i % 251);
      sent.push(chunk);
      upload.send(chunk);
      await Promise.resolve();
      // Never much more than what has arrived (a block at most twice what came before it).
      expect(many.heldBytes).toBeLessThanOrEqual(Math.max(64 * 1024, 3 * (i + 1) * 10_000));
    }
    upload.finish();
    const body = await read;
    expect(body.byteLength).toBe(3_000_000);
    expect(body.blocks.map((b) => b.byteLength)).toStrictEqual([65536, 131072, 262144, 524288, 1048576, 968384]);
    expect(Buffer.from(joinBlocks(body)).equals(Buffer.concat(sent))).toBe(true);
  });
});

describe('the body gate: large bodies at once', () => {
  const large = { 'content-type': 'application/json', 'content-length': String(5_000_000) };

  it('answers 429 rate_limited past the account share and 503 unavailable past the total, both with Retry-After', async () => {
    const gate = new BodyGate({ perAccount: 2, total: 3 });
    const a1 = slowUpload(large);
    const a2 = slowUpload(large);
    const reads = [
      readJsonBodyBytes(a1.request, 10_000_000, { account: 'a', gate }),
      readJsonBodyBytes(a2.request, 10_000_000, { account: 'a', gate }),
    ];
    expect(gate.active).toBe(2);

    const a3 = slowUpload(large);
    const refused = await readJsonBodyBytes(a3.request, 10_000_000, { account: 'a', gate }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    const reply = toErrorReply(refused, 'req_test');
    expect(reply.status).toBe(429);
    expect(reply.headers['Retry-After']).toBe('5');
    expect(JSON.parse(reply.body as string)).toMatchObject({ success: false, error: { code: 'rate_limited', requestId: 'req_test' } });
    expect(a3.reads()).toBe(0); // refused before reading a byte

    // Another account still gets the last place; then nobody does.
    const b1 = slowUpload(large);
    reads.push(readJsonBodyBytes(b1.request, 10_000_000, { account: 'b', gate }));
    const c1 = slowUpload(large);
    const full = toErrorReply(await readJsonBodyBytes(c1.request, 10_000_000, { account: 'c', gate }).catch((e: unknown) => e), 'req_full');
    expect(full.status).toBe(503);
    expect(full.headers['Retry-After']).toBe('5');
    expect(JSON.parse(full.body as string).error.code).toBe('unavailable');

    // A small body needs no place.
    const small = slowUpload({ 'content-type': 'application/json', 'content-length': '11' });
    small.send(new TextEncoder().encode('{"input":1}'));
    small.finish();
    expect((await readJsonBodyBytes(small.request, 10_000_000, { account: 'a', gate })).byteLength).toBe(11);

    // A finished body gives its place back.
    a1.finish();
    await reads[0];
    expect(gate.active).toBe(2);
    const a4 = slowUpload(large);
    reads.push(readJsonBodyBytes(a4.request, 10_000_000, { account: 'a', gate }));
    expect(gate.active).toBe(3);
    for (const u of [a2, b1, a4]) u.finish();
    await Promise.all(reads);
    expect(gate.active).toBe(0);
  });

  it('counts a body without a Content-Length once more than 1 MiB of it has arrived', async () => {
    const gate = new BodyGate({ perAccount: 1, total: 10 });
    const first = slowUpload({ 'content-type': 'application/json' });
    const firstRead = readJsonBodyBytes(first.request, 10_000_000, { account: 'a', gate });
    const second = slowUpload({ 'content-type': 'application/json' });
    const secondRead = readJsonBodyBytes(second.request, 10_000_000, { account: 'a', gate }).catch((e: unknown) => e);
    const chunk = new Uint8Array(64 * 1024);
    for (let sent = 0; sent <= LARGE_BODY_BYTES; sent += chunk.byteLength) {
      first.send(chunk);
      second.send(chunk);
      await settle();
    }
    expect(gate.active).toBe(1);
    const err = await secondRead;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('rate_limited');
    first.finish();
    expect((await firstRead).byteLength).toBe(LARGE_BODY_BYTES + chunk.byteLength);
    expect(gate.active).toBe(0);
    expect(gate.heldBytes).toBe(0);
  });
});

describe('the body gate: bodies of any size at once per account', () => {
  // Slow uploads declaring less than 1 MiB took no place: one account could hold every connection.
  const small = { 'content-type': 'application/json', 'content-length': '999999' };

  it('answers 429 rate_limited with Retry-After and Connection: close past the account share, before reading a byte', async () => {
    const gate = new BodyGate({ perAccount: 4, total: 32, uploadsPerAccount: 3 });
    const held = [slowUpload(small), slowUpload(small), slowUpload(small)];
    const reads = held.map((u) => readJsonBodyBytes(u.request, 1_000_000, { account: 'a', gate }));
    expect(gate.uploads('a')).toBe(3);

    const excess = slowUpload(small);
    const reply = toErrorReply(await readJsonBodyBytes(excess.request, 1_000_000, { account: 'a', gate }).catch((e: unknown) => e), 'req_test');
    expect([reply.status, reply.headers['Retry-After'], reply.headers.Connection]).toStrictEqual([429, '5', 'close']);
    expect(JSON.parse(reply.body as string)).toStrictEqual({
      success: false,
      error: {
        code: 'rate_limited',
        message: 'This account is already sending 3 request bodies at once, the most it may; wait for one to finish.',
        requestId: 'req_test',
      },
    });
    expect(excess.reads()).toBe(0);

    // Another account is not held back by it.
    const other = slowUpload({ 'content-type': 'application/json', 'content-length': '11' });
    other.send(new TextEncoder().encode('{"input":1}'));
    other.finish();
    expect((await readJsonBodyBytes(other.request, 1_000_000, { account: 'b', gate })).byteLength).toBe(11);

    // A body that ends, or fails, gives its place back.
    held[0]!.send(new TextEncoder().encode('{}'));
    held[0]!.finish();
    await reads[0];
    held[1]!.fail(new Error('gone'));
    await reads[1]!.catch(() => {});
    expect(gate.uploads('a')).toBe(1);
    held[2]!.finish();
    await reads[2]!.catch(() => {});
    expect(gate.uploads('a')).toBe(0);
  });

  it('a large body takes both places, and gives both back when refused for the large one', async () => {
    const gate = new BodyGate({ perAccount: 1, total: 32, uploadsPerAccount: 3 });
    const large = { 'content-type': 'application/json', 'content-length': String(5_000_000) };
    const first = slowUpload(large);
    const read = readJsonBodyBytes(first.request, 10_000_000, { account: 'a', gate });
    expect([gate.uploads('a'), gate.active]).toStrictEqual([1, 1]);
    const refused = await readJsonBodyBytes(slowUpload(large).request, 10_000_000, { account: 'a', gate }).catch((e: unknown) => e);
    expect((refused as ApiError).code).toBe('rate_limited');
    expect([gate.uploads('a'), gate.active]).toStrictEqual([1, 1]);
    first.finish();
    await read;
    expect([gate.uploads('a'), gate.active]).toStrictEqual([0, 0]);
  });

  it('holds one account to a tenth of the connection cap, and MAX_UPLOADS_PER_ACCOUNT below that', () => {
    expect(uploadsPerAccount(32, 10_000)).toBe(32);
    expect(uploadsPerAccount(32, 50)).toBe(5);
    expect(uploadsPerAccount(32, 5)).toBe(1);
    expect(uploadsPerAccount(2, 1_000)).toBe(2);
  });
});
