'use client';
// The account's plan and its limits; switching is immediate (no payment provider is connected).
import { formatBytes } from '@/lib/api/format-bytes';
import type { PlanBody } from '@/lib/web/dashboard-types';

interface Props {
  plan: PlanBody | null;
  error: string;
  busyPlan: string | null;
  onChange: (planId: string) => void;
}

const perHour = (n: number | null) => (n === null ? 'Unlimited requests' : `${n.toLocaleString('en-US')} requests / hour`);

export function PlanSection({ plan, error, busyPlan, onChange }: Props) {
  const current = plan?.plans.find((p) => p.id === plan.plan);
  return (
    <section className="card" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Plan</h2>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {plan && current ? (
        <>
          <p style={{ marginTop: 0 }}>
            You are on the <strong data-testid="current-plan">{current.name}</strong> plan:{' '}
            {perHour(current.requestsPerHour).toLowerCase()}, documents up to {formatBytes(current.maxInputBytes)}.
          </p>
          <div className="plan-options">
            {plan.plans.map((p) => {
              const isCurrent = p.id === plan.plan;
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
