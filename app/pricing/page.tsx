// Plans and prices: every plan's price (Stripe's, with billing on), limits and features, from the one plan table.
import type { Metadata } from 'next';
import Link from 'next/link';
import { PlanCards } from '@/components/pricing/plan-cards';
import { planOffers } from '@/lib/billing/offers';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Pricing', description: 'yamljson plans: prices, limits and features.' };
export const dynamic = 'force-dynamic';

export default async function PricingPage() {
  const { billing, config } = services();
  const graceDays = Math.round((config.billing?.graceMs ?? 0) / (24 * 3600 * 1000));
  return (
    <div className="page-wide">
      <h1>Plans and pricing</h1>
      <p className="lead">Every plan converts, validates and formats with the same exact converter; they differ in how much and how large.</p>
      <PlanCards offers={await planOffers(billing)} />
      <section className="section" aria-labelledby="pricing-how">
        <h2 id="pricing-how">How it works</h2>
        {billing ? (
          <ul>
            <li>
              Start on Free, no card needed. Choosing Pro takes you to Stripe Checkout; the plan and its limits apply as soon as Stripe confirms the
              payment.
            </li>
            <li>Pro renews by itself. Cancel any time from the dashboard (Manage billing): you keep Pro until the end of the period paid for.</li>
            <li>Card details, invoices and receipts are handled by Stripe; this service never sees a card number.</li>
            <li>
              If a payment fails, we mail you and the account keeps its plan for {graceDays} {graceDays === 1 ? 'day' : 'days'} while Stripe tries
              again.
            </li>
            <li>
              Enterprise is agreed with you: use <em>Talk to us</em> on the <Link href="/dashboard?choose=enterprise">dashboard</Link>.
            </li>
          </ul>
        ) : (
          <p className="muted">
            {config.selfServeUpgrades
              ? 'Accounts switch plans themselves from the dashboard.'
              : 'Accounts start on Free; the operator of this service grants larger plans (the dashboard says how to ask).'}
          </p>
        )}
      </section>
    </div>
  );
}
