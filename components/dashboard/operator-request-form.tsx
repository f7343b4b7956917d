'use client';
// A message to the operator of the service: "talk to us" about Enterprise (in a dialog from the plan card) and
// support (a card of the dashboard, marked with the plan: Pro's and Enterprise's are priority). The server mails
// it to OPERATOR_EMAIL and keeps a copy; the answer comes by mail to the account's address.
import { useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { OperatorRequestBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';

const MAX_LENGTH = 5_000;

const sendMessage = (endpoint: string, message: string) => fetchJson<OperatorRequestBody>(endpoint, { method: 'POST', body: { message } });

function MessageForm({ endpoint, label, hint, submitLabel }: { endpoint: string; label: string; hint: string; submitLabel: string }) {
  const [message, setMessage] = useState('');
  const request = useApiMutation(sendMessage);
  const sent = request.data?.message ?? '';
  const id = endpoint.replace(/\W+/g, '-');

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if ((await request.run(endpoint, message))?.ok) setMessage('');
  }

  if (sent) {
    return (
      <p className="alert alert-success" role="status">
        {sent}
      </p>
    );
  }
  return (
    <form onSubmit={send}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="message-input"
          rows={5}
          maxLength={MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          required
        />
        <p className="field-hint">{hint}</p>
      </div>
      <ErrorAlert message={request.error} />
      <button type="submit" className="button button-primary" disabled={request.busy || message.trim() === ''}>
        {request.busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}

/** Support from the dashboard (billing on): the operator's mail says the plan, and marks Pro's and Enterprise's as priority. */
export function SupportSection({ planName, priority }: { planName: string; priority: boolean }) {
  return (
    <section className="card" aria-labelledby="support-heading">
      <h2 id="support-heading">
        Support{' '}
        {priority ? (
          <span className="badge badge-accent" data-testid="priority-support">
            Priority
          </span>
        ) : null}
      </h2>
      <MessageForm
        endpoint="/api/dashboard/support"
        label="How can we help?"
        hint={`We answer by mail.${priority ? ` Your ${planName} plan includes priority support: your request comes first.` : ''}`}
        submitLabel="Send to support"
      />
    </section>
  );
}

/** "Talk to us": the Enterprise plan is agreed with the operator, who then grants it. */
export function EnterpriseContact({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Talk to us about Enterprise" onClose={onClose}>
      <p>Unlimited requests, documents up to 100 MB, custom features and an SLA. Tell us what you need; we answer by mail.</p>
      <MessageForm
        endpoint="/api/dashboard/billing/contact"
        label="What do you need?"
        hint="Volumes, document sizes, features, the SLA you have in mind, and how to reach you."
        submitLabel="Send"
      />
    </Dialog>
  );
}
