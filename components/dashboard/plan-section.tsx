'use client';
// The account's plan and its limits. Without billing: moving to a smaller plan is immediate; a larger one is
// granted by the operator, unless the operator turned self-serve upgrades on. With billing (Stripe): Pro through
// Stripe Checkout, Enterprise by "Talk to us"; the renewal date, the pending change (Free at the period's end
// after a cancellation, which can be taken back), "Manage billing" (Stripe's Customer Portal), and a banner while
// a payment problem lasts.
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatBytes } from '@/lib/format/format-bytes';
import { formatPrice } from '@/lib/format/format-price';
import type { BillingView, PlanBody, PlanView } from '@/lib/web/dashboard-types';

interface Props {
  plan: PlanBody | null;
  email: string;
  error: string;
  /** The plan (or action: 'portal') whose button is at work. */
  busy: string | null;
  /** Came back from Stripe Checkout: `success` until the plan has changed, or `canceled`. */
  checkout: 'success' | 'canceled' | null;
  /** The plan chosen on the pricing page before signing in. */
  chosen: string | null;
  onChange: (planId: string) => void;
  onCheckout: (planId: string) => void;
  onManage: () => void;
  onContact: () => void;
}

const perHour = (n: number | null) => (n === null ? 'Unlimited requests' : `${n.toLocaleString('en-US')} requests / hour`);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function PlanSection(props: Props) {
  const { plan, error } = props;
  const currentIndex = plan ? plan.plans.findIndex((p) => p.id === plan.plan) : -1;
  const current = plan?.plans[currentIndex];
  return (
    <section className="card" aria-labelledby="plan-heading" id="plan">
      <h2 id="plan-heading">Plan</h2>
      <ErrorAlert message={error} />
      {plan && current ? (
        <>
          {plan.billing ? <BillingNotices billing={plan.billing} current={current} checkout={props.checkout} chosen={props.chosen} /> : null}
          <p style={{ marginTop: 0 }}>
            You are on the <strong data-testid="current-plan">{current.name}</strong> plan: {perHour(current.requestsPerHour).toLowerCase()},
            documents up to {formatBytes(current.maxInputBytes)}.
          </p>
          {plan.billing ? <Subscription billing={plan.billing} busy={props.busy} onChange={props.onChange} /> : null}
          <div className="plan-options">
            {plan.plans.map((p, index) => (
              <div key={p.id} className={`plan-option${index === currentIndex ? ' plan-option-current' : ''}`}>
                <div>
                  <strong>{p.name}</strong>
                  <span className="small muted">
                    {perHour(p.requestsPerHour)} · up to {formatBytes(p.maxInputBytes)}
                  </span>
                </div>
                <PlanAction {...props} plan={plan} option={p} isCurrent={index === currentIndex} isLarger={index > currentIndex} />
              </div>
            ))}
          </div>
          {plan.billing?.canManage ? (
            <p>
              <button type="button" className="button" disabled={props.busy !== null} onClick={props.onManage}>
                {props.busy === 'portal' ? 'Opening Stripe…' : 'Manage billing'}
              </button>{' '}
              <span className="small muted">Card, invoices and cancellation, on Stripe.</span>
            </p>
          ) : null}
          {!plan.billing && !plan.selfServeUpgrades && currentIndex < plan.plans.length - 1 ? (
            <p className="small" data-testid="upgrade-how" style={{ overflowWrap: 'anywhere' }}>
              Larger plans are granted by the operator of this service. Ask them to run{' '}
              <code>
                npm run admin -- set-plan --email {props.email} --plan {plan.plans[currentIndex + 1]!.id}
              </code>{' '}
              (or the plan you need).
            </p>
          ) : null}
          <p className="small muted" style={{ marginBottom: 0 }}>
            {plan.billing
              ? 'A new plan applies to every key of the account as soon as Stripe confirms it.'
              : 'Changes apply at once, to every key of the account.'}
          </p>
        </>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}

/** The button (or badge) of one plan in the list. */
function PlanAction({
  plan,
  option,
  isCurrent,
  isLarger,
  busy,
  onChange,
  onCheckout,
  onContact,
}: Props & { plan: PlanBody; option: PlanView; isCurrent: boolean; isLarger: boolean }) {
  if (isCurrent) return <span className="badge badge-accent">Current</span>;
  const billing = plan.billing;
  if (billing && isLarger) {
    if (option.purchase === 'contact') {
      return (
        <button type="button" className="button button-small" disabled={busy !== null} onClick={onContact}>
          Talk to us
        </button>
      );
    }
    const price = billing.prices[option.id];
    return (
      <button type="button" className="button button-small button-primary" disabled={busy !== null} onClick={() => onCheckout(option.id)}>
        {busy === option.id ? 'Opening checkout…' : `Choose ${option.name}${price ? ` · ${formatPrice(price)}` : ''}`}
      </button>
    );
  }
  if (isLarger && !plan.selfServeUpgrades) return <span className="badge">On request</span>;
  // A plan that follows a subscription goes to Free at the period's end; once that is set, it says when.
  const pending = billing?.pending;
  if (pending && pending.plan === option.id) return <span className="badge">From {day(pending.at)}</span>;
  const atPeriodEnd = billing?.subscription?.renewsAt && option.id === 'free';
  return (
    <button
      type="button"
      className="button button-small"
      disabled={busy !== null}
      onClick={() => onChange(option.id)}
      aria-label={atPeriodEnd ? `Switch at period end to the ${option.name} plan` : `Switch to the ${option.name} plan`}
    >
      {busy === option.id ? 'Switching…' : atPeriodEnd ? 'Switch at period end' : 'Switch'}
    </button>
  );
}

/** The subscription's dates: when it renews, or when it ends and the plan it moves to (which can be taken back). */
function Subscription({ billing, busy, onChange }: { billing: BillingView; busy: string | null; onChange: (planId: string) => void }) {
  const subscription = billing.subscription;
  if (!subscription?.plan) return null;
  if (billing.pending) {
    return (
      <p className="alert alert-warning" data-testid="plan-pending">
        Your subscription ends on {day(billing.pending.at)}; the account then moves to Free.{' '}
        <button type="button" className="button button-small" disabled={busy !== null} onClick={() => onChange(subscription.plan!)}>
          {busy === subscription.plan ? 'Keeping…' : 'Keep my plan'}
        </button>
      </p>
    );
  }
  if (!subscription.renewsAt) return null;
  return (
    <p className="small" data-testid="plan-renewal">
      Renews on {day(subscription.renewsAt)}.
    </p>
  );
}

/** A payment problem; the way back from checkout; the plan chosen before signing in. */
function BillingNotices({
  billing,
  current,
  checkout,
  chosen,
}: {
  billing: BillingView;
  current: PlanView;
  checkout: Props['checkout'];
  chosen: string | null;
}) {
  return (
    <>
      {billing.paymentProblem ? (
        <p className="alert alert-error" role="alert" data-testid="payment-problem">
          Your last payment failed. You keep the {current.name} plan until {day(billing.paymentProblem.graceEndsAt)} while Stripe tries again; update
          your card with Manage billing, or the account moves to Free then.
        </p>
      ) : null}
      {checkout === 'success' ? (
        <p className="alert alert-success" role="status" data-testid="checkout-status">
          {current.purchase === 'free'
            ? 'Thank you! Stripe is confirming the payment; your new plan appears here in a moment.'
            : `Thank you! You are on the ${current.name} plan now.`}
        </p>
      ) : checkout === 'canceled' ? (
        <p className="alert alert-warning" role="status">
          Checkout was cancelled: nothing was charged.
        </p>
      ) : chosen === 'pro' && current.purchase === 'free' ? (
        <p className="alert alert-success" role="status">
          To get Pro, choose it below: Stripe Checkout takes the payment.
        </p>
      ) : null}
      {billing.endedReason && current.purchase === 'free' && !checkout ? (
        <p className="small muted" data-testid="plan-ended">
          {ENDED[billing.endedReason]}
        </p>
      ) : null}
    </>
  );
}

const ENDED: Record<NonNullable<BillingView['endedReason']>, string> = {
  ended: 'Your subscription has ended.',
  payment: 'Your subscription moved to Free: no payment succeeded within the grace period.',
  refund: 'Your subscription ended: its payment was refunded.',
  dispute: 'Your subscription ended: its payment was disputed.',
};
