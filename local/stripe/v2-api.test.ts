import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BANK_VALUES } from './bank-test-values.ts';
import { createRecipient, onboardingLink, startV2Double, submitBankForm } from './fixtures/v2-harness.ts';
import { type DoubleHarness, startWebhookReceiver } from '../../testkit/stripe.ts';

let h: DoubleHarness;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  h = await startV2Double({ STRIPE_WEBHOOK_URL: receiver.url, STRIPE_OUTBOUND_PAYMENT_DELAY_MS: '20' });
  stripe = h.stripe();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function rejection(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await p;
  } catch (e) {
    return e as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

describe('v2 Accounts through the stripe SDK', () => {
  it('creates a recipient whose include-dependent parts come back only when included', async () => {
    const created = await createRecipient(stripe, 'MX', { include: [] });
    expect(created).toMatchObject({
      object: 'v2.core.account', applied_configurations: ['recipient'], contact_email: 'creator@example.com', display_name: 'Ana Creator',
      dashboard: 'none', livemode: false, metadata: { creator_id: 'c-1' }, configuration: null, identity: null, requirements: null, defaults: null,
    });
    expect(created.id).toMatch(/^acct_/);
    expect(Date.parse(created.created)).not.toBeNaN();
    const full = await stripe.v2.core.accounts.retrieve(created.id, { include: ['configuration.recipient', 'identity', 'requirements', 'defaults'] });
    expect(full.identity).toEqual({ country: 'MX', entity_type: 'individual' });
    expect(full.defaults).toMatchObject({ currency: 'mxn', payout_methods: {} });
    expect(full.configuration?.recipient?.capabilities?.bank_accounts?.local?.status).toBe('restricted');
    expect(full.requirements?.entries?.[0]).toMatchObject({ awaiting_action_from: 'user', minimum_deadline: { status: 'currently_due' } });
  });

  it('refuses countries outside docs/decisions/0017, unknown fields and bad includes', async () => {
    const de = await rejection(createRecipient(stripe, 'DE'));
    expect(de).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(de).toMatchObject({ param: 'identity.country' });
    expect(de.message).toContain('US, MX, CO, AR, BR, CL, PE');
    const unknown = await rejection(
      stripe.v2.core.accounts.create({ identity: { country: 'CO', individual: { given_name: 'Ana' } }, configuration: { recipient: {} } }),
    );
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'identity.individual' });
    const include = await rejection(stripe.v2.core.accounts.retrieve('acct_x', { include: ['nope' as 'identity'] }));
    expect(include.statusCode).toBe(400);
    expect(await rejection(stripe.v2.core.accounts.retrieve('acct_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('updates metadata (null removes a key) and pages through lists by next_page_url', async () => {
    const account = await createRecipient(stripe, 'PE', { metadata: { a: '1', b: '2' } });
    const updated = await stripe.v2.core.accounts.update(account.id, { metadata: { a: null, c: '3' } });
    expect(updated.metadata).toEqual({ b: '2', c: '3' });
    for (let i = 0; i < 3; i++) await createRecipient(stripe, 'PE');
    const first = await stripe.v2.core.accounts.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next_page_url).toMatch(/^\/v2\/core\/accounts\?/);
    const all: string[] = [];
    for await (const a of stripe.v2.core.accounts.list({ limit: 2 })) all.push(a.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(account.id);
  });

  it('speaks v2 on the wire: JSON bodies, the v2 error object, the same secret key', async () => {
    const auth = { Authorization: `Bearer ${h.double.config.secretKey}` };
    const form = await fetch(`${h.url}/v2/core/accounts`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'display_name=x' });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: { type: 'invalid_request_error', message: 'The request body is not valid JSON. API v2 requests send JSON bodies.' } });
    const missing = await fetch(`${h.url}/v2/core/accounts/acct_nope`, { headers: auth });
    expect(await missing.json()).toEqual({ error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such account: 'acct_nope'", param: 'id' } });
    expect((await fetch(`${h.url}/v2/core/accounts`)).status).toBe(401);
    expect(await rejection(h.stripe('sk_test_wrongwrongwrong1234').v2.core.accounts.list())).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const unknown = await fetch(`${h.url}/v2/core/nothing`, { headers: auth });
    expect(unknown.status).toBe(404);
  });
});

describe('v2 thin events', () => {
  it('are signed like v1 webhooks; parseEventNotification accepts them and refuses tampered ones', async () => {
    const account = await createRecipient(stripe, 'US');
    await submitBankForm(h.url, (await onboardingLink(stripe, account.id)).url, TEST_BANK_VALUES.US.succeed);
    await h.double.webhooksIdle();
    const secret = h.double.config.webhookSecret;
    const deliveries = receiver.received.filter((r) => JSON.parse(r.body).object === 'v2.core.event');
    const types = deliveries.map((r) => JSON.parse(r.body) as { type: string; related_object?: { id: string } }).filter((e) => e.related_object?.id === account.id).map((e) => e.type);
    // Stripe does not promise an order between deliveries; the set is what matters.
    expect(types.sort()).toEqual([
      'v2.core.account.created', 'v2.core.account[configuration.recipient].capability_status_updated', 'v2.core.account[defaults].updated',
      'v2.core.account[identity].updated', 'v2.core.account[requirements].updated',
    ]);
    const capability = deliveries.find((r) => r.body.includes('capability_status_updated') && r.body.includes(account.id))!;
    const signature = capability.headers['stripe-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const notification = stripe.parseEventNotification(capability.body, signature, secret);
    expect(notification).toMatchObject({ object: 'v2.core.event', type: 'v2.core.account[configuration.recipient].capability_status_updated', livemode: false });
    expect(notification).not.toHaveProperty('data');
    expect(notification.id).toMatch(/^evt_test_/);
    const viaSubtle = await stripe.parseEventNotificationAsync(capability.body, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
    expect(viaSubtle.id).toBe(notification.id);

    const event = (await notification.fetchEvent()) as Stripe.Events.V2CoreAccountIncludingConfigurationRecipientCapabilityStatusUpdatedEvent;
    expect(event.data).toEqual({ updated_capability: 'bank_accounts.local' });
    expect(event.related_object).toEqual({ id: account.id, type: 'v2.core.account', url: `/v2/core/accounts/${account.id}` });
    const related = (await (notification as Stripe.Events.V2CoreAccountIncludingConfigurationRecipientCapabilityStatusUpdatedEventNotification).fetchRelatedObject()) as Stripe.V2.Core.Account;
    expect(related.id).toBe(account.id);

    expect(() => stripe.parseEventNotification(capability.body.replace('"livemode": false', '"livemode": true'), signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.parseEventNotification(capability.body, signature, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    // The v1 parser refuses a thin event: the webhook function must branch on `object`.
    expect(() => stripe.webhooks.constructEvent(capability.body, signature, secret)).toThrow(/thin event notification/);
  });

  it('lets a payout method event fetch its object in the recipient’s context, and retrieves events by id and by object', async () => {
    const account = await createRecipient(stripe, 'MX');
    await submitBankForm(h.url, (await onboardingLink(stripe, account.id)).url, TEST_BANK_VALUES.MX.succeed);
    await h.double.webhooksIdle();
    const created = receiver.received.find((r) => r.body.includes('"v2.money_management.payout_method.created"') && r.body.includes(`"context": "${account.id}"`))!;
    const notification = stripe.parseEventNotification(created.body, created.headers['stripe-signature'] as string, h.double.config.webhookSecret);
    const method = (await (notification as Stripe.Events.V2MoneyManagementPayoutMethodCreatedEventNotification).fetchRelatedObject()) as Stripe.V2.MoneyManagement.PayoutMethod;
    expect(method.bank_account).toMatchObject({ country: 'MX', bank_name: 'BANAMEX', last4: TEST_BANK_VALUES.MX.succeed.clabe!.slice(-4), supported_currencies: ['mxn'] });

    const byId = (await stripe.v2.core.events.retrieve(notification.id)) as Stripe.Events.V2MoneyManagementPayoutMethodCreatedEvent;
    expect(byId.related_object.id).toBe(method.id);
    expect(((await byId.fetchRelatedObject()) as Stripe.V2.MoneyManagement.PayoutMethod).id).toBe(method.id);
    const returned = (await stripe.v2.core.events.list({ types: ['v2.core.account_link.returned'] })).data.find(
      (e) => (e as Stripe.Events.V2CoreAccountLinkReturnedEvent).data.account_id === account.id,
    );
    expect((returned as Stripe.Events.V2CoreAccountLinkReturnedEvent).data).toEqual({ account_id: account.id, configurations: ['recipient'], use_case: 'account_onboarding' });
    const forAccount = await stripe.v2.core.events.list({ object_id: account.id });
    expect(forAccount.data.map((e) => e.type)).toContain('v2.core.account.created');
    expect((await rejection(stripe.v2.core.events.retrieve('evt_test_nope'))).statusCode).toBe(404);
  });

  it('resends a stored v2 event on request, signed afresh', async () => {
    const account = await createRecipient(stripe, 'CL');
    await h.double.webhooksIdle();
    const id = receiver.events().find((e) => e.type === 'v2.core.account.created' && (e as { related_object?: { id: string } }).related_object?.id === account.id)!.id;
    const res = await fetch(`${h.url}/stripe/events/${id}/resend`, { method: 'POST', headers: { Authorization: `Bearer ${h.double.config.secretKey}` } });
    expect(await res.json()).toMatchObject({ event: id, response_status: 200 });
    const copies = receiver.received.filter((r) => r.body.includes(id));
    expect(copies).toHaveLength(2);
    for (const c of copies) expect(stripe.parseEventNotification(c.body, c.headers['stripe-signature'] as string, h.double.config.webhookSecret).id).toBe(id);
  });
});
