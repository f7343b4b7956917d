// Email addresses as account names: trimmed, lower-cased, and checked for a plausible shape.
import { lineTextProblem } from './text';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter your email address.';
  if (email.length > 254) return 'Email address is too long.';
  // Not echoed: a NUL, a control character or a lone surrogate is no part of an address.
  if (lineTextProblem(email)) return 'That is not an email address: it has a control character or is not valid Unicode text.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `"${email}" is not an email address.`;
  return null;
}
