import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BANK_VALUES } from './bank-test-values.ts';
import {
  createRecipient, onboardingLink, openForm, postForm, REFRESH_URL, RETURN_URL, startV2Double, submitBankForm,
} from './fixtures/v2-harness.ts';
import type { PayoutCountry } from './payout-countries.ts';
import type { DoubleHarness } from '../../testkit/stripe.ts';

let h: DoubleHarness;
let stripe: Stripe;

beforeAll(async () => {
  h = await startV2Double({ STRIPE_WEBHOOK_EVENTS: 'none' });
  stripe = h.stripe();
});
afterAll(() => h.close());

const INCLUDE = ['configuration.recipient', 'defaults', 'requirements'] as const;

/** One bad value per country, with the field it concerns and the message the form shows. */
const INVALID: Record<PayoutCountry, { values: Record<string, string>; field: string; message: string }> = {
  US: {
    values: { ...TEST_BANK_VALUES.US.succeed, routing_number: '110000001' },
    field: 'routing_number', message: 'This routing number is not valid. Check it on a check or with your bank.',
  },
  MX: { values: { clabe: '002180000000000013' }, field: 'clabe', message: 'This CLABE&#39;s control digit does not match. Check the number.' },
  AR: { values: { cbu: '0720001400000000000018' }, field: 'cbu', message: 'This CBU or CVU has a wrong check digit. Check the number.' },
  BR: {
    values: { holder_tax_id: '529.982.247-25', method: 'pix', pix_key_type: 'cpf', pix_key: '123.456.789-00' },
    field: 'pix_key', message: 'This CPF key is not valid. Check its digits.',
  },
  CO: {
    values: { ...TEST_BANK_VALUES.CO.succeed, id_type: 'NIT', id_number: '900123456-1' },
    field: 'id_number', message: 'This NIT&#39;s verification digit does not match.',
  },
  CL: { values: { ...TEST_BANK_VALUES.CL.succeed, rut: '11.111.111-2' }, field: 'rut', message: 'This RUT&#39;s verifier digit does not match.' },
  PE: { values: { cci: '0021930012345678901' }, field: 'cci', message: 'The CCI must have 20 digits.' },
};

describe('hosted recipient onboarding (Account Links)', () => {
  for (const country of Object.keys(INVALID) as PayoutCountry[]) {
    it(`${country}: refuses a bad value with its own message, keeps what was typed, then accepts a valid one`, async () => {
      const account = await createRecipient(stripe, country);
      expect(account.configuration?.recipient?.capabilities?.bank_accounts?.local?.status).toBe('restricted');
      const link = await onboardingLink(stripe, account.id);
      const { hidden } = await openForm(link.url);
      const bad = INVALID[country];
      const refused = await postForm(h.url, '/stripe/onboarding', { ...hidden, holder_name: 'Ana Pérez', ...bad.values });
      expect(refused.status).toBe(200);
      const html = await refused.text();
      const id = `f-${bad.field}`;
      expect(html).toContain(`<p class="field-error" id="${id}-error">${bad.message}</p>`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*aria-describedby="[^"]*${id}-error"[^>]*aria-invalid="true"`));
      expect(html).toContain(`<li><a href="#${id}">${bad.message}</a></li>`);
      expect(html).toContain('value="Ana Pérez"');
      for (const v of Object.values(bad.values)) expect(html).toContain(`"${v}"`);
      // Nothing changed on the account.
      expect((await stripe.v2.core.accounts.retrieve(account.id, { include: [...INCLUDE] })).defaults?.payout_methods).toEqual({});

      const ok = await postForm(h.url, '/stripe/onboarding', { ...hidden, holder_name: 'Ana Pérez', ...TEST_BANK_VALUES[country].succeed });
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe(RETURN_URL);
      const after = await stripe.v2.core.accounts.retrieve(account.id, { include: [...INCLUDE] });
      expect(after.configuration?.recipient?.capabilities?.bank_accounts?.local).toEqual({ status: 'active', status_details: [] });
      expect(after.requirements?.entries).toEqual([]);
      // The legal name the form took is on the account's identity, as Stripe keeps it (given names, surnames).
      expect((await stripe.v2.core.accounts.retrieve(account.id, { include: ['identity'] })).identity).toMatchObject({ individual: { given_name: 'Ana', surname: 'Pérez' } });
      const methodId = Object.values(after.defaults?.payout_methods ?? {})[0]!;
      const method = await stripe.v2.moneyManagement.payoutMethods.retrieve(methodId, {}, { stripeContext: account.id });
      expect(method.bank_account).toMatchObject({ country, last4: expect.stringMatching(/^.{4}$/) });
      // Only the summary Stripe shows is kept: no full account number anywhere in the object.
      expect(Object.keys(method.bank_account!).sort()).toEqual(['bank_account_type', 'bank_name', 'country', 'last4', 'supported_currencies']);
    });
  }

  it('shows each country only the fields of its rail, labelled and described, with the test values', async () => {
    const mx = await openForm((await onboardingLink(stripe, (await createRecipient(stripe, 'MX')).id)).url);
    expect(mx.html).toContain('<label for="f-clabe">CLABE</label>');
    expect(mx.html).toContain('aria-describedby="f-clabe-hint"');
    expect(mx.html).not.toContain('routing_number');
    expect(mx.html).toContain(`CLABE <code>${TEST_BANK_VALUES.MX.no_account.clabe}</code>`);
    const br = await openForm((await onboardingLink(stripe, (await createRecipient(stripe, 'BR')).id)).url);
    expect(br.html).toContain('<legend>Receive payouts by</legend>');
    expect(br.html).toContain('<legend>Pix key</legend>');
    expect(br.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('sends a second visit, an expired link and a used link to refresh_url', async () => {
    const account = await createRecipient(stripe, 'PE');
    const link = await onboardingLink(stripe, account.id);
    expect((await openForm(link.url)).status).toBe(200);
    const second = await fetch(link.url, { redirect: 'manual' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(REFRESH_URL);

    const fresh = await onboardingLink(stripe, account.id);
    const done = await submitBankForm(h.url, fresh.url, TEST_BANK_VALUES.PE.succeed);
    expect(done.headers.get('location')).toBe(RETURN_URL);
    const { hidden } = await openForm(fresh.url);
    expect(hidden).toEqual({});
    const token = new URL(fresh.url).searchParams.get('link')!;
    const reused = await postForm(h.url, '/stripe/onboarding', { link: token, session: 'x', holder_name: 'Ana', ...TEST_BANK_VALUES.PE.succeed });
    expect(reused.headers.get('location')).toBe(REFRESH_URL);

    const short = await startV2Double({ STRIPE_WEBHOOK_EVENTS: 'none', STRIPE_ACCOUNT_LINK_TTL_MS: '1' });
    try {
      const s = short.stripe();
      const expiring = await onboardingLink(s, (await createRecipient(s, 'MX')).id);
      await new Promise((r) => setTimeout(r, 5));
      const expired = await fetch(expiring.url, { redirect: 'manual' });
      expect(expired.headers.get('location')).toBe(REFRESH_URL);
    } finally {
      await short.close();
    }
    expect((await fetch(`${h.url}/stripe/onboarding?link=nope`)).status).toBe(404);
  });

  it('does not redirect to a return_url off the stack, and refuses unsupported link parameters', async () => {
    const account = await createRecipient(stripe, 'CL');
    const link = await stripe.v2.core.accountLinks.create({
      account: account.id,
      use_case: { type: 'account_onboarding', account_onboarding: { return_url: 'https://evil.example/x', refresh_url: REFRESH_URL } },
    });
    const res = await submitBankForm(h.url, link.url, TEST_BANK_VALUES.CL.succeed);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Bank account saved');
    await expect(
      stripe.v2.core.accountLinks.create({ account: account.id, use_case: { type: 'account_onboarding', account_onboarding: { refresh_url: 'not a url' } } }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'url_invalid' });
    await expect(
      stripe.v2.core.accountLinks.create({ account: 'acct_nope', use_case: { type: 'account_onboarding', account_onboarding: { refresh_url: REFRESH_URL } } }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
