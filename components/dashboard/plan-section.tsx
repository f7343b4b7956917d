'use client';
// The account's plan and its limits. Moving to a smaller plan is immediate; a larger one is granted by
// the operator (no payment provider is connected), unless the operator turned self-serve upgrades on.
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatBytes } from '@/lib/format/format-bytes';
import type { PlanBody } from '@/lib/web/dashboard-types';

interface Props {
  plan: PlanBody | null;
  email: string;
  error: string;
  busyPlan: string | null;
  onChange: (planId: string) => void;
}

const perHour = (n: number | null) => (n === null ? 'Unlimited requests' : `${n.toLocaleString('en-US')} requests / hour`);

export function PlanSection({ plan, email, error, busyPlan, onChange }: Props) {
  const currentIndex = plan ? plan.plans.findIndex((p) => p.id === plan.plan) : -1;
  const current = plan?.plans[currentIndex];
  const canUpgrade = plan?.selfServeUpgrades ?? false;
  const hasLarger = plan ? currentIndex < plan.plans.length - 1 : false;
  return (
    <section className="card" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Plan</h2>
      <ErrorAlert message={error} />
      {plan && current ? (
        <>
          <p style={{ marginTop: 0 }}>
            You are on the <strong data-testid="current-plan">{current.name}</strong> plan: {perHour(current.requestsPerHour).toLowerCase()},
            documents up to {formatBytes(current.maxInputBytes)}.
          </p>
          <div className="plan-options">
            {plan.plans.map((p, index) => {
              const isCurrent = index === currentIndex;
              const isLarger = index > currentIndex;
              return (
                <div key={p.id} className={`plan-option${isCurrent ? ' plan-option-current' : ''}`}>
                  <div>
                    <strong>{p.name}</strong>
                    <span className="small muted">
                      {perHour(p.requestsPerHour)} · up to {formatBytes(p.maxInputBytes)}
                    </span>
                  </div>
                  {isCurrent ? (
                    <span className="badge badge-accent">Current</span>
                  ) : isLarger && !canUpgrade ? (
                    <span className="badge">On request</span>
                  ) : (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busyPlan !== null}
                      onClick={() => onChange(p.id)}
                      aria-label={`Switch to the ${p.name} plan`}
                    >
                      {busyPlan === p.id ? 'Switching…' : 'Switch'}
                    </button>
                  )}
                </div>
              );
            })}
          </div>
          {hasLarger && !canUpgrade ? (
            <p className="small" data-testid="upgrade-how" style={{ overflowWrap: 'anywhere' }}>
              Larger plans are granted by the operator of this service. Ask them to run{' '}
              <code>
                npm run admin -- set-plan --email {email} --plan {plan.plans[currentIndex + 1]!.id}
              </code>{' '}
              (or the plan you need).
            </p>
          ) : null}
          <p className="small muted" style={{ marginBottom: 0 }}>
            Changes apply at once, to every key of the account.
          </p>
        </>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
