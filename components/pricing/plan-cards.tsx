// The plan cards of the landing and pricing pages: each plan's price (with billing on), limits and features, and
// its button. The data comes from the server (lib/billing/offers.ts).
import Link from 'next/link';
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the server share them
import type { PlanOffer } from '@/lib/billing/offers';
import { formatBytes } from '@/lib/format/format-bytes';

const perHour = (n: number | null) => (n === null ? 'Unlimited requests' : `${n.toLocaleString('en-US')} requests per hour`);

export function PlanCards({ offers }: { offers: readonly PlanOffer[] }) {
  return (
    <div className="plans">
      {offers.map((offer) => (
        <div key={offer.id} className={`card plan${offer.highlight ? ' plan-highlight' : ''}`} data-testid={`plan-card-${offer.id}`}>
          <h3>{offer.name}</h3>
          {offer.price ? (
            <p className="plan-price" data-testid={`plan-price-${offer.id}`}>
              {offer.price}
            </p>
          ) : null}
          <p className="small muted plan-summary">{offer.summary}</p>
          <ul>
            <li>{perHour(offer.requestsPerHour)}</li>
            <li>Documents up to {formatBytes(offer.maxInputBytes)}</li>
            {offer.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Link href={offer.action.href} className={`button${offer.highlight ? ' button-primary' : ''}`}>
            {offer.action.label}
          </Link>
        </div>
      ))}
    </div>
  );
}
