// Random base62 text from the platform's CSPRNG, for ids and API keys. Universal (Web Crypto's
// getRandomValues): the front's bundle, Next.js, the operator command and workers all load it.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes are drawn 4 KiB at a time: one getRandomValues call per request id cost more than the id. */
const pool = new Uint8Array(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** `length` base62 characters, each equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely (no modulo bias).
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}
