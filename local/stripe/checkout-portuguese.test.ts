import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDouble, type DoubleHarness } from '../../testkit/stripe.ts';
import { CHECKOUT_PORTUGUESE, checkoutLanguage } from './checkout-portuguese.ts';
import { LIVE_CARD_IN_TEST_MODE, TEST_CARDS } from './test-cards.ts';

// Issue 37: the test checkout in Brazilian Portuguese when it is opened with locale=pt-BR (the Payment
// Element's option): labels, checks, declines, the 3-D Secure page and the pages that only tell something.
let h: DoubleHarness;
let stripe: Stripe;
const RETURN = 'http://localhost:5173/payments/result';

beforeAll(async () => {
  h = await startDouble({ STRIPE_WEBHOOK_EVENTS: 'none' });
  stripe = h.stripe();
});
afterAll(() => h.close());

const newIntent = () => stripe.paymentIntents.create({ amount: 123_456, currency: 'usd', description: 'Verão — Ana' });
const checkoutUrl = (pi: Stripe.PaymentIntent, locale = 'pt-BR') =>
  `${h.url}/stripe/checkout?client_secret=${encodeURIComponent(pi.client_secret!)}&return_url=${encodeURIComponent(RETURN)}&locale=${locale}`;
const submit = (path: string, fields: Record<string, string>) =>
  fetch(`${h.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
const flat = (s: string) => s.replace(/\u00a0/g, ' ');

describe('the test checkout in Portuguese', () => {
  it('shows the form, the amount as Brazil writes it and the test cards in Portuguese, and carries the locale', async () => {
    const html = flat(await (await fetch(checkoutUrl(await newIntent()))).text());
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Pagar US$ 1.234,56 (modo de teste)</title>');
    expect(html).toContain('<h1>Pagar US$ 1.234,56</h1>');
    expect(html).toContain('<p id="paid-for">Referente a: <strong>Verão — Ana</strong></p>');
    expect(html).toContain('<label for="card-number">Número do cartão</label>');
    expect(html).toContain('<label for="expiry">Validade (MM / AA)</label>');
    expect(html).toContain('<label for="cvc">Código (CVV)</label>');
    expect(html).toContain('4242 4242 4242 4242</code>: Pagamento aprovado');
    expect(html).toContain('<input type="hidden" name="locale" value="pt-BR">');
    expect(html).not.toMatch(/Card number|Test cards|Pay \$/);
  });

  it('says what is wrong with a card in Portuguese, and a decline too', async () => {
    const pi = await newIntent();
    const base = { client_secret: pi.client_secret!, return_url: RETURN, locale: 'pt-BR' };
    const invalid = await (await submit('/stripe/checkout', { ...base, card_number: '4242', expiry: '13 / 30', cvc: '1' })).text();
    expect(invalid).toContain('<p class="field-error" id="card-number-error">O número do cartão está incompleto.</p>');
    expect(invalid).toContain('<p class="field-error" id="expiry-error">A data de validade do cartão é inválida.</p>');
    expect(invalid).toContain('<p class="field-error" id="cvc-error">O código de segurança do cartão está incompleto.</p>');
    const declined = await (await submit('/stripe/checkout', { ...base, card_number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' })).text();
    expect(declined).toContain('<div class="alert" role="alert" id="form-error">Seu cartão foi recusado.</div>');
    // The API's own error stays Stripe's English: only the page translates it.
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.last_payment_error?.message).toBe('Your card was declined.');
  });

  it('takes 3-D Secure in Portuguese too, then returns as Stripe does', async () => {
    const pi = await newIntent();
    const res = await submit('/stripe/checkout', { client_secret: pi.client_secret!, return_url: RETURN, locale: 'pt-BR', card_number: '4000002500003155', expiry: '12 / 34', cvc: '123' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret!)}&locale=pt-BR`);
    const page = flat(await (await fetch(`${h.url}${location}`)).text());
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('<h1>Confirme seu pagamento</h1>');
    expect(page).toContain('Seu banco pede que você confirme um pagamento de <strong>US$ 1.234,56</strong>.');
    expect(page).toContain('<button type="submit" name="action" value="complete">Concluir autenticação</button>');
    const done = await submit('/stripe/authenticate', { client_secret: pi.client_secret!, action: 'complete', locale: 'pt-BR', return_url: RETURN });
    expect(done.headers.get('location')).toContain('redirect_status=succeeded');
    const nothing = await (await fetch(`${h.url}${location}`)).text();
    expect(nothing).toContain('<h1>Nada para confirmar</h1>');
    expect(nothing).toContain('Este pagamento não precisa de autenticação.');
  });

  it('a link that is not valid is said in Portuguese; without a locale, or another one, the pages stay English', async () => {
    const bad = await (await fetch(`${h.url}/stripe/checkout?client_secret=pi_x_secret_y&return_url=${encodeURIComponent(RETURN)}&locale=pt-BR`)).text();
    expect(bad).toContain('<html lang="pt-BR">');
    expect(bad).toContain('<h1>Pagamento não encontrado</h1>');
    const pi = await newIntent();
    for (const locale of ['', 'en', 'es-419']) {
      const html = await (await fetch(checkoutUrl(pi, locale))).text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Pay $1,234.56</h1>');
      expect(html).not.toContain('name="locale"');
    }
    expect(['pt', 'pt-BR', 'PT-br', 'pt-PT', 'ptx', 'es', undefined, null].map(checkoutLanguage)).toEqual(['pt', 'pt', 'pt', 'pt', 'en', 'en', 'en', 'en']);
  });

  it('every text the pages can show has its Portuguese: labels, test cards, checks, declines and messages', () => {
    const texts = new Set<string>();
    for (const card of TEST_CARDS) {
      if (card.label) texts.add(card.label);
      if (card.outcome.kind === 'decline') texts.add(card.outcome.message);
    }
    if (LIVE_CARD_IN_TEST_MODE.kind === 'decline') texts.add(LIVE_CARD_IN_TEST_MODE.message);
    const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const m of source('./card-form.ts').matchAll(/'(Your [^']+)'|"(Your [^"]+)"/g)) texts.add((m[1] ?? m[2])!);
    for (const m of source('./checkout-html.ts').matchAll(/tr\((['"])(.+?)\1[,)]/g)) texts.add(m[2]!);
    // The pages that only tell something to the payer (those given `language`), every sentence on their line.
    for (const line of source('./test-pages.ts').split('\n').filter((l) => /message\(res, \d+, language,/.test(l))) {
      for (const m of line.matchAll(/'([A-Z][^']+)'/g)) texts.add(m[1]!);
    }
    expect(texts.size).toBeGreaterThan(40);
    for (const sure of ['Payment confirmed', 'Authentication failed', 'You can close this window.', 'Choose an answer', 'Pay {amount}', 'Your card number is invalid.']) {
      expect(texts).toContain(sure);
    }
    expect([...texts].filter((t) => !CHECKOUT_PORTUGUESE[t])).toEqual([]);
  });
});
