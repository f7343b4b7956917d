// Random identifiers and API keys (base62, from the OS's CSPRNG).
import { createHash } from 'node:crypto';
import { randomBase62, secretBase62 } from '../random-base62';

export { randomBase62, secretBase62 };

export const newId = (prefix: string) => `${prefix}_${randomBase62(20)}`;
/** What newId('key') makes: anything else cannot be a key's id (and is refused before any query). */
export const KEY_ID_PATTERN = /^key_[0-9A-Za-z]{20}$/;

/** `yj_` + 32 base62 characters: about 190 random bits. */
export const API_KEY_PREFIX = 'yj_';
export const API_KEY_BODY_LENGTH = 32;
export const API_KEY_PATTERN = /^yj_[0-9A-Za-z]{32}$/;
/** What the dashboard shows of a key: `yj_` and its first 8 characters. */
export const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function newApiKey(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + secretBase62(API_KEY_BODY_LENGTH);
  return { secret, prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(secret) };
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
