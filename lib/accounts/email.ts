// Email addresses as account names: trimmed, lower-cased, and checked for a plausible shape.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter your email address.';
  if (email.length > 254) return 'Email address is too long.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `"${email}" is not an email address.`;
  return null;
}
