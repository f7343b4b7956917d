// Password hashing (scrypt, salted, slow) and the password rules. No plaintext is ever stored.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hasLoneSurrogate } from './text';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** N=2^15, r=8 (32 MiB, ~60-100 ms here): OWASP's floor for scrypt is N=2^15 with r=8 at p=3 or N=2^17 at p=1. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const maxmem = (N: number, r: number) => 128 * N * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, for timing-equal refusals of unknown emails. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1234',
  '1234567890',
  '0123456789',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'iloveyou12',
  'letmein123',
  'welcome123',
  'abcdefghij',
  'abc1234567',
  'admin12345',
  'changeme123',
  'passw0rd123',
  '1q2w3e4r5t',
  'zaq12wsxcde',
  'yamljson123',
]);

/** Why a password is too weak, in words for the sign-up form; null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  // Hashed as UTF-8, a lone surrogate becomes U+FFFD: two different passwords would be one.
  if (hasLoneSurrogate(password)) return 'Password must be valid Unicode text (it has a lone surrogate).';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (new Set(password).size < 4) return 'Password is too simple: use at least 4 different characters.';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'Password is one of the most common passwords: choose another.';
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local))) {
    return 'Password must not contain your email address.';
  }
  return null;
}
