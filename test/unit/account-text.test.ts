// What text accounts may store (lib/accounts/text.ts): the rules behind the dashboard's 400s, case by case.
import { describe, expect, it } from 'vitest';
import { emailProblem } from '@/lib/accounts/email';
import { passwordProblem } from '@/lib/accounts/passwords';
import { lineTextProblem } from '@/lib/accounts/text';

describe('one line of stored text', () => {
  it.each(['CI pipeline', 'ünïcode – ok', '🙂 emoji (a surrogate pair)', '日本語', 'zero\u200bwidth', ''])('accepts %j', (text) => {
    expect(lineTextProblem(text)).toBeNull();
  });

  it.each(['\u0000', 'a\u0000b', 'tab\t', 'line\nbreak', 'cr\r', 'esc\u001b', 'del\u007f', 'c1\u0085', 'c1\u009f', 'ls\u2028', 'ps\u2029'])(
    'refuses the control character in %j',
    (text) => {
      expect(lineTextProblem(text)).toBe('control_character');
    },
  );

  it.each(['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ude42\ud83d'])('refuses the lone surrogate in %j', (text) => {
    expect(lineTextProblem(text)).toBe('lone_surrogate');
  });
});

describe('emails and passwords', () => {
  it('refuses an email with a NUL, a control character or a lone surrogate without echoing it', () => {
    for (const email of ['a\u0000@example.test', 'a@exa\u0007mple.test', 'a\ud800@example.test']) {
      expect(emailProblem(email)).toBe('That is not an email address: it has a control character or is not valid Unicode text.');
    }
    expect(emailProblem('ü@exämple.test')).toBeNull();
  });

  it('refuses a password with a lone surrogate, which would hash like U+FFFD', () => {
    expect(passwordProblem('correct horse \ud800 staple', 'a@example.test')).toBe('Password must be valid Unicode text (it has a lone surrogate).');
    expect(passwordProblem('correct horse 🙂 staple', 'a@example.test')).toBeNull();
  });
});
