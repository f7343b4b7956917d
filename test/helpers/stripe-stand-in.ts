// A stand-in for the few parts of Stripe the service uses, for tests on machines that cannot reach Stripe: an
// HTTP server on 127.0.0.1 that the real `stripe` package talks to (STRIPE_API_URL: its host, port and protocol
// options), answering with bodies shaped as Stripe documents them (API 2026-10-28: a subscription's period is on
// its items, an invoice's subscription under `parent`), and that sends webhooks signed with Stripe's own scheme
// (`Stripe.webhooks.generateTestHeaderString`). Its pages stand for Stripe Checkout and the Customer Portal: a
// browser test pays and cancels there. Its clock is a test clock: advanceClock() ends or renews a customer's
// subscriptions whose period is over, as Stripe's test clocks do (a browser test, in another process, moves it
// with POST /_clock?email=&seconds=). Loaded by vitest and by Playwright: relative imports only.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Subscription = Json & { id: string; customer: string; status: string; items: { data: Array<Json & { current_period_end: number }> } };

export interface StandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** The prices it knows (the first is Pro's in the tests). */
  prices: Array<{ id: string; unitAmount: number; currency: string }>;
}

const PERIOD_SECONDS = 30 * 24 * 3600;
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid']);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`line_items[0][price]=...`) as nested objects (arrays stay objects keyed "0", "1"...). */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Json;
    });
  }
  return out;
}

export class StripeStandIn {
  /** Where the app's webhook endpoint is (set once the app is started). */
  webhookUrl: string | null = null;
  /** The test clock, in Unix seconds. */
  clock = Math.floor(Date.now() / 1000);
  /** Answer every API call with 500, as Stripe having an outage. */
  unavailable = false;
  /** "METHOD /path" of every API call the service made. */
  readonly calls: string[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly sessions = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  private readonly portals = new Map<string, Json>();
  private readonly idempotent = new Map<string, Json>();
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly options: StandInOptions,
  ) {}

  static async start(options: StandInOptions): Promise<StripeStandIn> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const standIn = new StripeStandIn(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    server.on('request', (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => void standIn.answer(req, body, res));
    });
    return standIn;
  }

  async stop(): Promise<void> {
    await this.settled();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Waits for every webhook sent in the background (after a page's button) to be answered. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  // ---- Events -------------------------------------------------------------------------------------------------

  event(type: string, object: Json): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.clock,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  /** Posts an event to the app as Stripe does; `timestamp`/`secret`/`signature` make a replayed or forged delivery. */
  async deliver(
    event: Stripe.Event,
    sign: { timestamp?: number; secret?: string; signature?: string | null } = {},
  ): Promise<{ status: number; body: Json }> {
    if (!this.webhookUrl) throw new Error('the stand-in does not know the webhook URL yet');
    const payload = JSON.stringify(event);
    const header =
      sign.signature !== undefined
        ? sign.signature
        : Stripe.webhooks.generateTestHeaderString({ payload, secret: sign.secret ?? this.options.webhookSecret, timestamp: sign.timestamp });
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header === null ? {} : { 'Stripe-Signature': header }),
      },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** Sends events, in order, each once answered; throws if the app did not take one. */
  async send(...events: Stripe.Event[]): Promise<void> {
    for (const event of events) {
      const { status, body } = await this.deliver(event);
      if (status !== 200) throw new Error(`the app answered ${status} to ${event.type}: ${JSON.stringify(body)}`);
    }
  }

  private background(events: Stripe.Event[]): void {
    const sending = this.send(...events).catch((err: unknown) => console.error(`stand-in webhook: ${err instanceof Error ? err.message : err}`));
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  // ---- What happens at Stripe ---------------------------------------------------------------------------------

  /** The customer pays on the checkout page: a subscription, its first invoice and charge. Returns the events Stripe sends. */
  completeCheckout(sessionId: string): Stripe.Event[] {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    const priceId = ((session.line_items as Json)['0'] as Json).price as string;
    const subscription = this.subscription(session.customer as string, priceId);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    const { invoice } = this.pay(subscription);
    return [
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
      this.event('checkout.session.completed', session),
    ];
  }

  /** A renewal payment fails: the subscription is past due and Stripe will retry. */
  failPayment(subscriptionId: string): Stripe.Event[] {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.status = 'past_due';
    const invoice = this.invoice(subscription, 'open');
    return [this.event('invoice.payment_failed', invoice), this.event('customer.subscription.updated', subscription)];
  }

  /** A retried payment succeeds. */
  recoverPayment(subscriptionId: string): Stripe.Event[] {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.status = 'active';
    const { invoice } = this.pay(subscription);
    return [this.event('invoice.paid', invoice), this.event('customer.subscription.updated', subscription)];
  }

  /** The operator refunds a charge from Stripe's dashboard (what is left of it unless `amount`). */
  refund(chargeId: string, amount?: number): Stripe.Event[] {
    const charge = this.charges.get(chargeId)!;
    charge.amount_refunded = (charge.amount_refunded as number) + (amount ?? (charge.amount as number) - (charge.amount_refunded as number));
    charge.refunded = charge.amount_refunded === charge.amount;
    return [this.event('charge.refunded', charge)];
  }

  /** The card's owner disputes a charge with their bank. */
  dispute(chargeId: string): Stripe.Event[] {
    const charge = this.charges.get(chargeId)!;
    charge.disputed = true;
    const dispute = { id: id('dp'), object: 'dispute', amount: charge.amount, charge: chargeId, currency: charge.currency, created: this.clock };
    Object.assign(dispute, { livemode: false, metadata: {}, reason: 'fraudulent', status: 'needs_response', is_charge_refundable: true });
    return [this.event('charge.dispute.created', dispute)];
  }

  /**
   * Moves the test clock of one customer's subscriptions on (a Stripe test clock is attached to a customer, so
   * tests running at once do not move each other's): those whose period ended end (if set to) or renew (paid).
   * Returns the events.
   */
  advanceClock(customer: string, seconds: number): Stripe.Event[] {
    this.clock += seconds;
    const events: Stripe.Event[] = [];
    for (const subscription of this.subscriptions.values()) {
      const item = subscription.items.data[0]!;
      if (subscription.customer !== customer || !LIVE.has(subscription.status) || item.current_period_end > this.clock) continue;
      if (subscription.cancel_at_period_end || (subscription.cancel_at && (subscription.cancel_at as number) <= this.clock)) {
        this.end(subscription);
        events.push(this.event('customer.subscription.deleted', subscription));
      } else {
        Object.assign(item, { current_period_start: item.current_period_end, current_period_end: item.current_period_end + PERIOD_SECONDS });
        events.push(this.event('invoice.paid', this.pay(subscription).invoice), this.event('customer.subscription.updated', subscription));
      }
    }
    return events;
  }

  /** The newest charge of a customer (what a refund or a dispute is about). */
  latestCharge(customer: string): string {
    const charges = [...this.charges.values()].filter((c) => c.customer === customer);
    return charges[charges.length - 1]!.id as string;
  }

  private price(priceId: string): Json {
    const known = this.options.prices.find((p) => p.id === priceId);
    if (!known) throw new Error(`no such price ${priceId}`);
    return {
      id: known.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: 1_760_000_000,
      currency: known.currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: 'prod_standin',
      recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: known.unitAmount,
      unit_amount_decimal: String(known.unitAmount),
    };
  }

  private subscription(customer: string, priceId: string): Subscription {
    const subscriptionId = id('sub');
    const item = {
      id: id('si'),
      object: 'subscription_item',
      created: this.clock,
      current_period_start: this.clock,
      current_period_end: this.clock + PERIOD_SECONDS,
      metadata: {},
      price: this.price(priceId),
      quantity: 1,
      subscription: subscriptionId,
    };
    const subscription: Subscription = {
      id: subscriptionId,
      object: 'subscription',
      billing_cycle_anchor: this.clock,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: this.clock,
      currency: (item.price.currency as string) ?? 'usd',
      customer,
      ended_at: null,
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` } as Subscription['items'],
      latest_invoice: null,
      livemode: false,
      metadata: {},
      start_date: this.clock,
      status: 'active',
      test_clock: null,
    };
    this.subscriptions.set(subscriptionId, subscription);
    return subscription;
  }

  private invoice(subscription: Subscription, status: 'paid' | 'open'): Json {
    const amount = (subscription.items.data[0]!.price as Json).unit_amount as number;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_cycle',
      created: this.clock,
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: subscription.id } },
      status,
    };
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  private pay(subscription: Subscription): { invoice: Json; charge: Json } {
    const invoice = this.invoice(subscription, 'paid');
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: invoice.amount_paid,
      amount_captured: invoice.amount_paid,
      amount_refunded: 0,
      captured: true,
      created: this.clock,
      currency: invoice.currency,
      customer: subscription.customer,
      disputed: false,
      livemode: false,
      metadata: {},
      paid: true,
      refunded: false,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
    return { invoice, charge };
  }

  private end(subscription: Subscription): void {
    Object.assign(subscription, { status: 'canceled', ended_at: this.clock, canceled_at: (subscription.canceled_at as number | null) ?? this.clock });
  }

  // ---- HTTP ---------------------------------------------------------------------------------------------------

  private async answer(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, value: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => {
      res.writeHead(status, headers).end(typeof value === 'string' ? value : JSON.stringify(value));
    };
    const fail = (status: number, message: string, code?: string) =>
      send(status, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
    try {
      if (url.pathname.startsWith('/v1/')) {
        this.calls.push(`${req.method} ${url.pathname}`);
        if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) return fail(401, 'Invalid API Key provided.');
        if (this.unavailable) return send(500, { error: { type: 'api_error', message: 'The stand-in is having an outage.' } });
        const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(body);
        const found = this.api(req.method ?? 'GET', url.pathname, params, req.headers['idempotency-key'] as string | undefined);
        return found === undefined ? fail(404, `No such object: ${url.pathname}`, 'resource_missing') : send(200, found);
      }
      const page = this.page(req.method ?? 'GET', url.pathname, url.searchParams);
      if (page) return send(page.status, page.body, page.headers);
      send(404, 'not found', { 'Content-Type': 'text/plain' });
    } catch (err) {
      fail(400, err instanceof Error ? err.message : String(err));
    }
  }

  /** The API calls the service makes; undefined for an unknown object (404). */
  private api(method: string, path: string, params: Json, idempotencyKey: string | undefined): unknown {
    const [, resource, objectId] = /^\/v1\/(checkout\/sessions|billing_portal\/sessions|[a-z_]+)(?:\/([^/]+))?$/.exec(path) ?? [];
    const route = `${method} ${resource}${objectId ? '/:id' : ''}`;
    switch (route) {
      case 'POST customers': {
        const key = idempotencyKey && `customer ${idempotencyKey}`;
        if (key && this.idempotent.has(key)) return this.idempotent.get(key);
        const customer = {
          id: id('cus'),
          object: 'customer',
          created: this.clock,
          email: params.email ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
        };
        this.customers.set(customer.id, customer);
        if (key) this.idempotent.set(key, customer);
        return customer;
      }
      case 'GET prices/:id':
        return this.options.prices.some((p) => p.id === objectId) ? this.price(objectId!) : undefined;
      case 'POST checkout/sessions':
        return this.createSession(params);
      case 'POST billing_portal/sessions': {
        if (!this.customers.has(params.customer as string)) throw new Error(`No such customer: '${params.customer}'`);
        const session = {
          id: id('bps'),
          object: 'billing_portal.session',
          configuration: 'bpc_standin',
          created: this.clock,
          customer: params.customer,
        };
        Object.assign(session, {
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: params.return_url,
          url: `${this.url}/portal/${session.id}`,
        });
        this.portals.set(session.id, session);
        return session;
      }
      case 'GET subscriptions': {
        const data = [...this.subscriptions.values()]
          .filter((s) => s.customer === params.customer)
          .sort((a, b) => (b.created as number) - (a.created as number));
        return {
          object: 'list',
          data: params.status === 'all' ? data : data.filter((s) => s.status !== 'canceled'),
          has_more: false,
          url: '/v1/subscriptions',
        };
      }
      case 'POST subscriptions/:id': {
        const subscription = this.subscriptions.get(objectId!);
        if (!subscription) return undefined;
        if (params.cancel_at_period_end !== undefined) this.setCancel(subscription, params.cancel_at_period_end === 'true');
        return subscription;
      }
      case 'DELETE subscriptions/:id': {
        const subscription = this.subscriptions.get(objectId!);
        if (!subscription) return undefined;
        if (subscription.status === 'canceled') throw new Error(`No such subscription: '${objectId}' (it is canceled)`);
        this.end(subscription);
        this.background([this.event('customer.subscription.deleted', subscription)]);
        return subscription;
      }
      case 'GET charges/:id':
        return this.charges.get(objectId!);
      default:
        throw new Error(`the stand-in does not answer ${method} ${path}`);
    }
  }

  private createSession(params: Json): Json {
    const lineItems = params.line_items as Json | undefined;
    const priceId = (lineItems?.['0'] as Json | undefined)?.price as string | undefined;
    if (params.mode !== 'subscription' || !priceId || !params.success_url || !params.cancel_url)
      throw new Error('Missing required param: mode, line_items, success_url or cancel_url.');
    if (!this.customers.has(params.customer as string)) throw new Error(`No such customer: '${params.customer}'`);
    const price = this.price(priceId);
    const session = {
      id: id('cs_test'),
      object: 'checkout.session',
      amount_total: price.unit_amount,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      created: this.clock,
      currency: price.currency,
      customer: params.customer,
      expires_at: this.clock + 24 * 3600,
      line_items: lineItems,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
    };
    Object.assign(session, { url: `${this.url}/checkout/${session.id}` });
    this.sessions.set(session.id, session);
    return session;
  }

  private setCancel(subscription: Subscription, cancel: boolean): void {
    Object.assign(subscription, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? subscription.items.data[0]!.current_period_end : null,
      canceled_at: cancel ? this.clock : null,
    });
    this.background([this.event('customer.subscription.updated', subscription)]);
  }

  /** Stripe Checkout's and the Customer Portal's pages, and the test clock's control (for a browser test in another process). */
  private page(method: string, path: string, query: URLSearchParams): { status: number; body: string; headers: Record<string, string> } | null {
    const html = (title: string, content: string) => ({
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${content}</main></body></html>`,
    });
    const redirect = (to: string) => ({ status: 303, headers: { Location: to }, body: '' });
    const [, kind, pageId, action] = path.split('/');
    if (path === '/favicon.ico') return { status: 204, headers: {}, body: '' };
    if (method === 'POST' && kind === '_clock') {
      const customer = [...this.customers.values()].find((c) => c.email === query.get('email'));
      if (!customer) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'no such customer' };
      this.background(this.advanceClock(customer.id as string, Number(query.get('seconds'))));
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };
    }
    if (kind === 'checkout' && this.sessions.has(pageId!)) {
      const session = this.sessions.get(pageId!)!;
      if (method === 'POST' && action === 'pay') {
        this.background(this.completeCheckout(pageId!));
        return redirect((session.success_url as string).replace('{CHECKOUT_SESSION_ID}', pageId!));
      }
      const amount = `${((session.amount_total as number) / 100).toFixed(2)} ${(session.currency as string).toUpperCase()}`;
      return html(
        'Stand-in checkout',
        `<p>Subscribe for ${amount} a month.</p><form method="post" action="/checkout/${pageId}/pay"><button type="submit">Pay</button></form><p><a href="${session.cancel_url}">Back</a></p>`,
      );
    }
    if (kind === 'portal' && this.portals.has(pageId!)) {
      const portal = this.portals.get(pageId!)!;
      const live = [...this.subscriptions.values()].find((s) => s.customer === portal.customer && LIVE.has(s.status));
      if (method === 'POST' && action === 'cancel' && live) {
        this.setCancel(live, true);
        return redirect(portal.return_url as string);
      }
      const cancel =
        live && !live.cancel_at_period_end
          ? `<form method="post" action="/portal/${pageId}/cancel"><button type="submit">Cancel plan</button></form>`
          : '';
      return html('Stand-in customer portal', `${cancel}<p><a href="${portal.return_url}">Return to yamljson</a></p>`);
    }
    return null;
  }
}
