import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testkit/eventually.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nonLoopbackIPv4 } from '../../testkit/network.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { LOCAL_STRIPE_SECRET_KEY } from './config.ts';

// Issue 29: with HOST=0.0.0.0 anyone on the network listed, refunded and paid out through the double with
// its published key, and with HOST set to one interface's address the functions could not reach it.
// A caller on the network is played by this machine's own non-loopback address: the stack listens there,
// and a connection to it from here comes from it.
const lanAddress = nonLoopbackIPv4();
const key = { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` };

/** The double's routes the issue reached from the network: reading, moving money, payouts, control. */
const ROUTES: { method: string; path: string; body?: string; headers?: Record<string, string> }[] = [
  { method: 'GET', path: '/v1/payment_intents' },
  { method: 'POST', path: '/v1/refunds', body: 'payment_intent=pi_nope', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { method: 'GET', path: '/v2/money_management/financial_accounts' },
  { method: 'POST', path: '/stripe/events/evt_nope/resend' },
];

type Answer = { status: number; body: { error?: { type?: string; message?: string } } };

/** The route's request with the key; through node:http, since fetch does not let a caller set Host. */
function send(base: string, route: (typeof ROUTES)[number], headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${route.path}`, { method: route.method, headers: { ...key, ...route.headers, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(route.body);
  });
}

function expectRefused(answer: Answer, what: string) {
  expect(answer.status, what).toBe(403);
  expect(answer.body.error?.type, what).toBe('invalid_request_error');
  // Stripe-shaped and saying nothing of how the stack is set up.
  expect(answer.body.error?.message ?? '', what).not.toMatch(/STRIPE_|loopback|127\.0\.0\.1|double|localhost|HOST/i);
}

describe.skipIf(!lanAddress)(`the Stripe double on a stack listening on 0.0.0.0 (caller on the network: ${lanAddress})`, () => {
  let t: TestStack;
  let port: number;
  beforeAll(async () => {
    t = await startTestStack({ env: { HOST: '0.0.0.0' } });
    port = Number(new URL(t.url).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every /v1, /v2 and keyed /stripe route to a caller on the network, with the key, as Stripe refuses', async () => {
    for (const route of ROUTES) expectRefused(await send(`http://${lanAddress}:${port}`, route), `${route.method} ${route.path}`);
  });

  it('serves the same routes to this machine', async () => {
    const local = `http://127.0.0.1:${port}`;
    const list = await send(local, ROUTES[0]!);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list' });
    expect(await send(local, ROUTES[1]!)).toMatchObject({ status: 404, body: { error: { code: 'resource_missing' } } });
    expect(await send(local, ROUTES[2]!)).toMatchObject({ status: 200, body: { data: expect.any(Array) } });
    expect(await send(local, ROUTES[3]!)).toMatchObject({ status: 404 });
  });

  it('refuses this machine\'s connections made for someone else: a tunnel or proxy, a page of another site, a rebound name', async () => {
    const local = `http://127.0.0.1:${port}`;
    for (const route of ROUTES) {
      const what = `${route.method} ${route.path}`;
      expectRefused(await send(local, route, { 'x-forwarded-for': '203.0.113.9' }), `${what} through a local tunnel`);
      expectRefused(await send(local, route, { origin: 'https://evil.example' }), `${what} from a web page`);
      expectRefused(await send(local, route, { host: `evil.example:${port}` }), `${what} under a rebound name`);
    }
  });

  it('still serves the checkout pages to browsers on the network (they hold the client secret, not the key)', async () => {
    const page = await fetch(`http://${lanAddress}:${port}/stripe/checkout?client_secret=pi_nope_secret_nope&return_url=${encodeURIComponent(`${t.url}/payments/result`)}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Payment not found');
  });
});

describe.skipIf(!lanAddress)('the Stripe double opened to the network (STRIPE_DOUBLE=network)', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ env: { HOST: '0.0.0.0', STRIPE_DOUBLE: 'network' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a caller on the network that has the key, and still refuses one without it', async () => {
    const base = `http://${lanAddress}:${new URL(t.url).port}`;
    expect((await send(base, ROUTES[0]!)).status).toBe(200);
    expect((await send(base, ROUTES[2]!)).status).toBe(200);
    expect((await send(base, ROUTES[0]!, { authorization: 'Bearer sk_test_guess' })).status).toBe(401);
  });
});

describe('the Stripe double switched off (STRIPE_DOUBLE=off)', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ env: { STRIPE_DOUBLE: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves none of its routes, even to this machine with the key', async () => {
    for (const route of ROUTES) {
      const answer = await send(t.url, route);
      expect(answer, `${route.method} ${route.path}`).toEqual({ status: 404, body: { message: 'no Route matched with those values' } });
    }
  });
});

describe.skipIf(!lanAddress)(`a stack bound to one interface's address (HOST=${lanAddress}), PUBLIC_URL left at its default`, () => {
  let t: TestStack;
  let brand: string;
  beforeAll(async () => {
    t = await startTestStack({ seed: true, env: { HOST: lanAddress! } });
    await t.database.db.query(`update app.platform_settings set escrow_enabled = true`);
    const { data, error } = await t.client().auth.signInWithPassword({ email: 'brand@demo.test', password: 'password123' });
    if (error) throw error;
    brand = data.session!.access_token;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('funds a hire through the functions: payments/fund reaches the double, the card is paid on the checkout page, the webhook funds the escrow', async () => {
    expect(t.url).toBe(`http://${lanAddress}:${new URL(t.url).port}`);
    const { rows } = await t.database.db.query<{ id: string }>(
      `insert into app.applications (campaign_id, creator_id, pitch) values ($1, $2, 'Pitch') returning id`,
      [ids.campaign(1), ids.creatorN(3)],
    );
    const applicationId = rows[0]!.id;
    await t.database.db.query(`update app.applications set status = 'accepted' where id = $1`, [applicationId]);

    const fund = await fetch(`${t.url}/functions/v1/payments/fund`, {
      method: 'POST',
      headers: { apikey: t.anonKey, authorization: `Bearer ${brand}`, 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId }),
    });
    const funded = (await fund.json()) as { clientSecret?: string; amountCents?: number };
    expect({ status: fund.status, body: funded }).toMatchObject({ status: 200, body: { amountCents: 50000, clientSecret: expect.any(String) } });

    // The brand's browser, on the network, pays on the double's checkout page.
    const paid = await fetch(`${t.url}/stripe/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: funded.clientSecret!, return_url: `${t.url}/payments/result`, card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('redirect_status=succeeded');

    const escrow = () =>
      t.database.db
        .query<{ status: string; held: number }>(`select status, app.escrow_held(id)::int held from app.escrows where application_id = $1`, [applicationId])
        .then((r) => r.rows[0]);
    expect(await eventually(escrow, (e) => e?.status === 'funded')).toEqual({ status: 'funded', held: 50000 });
  });
});
