// Random base62 text from the platform's CSPRNG, for ids, request ids and secrets (API keys,
// session secrets). Universal (Web Crypto's getRandomValues): the front's bundle, Next.js, the
// operator command and workers all load it.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Bytes for ids are drawn 4 KiB at a time: one getRandomValues call per request id cost more
 * than the id. Never used for secrets, whose bytes must not wait in memory before or after use.
 */
const idPool = new Uint8Array(4096);
let next = idPool.length;

function pooledByte(): number {
  if (next === idPool.length) {
    crypto.getRandomValues(idPool);
    next = 0;
  }
  return idPool[next++]!;
}

/** 248 = 4 * 62: rejecting the bytes above keeps every character equally likely (no modulo bias). */
const UNBIASED_BELOW = 248;

/** `length` base62 characters, each equally likely: for ids (record ids, request ids). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = pooledByte();
    if (byte < UNBIASED_BELOW) out += BASE62[byte % 62];
  }
  return out;
}

/** The same for a secret: bytes drawn for it alone and wiped once used. */
export function secretBase62(length: number): string {
  // getRandomValues fills at most 65,536 bytes a call.
  const bytes = new Uint8Array(Math.min(length * 2, 65_536));
  let out = '';
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (let i = 0; i < bytes.length && out.length < length; i++) {
      if (bytes[i]! < UNBIASED_BELOW) out += BASE62[bytes[i]! % 62];
    }
  }
  bytes.fill(0);
  return out;
}
