import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleHarness } from '../../testkit/stripe.ts';
import { bankFormSpec } from './bank-form-fields.ts';
import { createRecipient, onboardingLink, openForm, postForm, startV2Double, submitBankForm } from './fixtures/v2-harness.ts';
import { TEST_BANK_VALUES } from './bank-test-values.ts';
import { PORTUGUESE } from './onboarding-portuguese.ts';
import { onboardingLanguage, SPANISH } from './onboarding-spanish.ts';
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

  it('pt-BR (issue 37): a Portuguese page for a Brazilian creator, its Pix and bank fields, hints and errors in Portuguese', async () => {
    const account = await createRecipient(stripe, 'BR', { defaults: { locales: ['pt-BR'] } });
    const { html, hidden } = await openForm((await onboardingLink(stripe, account.id)).url);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<h1>Configure seus saques</h1>');
    expect(html).toContain('Para <strong>Ana Creator</strong> (país: Brasil).');
    expect(html).toContain('<label for="f-holder_tax_id">CPF ou CNPJ do titular da conta</label>');
    expect(html).toContain('11 dígitos para CPF (000.000.000-00), 14 para CNPJ (00.000.000/0000-00).');
    expect(html).toContain('<legend>Chave Pix</legend>');
    expect(html).toContain('<label for="f-branch">Agência</label>');
    expect(html).toContain('<option value="random">Chave aleatória</option>');
    expect(html).toContain('<h2 id="test-values-heading">Valores de teste</h2>');
    expect(html).not.toMatch(/Set up payouts|Configura tus retiros|Account holder/);
    const refused = await (await postForm(h.url, '/stripe/onboarding', {
      ...hidden, holder_name: 'João da Silva', holder_tax_id: '529.982.247-24', method: 'pix', pix_key_type: 'phone', pix_key: '11 98765-4321',
    })).text();
    expect(refused).toContain('<p>Confira estes campos:</p>');
    expect(refused).toContain('<p class="field-error" id="f-holder_tax_id-error">Este CPF não é válido. Confira os dígitos.</p>');
    expect(refused).toContain('<p class="field-error" id="f-pix_key-error">Informe a chave de celular com +55, o DDD e o número.</p>');
  });

  it('pt-BR: the page after saving, when the return address cannot be followed, is Portuguese too', async () => {
    const account = await createRecipient(stripe, 'BR', { defaults: { locales: ['pt-BR'] } });
    const link = await stripe.v2.core.accountLinks.create({
      account: account.id,
      use_case: { type: 'account_onboarding', account_onboarding: { return_url: 'https://evil.example/x', refresh_url: 'https://evil.example/y' } },
    });
    const saved = await (await submitBankForm(h.url, link.url, TEST_BANK_VALUES.BR.succeed)).text();
    expect(saved).toContain('<html lang="pt-BR">');
    expect(saved).toContain('<h1>Conta bancária salva</h1>');
    expect(saved).toContain('Seus saques vão para esta conta bancária. Você já pode fechar esta janela.');
    const again = await (await fetch(link.url, { redirect: 'manual' })).text();
    expect(again).toContain('<h1>Link expirado</h1>');
    expect(again).toContain('<span class="badge">Modo de teste</span>');
  });

  it('reads the language from the first locale: es and pt with or without a region, English otherwise', () => {
    expect(['es', 'es-419', 'ES-mx', 'pt', 'pt-BR', 'pt-pt', 'en-US', 'fr', 'pte', ''].map((l) => onboardingLanguage([l]))).toEqual(
      ['es', 'es', 'es', 'pt', 'pt', 'pt', 'en', 'en', 'en', 'en'],
    );
    expect(onboardingLanguage(undefined)).toBe('en');
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
    // Issue 37: and its Portuguese; the two tables know the same texts, so neither keeps one nobody shows.
    expect([...texts].filter((t) => !PORTUGUESE[t])).toEqual([]);
    expect(Object.keys(PORTUGUESE).sort()).toEqual(Object.keys(SPANISH).sort());
  });
});
