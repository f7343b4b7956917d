// Share links: the playground's whole state in the URL fragment (never sent to the server),
// as deflate-compressed JSON in base64url. Format: `#state=z<base64url>` (deflate-raw) or
// `#state=j<base64url>` (plain UTF-8 JSON, when CompressionStream is missing).
import { parsePlaygroundState, type PlaygroundState } from './playground-state';

const PARAM = 'state';

export async function encodeShareState(state: PlaygroundState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (typeof CompressionStream === 'function') {
    return `z${toBase64Url(await pipeThrough(json, new CompressionStream('deflate-raw')))}`;
  }
  return `j${toBase64Url(json)}`;
}

export async function decodeShareState(encoded: string): Promise<PlaygroundState | null> {
  try {
    const kind = encoded[0];
    const bytes = fromBase64Url(encoded.slice(1));
    let json: Uint8Array;
    if (kind === 'z') json = await pipeThrough(bytes, new DecompressionStream('deflate-raw'));
    else if (kind === 'j') json = bytes;
    else return null;
    return parsePlaygroundState(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)));
  } catch {
    return null;
  }
}

/** The share URL for a state, relative to the playground's own URL. */
export async function shareUrl(base: string, state: PlaygroundState): Promise<string> {
  const url = new URL(base);
  url.hash = `${PARAM}=${await encodeShareState(state)}`;
  return url.toString();
}

/** The encoded state in a URL fragment (`#state=...`), or null. */
export function stateFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(PARAM);
}

async function pipeThrough(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
