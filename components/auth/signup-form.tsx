'use client';
// Sign up: the account is created unverified and a link mailed; the link's page (with the password chosen
// here) confirms the address and signs in. The server answers the same whether or not the email had an
// account, so this page says the same too. On an install without a mail server (no SMTP_URL) the mail
// waits in the outbox, and the page says the one command that prints it.
import { useState } from 'react';
import { CodeBlock } from '@/components/docs/code-block';
import type { SignUpBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { type Credentials, CredentialsForm } from './credentials-form';

export function SignupForm({ callbackUrl, minPasswordLength, outbox }: { callbackUrl: string; minPasswordLength: number; outbox: boolean }) {
  const [sent, setSent] = useState<SignUpBody | null>(null);

  async function signUpWith({ email, password }: Credentials) {
    const result = await fetchJson<SignUpBody>('/api/account/signup', { method: 'POST', body: { email, password } });
    if (result.ok) setSent(result.data);
    return result;
  }

  if (sent) return <CheckYourInbox sent={sent} outbox={outbox} />;
  return (
    <CredentialsForm
      name="signup"
      callbackUrl={callbackUrl}
      passwordAutoComplete="new-password"
      passwordHint={`At least ${minPasswordLength} characters. A passphrase of a few words works well.`}
      submitLabel="Create account"
      busyLabel="Creating your account…"
      submit={signUpWith}
      onDone={() => {}}
    />
  );
}

function CheckYourInbox({ sent, outbox }: { sent: SignUpBody; outbox: boolean }) {
  return (
    <div className="card" aria-live="polite">
      <p className="alert alert-success" role="status">
        {sent.message}
      </p>
      {outbox ? (
        <div className="outbox-hint">
          <p>
            This server sends no mail (no <code>SMTP_URL</code>): the link waits in its outbox. In the server's folder, run
          </p>
          <CodeBlock text={`npm run admin -- outbox --email ${sent.email}`} label="the command" />
          <p className="muted">and open the link it prints.</p>
        </div>
      ) : (
        <p className="muted">
          No mail after a few minutes? Check the spam folder, or sign up again with the same address and password for a new link.
        </p>
      )}
    </div>
  );
}
