// Finds secrets in log text: what `npm test` runs over every server log the suite leaves in
// test-results/ (scripts/scan-logs.ts), so that a key, a password, a session cookie or a mailed token
// written to a log by any code path fails the run. Web-free, no I/O: the caller reads the files.

export interface SecretRule {
  readonly name: string;
  readonly pattern: RegExp;
}

/** Shapes of secrets, whoever made them. Global flags: every occurrence is reported. */
export const SECRET_RULES: readonly SecretRule[] = [
  // A key is `yj_` + 32 base62 characters; the display prefix (`yj_` + 8) that the log names is not one.
  { name: 'API key', pattern: /yj_[A-Za-z0-9]{20,}/g },
  { name: 'Authorization: Bearer credential', pattern: /Bearer\s+[A-Za-z0-9._~+/=-]{8,}/g },
  { name: 'session cookie', pattern: /session-token=[^;\s"',]+/g },
  // next-auth's session token (a JWE) and any JWT: base64url JSON header `{"...`, then a dot.
  { name: 'JWT/JWE', pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g },
  // Verification and reset links (`?token=...`), and `"token":"..."` in a logged object.
  { name: 'token value', pattern: /token=[A-Za-z0-9_-]{8,}|"token"\s*:\s*"[^"[\]]{8,}"/g },
  // Credentials in a connection URL (DATABASE_URL, REDIS_URL, SMTP_URL): `scheme://user:password@host`.
  { name: 'password in a URL', pattern: /[a-z][a-z0-9+.-]*:\/\/[^\s/:@"']+:[^\s/@"']+@/gi },
  // A stored password hash (lib/accounts/passwords.ts writes `scrypt$...`).
  { name: 'password hash', pattern: /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{8,}/g },
];

export interface SecretFinding {
  /** The rule's name, or "known secret" for one of the given literals. */
  readonly rule: string;
  /** 1-based line of the text. */
  readonly line: number;
  /** The match with its middle masked: the report must not repeat the secret in full. */
  readonly masked: string;
}

/** Every secret of `text`: the rules' shapes and the literal secrets given (the tests' passwords, mailed tokens). */
export function findSecrets(text: string, literals: readonly string[] = [], rules: readonly SecretRule[] = SECRET_RULES): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  for (const { name, pattern } of rules) {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    global.lastIndex = 0;
    for (const match of text.matchAll(global)) findings.push({ rule: name, line: lineOf(match.index), masked: mask(match[0]) });
  }
  for (const literal of new Set(literals)) {
    if (literal.length < 6) continue; // too short to mean anything (and to be found by chance)
    for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + 1)) {
      findings.push({ rule: 'known secret', line: lineOf(at), masked: mask(literal) });
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}

/** The tokens mailed by the tests (verification and reset links in captured mail): secrets no log may hold. */
export function mailedTokens(mailText: string): string[] {
  return [...mailText.matchAll(/[?&]token=([A-Za-z0-9_-]{8,})/g)].map((m) => m[1]!);
}

function mask(secret: string): string {
  if (secret.length <= 8) return '*'.repeat(secret.length);
  return `${secret.slice(0, 4)}${'*'.repeat(Math.min(12, secret.length - 6))}${secret.slice(-2)}`;
}
