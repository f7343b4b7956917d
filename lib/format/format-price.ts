// A Stripe price as people read it: `$19 a month`, `€19.50 a month`, `¥2,000 every 3 months`. Universal (the
// pages, the dashboard and the server's mails).

/** Currencies Stripe counts in whole units (no cents): https://docs.stripe.com/currencies#zero-decimal */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export interface PriceParts {
  /** In the currency's smallest unit, as Stripe gives `unit_amount`. */
  unitAmount: number;
  /** ISO 4217, lower case as Stripe writes it. */
  currency: string;
  /** day, week, month or year. */
  interval: string;
  intervalCount: number;
}

/** The amount alone: `$19`, `$19.50`. */
export function formatAmount(unitAmount: number, currency: string): string {
  const zeroDecimal = ZERO_DECIMAL.has(currency.toLowerCase());
  const value = zeroDecimal ? unitAmount : unitAmount / 100;
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: zeroDecimal ? 0 : 2,
  }).format(value);
}

/** How often it is charged: `a month`, `every 3 months`. */
export function formatInterval(interval: string, intervalCount: number): string {
  return intervalCount === 1 ? `a ${interval}` : `every ${intervalCount} ${interval}s`;
}

export const formatPrice = (price: PriceParts) =>
  `${formatAmount(price.unitAmount, price.currency)} ${formatInterval(price.interval, price.intervalCount)}`;
