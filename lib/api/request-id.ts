// Request ids: `req_` + 20 random base62 characters (about 119 bits), logged with every internal error.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 20;

/** Random bytes are drawn 4 KiB at a time: one getRandomValues call per request cost more than the id. */
const pool = new Uint8Array(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

export function newRequestId(): string {
  let id = 'req_';
  while (id.length < 4 + ID_LENGTH) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
    if (byte < 248) id += BASE62[byte % 62];
  }
  return id;
}
