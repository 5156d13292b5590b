import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleHarness } from '../../testkit/stripe.ts';
import { bankFormSpec } from './bank-form-fields.ts';
import { createRecipient, onboardingLink, openForm, postForm, startV2Double } from './fixtures/v2-harness.ts';
import { SPANISH } from './onboarding-spanish.ts';
import { PAYOUT_COUNTRIES, type PayoutCountry } from './payout-countries.ts';

// Issue 32, item 9: the double's hosted onboarding form was English for every creator. Like Stripe's, it
// now follows the account's defaults.locales, which the payouts function sets to the creator's language.
let h: DoubleHarness;
let stripe: Stripe;

beforeAll(async () => {
  h = await startV2Double({ STRIPE_WEBHOOK_EVENTS: 'none' });
  stripe = h.stripe();
});
afterAll(() => h.close());

describe("the hosted onboarding form speaks the account's language", () => {
  it('es-419: a Spanish page, its fields, hints and errors in Spanish', async () => {
    const account = await createRecipient(stripe, 'MX', { defaults: { locales: ['es-419'] } });
    const { html, hidden } = await openForm((await onboardingLink(stripe, account.id)).url);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>Configura tus retiros</h1>');
    expect(html).toContain('Para <strong>Ana Creator</strong>, en México.');
    expect(html).toContain('<label for="f-holder_name">Nombre del titular de la cuenta</label>');
    expect(html).toContain('<button type="submit">Guardar cuenta bancaria</button>');
    expect(html).not.toContain('Set up payouts');
    const refused = await (await postForm(h.url, '/stripe/onboarding', { ...hidden, holder_name: 'Ana Pérez', clabe: '123' })).text();
    expect(refused).toContain('<p class="field-error" id="f-clabe-error">La CLABE debe tener 18 dígitos.</p>');
    expect(refused).toContain('<p>Revisa estos campos:</p>');
  });

  it('en-US, or no locale at all: English, as before', async () => {
    for (const extra of [{ defaults: { locales: ['en-US'] } }, {}]) {
      const account = await createRecipient(stripe, 'MX', extra as Partial<Stripe.V2.Core.AccountCreateParams>);
      const { html } = await openForm((await onboardingLink(stripe, account.id)).url);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Set up payouts</h1>');
      expect(html).toContain('<label for="f-holder_name">Account holder name</label>');
    }
  });

  it('a language changed later (accounts.update of defaults.locales) is the one the next link shows', async () => {
    const account = await createRecipient(stripe, 'CO', { defaults: { locales: ['en-US'] } });
    await stripe.v2.core.accounts.update(account.id, { defaults: { locales: ['es-419'] } });
    const { html } = await openForm((await onboardingLink(stripe, account.id)).url);
    expect(html).toContain('<label for="f-id_type">Documento de identidad del titular</label>');
  });

  it('every text the form can show has its Spanish: fields, hints, choices, intros, countries and every check message', () => {
    const texts = new Set<string>();
    for (const country of Object.keys(PAYOUT_COUNTRIES) as PayoutCountry[]) {
      const spec = bankFormSpec(country);
      texts.add(spec.intro).add(PAYOUT_COUNTRIES[country].name);
      for (const g of spec.groups) texts.add(g.legend);
      for (const f of spec.fields) {
        texts.add(f.label);
        if (f.hint) texts.add(f.hint);
        // The bank names are proper names, shown as they are.
        if (f.name !== 'bank') for (const o of f.options ?? []) texts.add(o.label);
      }
    }
    const checks = readFileSync(new URL('./bank-form-checks.ts', import.meta.url), 'utf8');
    for (const m of checks.matchAll(/(?:errors\.\w+ = |bad\(|choice\([^;]*, )(['"])(.+?)\1\)?;/g)) texts.add(m[2]!);
    expect(texts.size).toBeGreaterThan(80);
    expect([...texts].filter((t) => !SPANISH[t])).toEqual([]);
  });
});
