// A request body as bytes: what a conversion job reads, on the request thread or in a worker (no
// lib/api, no Node built-ins).

/**
 * A request body as read: blocks of bytes that only this body uses (each owns its
 * ArrayBuffer, so they can be transferred to a worker), in order.
 */
export interface BodyBytes {
  blocks: Uint8Array[];
  byteLength: number;
}

/** The body's bytes in one array (no copy when it is one block). */
export function joinBlocks(body: BodyBytes): Uint8Array {
  if (body.blocks.length === 1) return body.blocks[0]!;
  const bytes = new Uint8Array(body.byteLength);
  let offset = 0;
  for (const block of body.blocks) {
    bytes.set(block, offset);
    offset += block.byteLength;
  }
  return bytes;
}
