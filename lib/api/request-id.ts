// Request ids: `req_` + 20 random base62 characters (about 119 bits), logged with every internal error.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 20;

export function newRequestId(): string {
  let id = 'req_';
  while (id.length < 4 + ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && id.length < 4 + ID_LENGTH) id += BASE62[byte % 62];
    }
  }
  return id;
}
