import { type CheckoutLanguage, checkoutAmount, checkoutText } from './checkout-portuguese.ts';
import type { PaymentIntent } from './objects.ts';
import { TEST_CARDS } from './test-cards.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f6f7f9; color: #1a1f36; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
.badge { display: inline-block; background: #ffde92; color: #5a3c00; font-weight: 600; font-size: .8125rem; padding: .125rem .5rem; border-radius: .25rem; }
.amount { font-size: 1.75rem; font-weight: 700; margin: .75rem 0 1rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input, select { width: 100%; box-sizing: border-box; font: inherit; padding: .625rem .75rem; border: 1px solid #6b7280; border-radius: .375rem; background: #fff; color: inherit; }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
input[aria-invalid="true"], select[aria-invalid="true"] { border-color: #b42318; }
fieldset { border: 1px solid #d0d5dd; border-radius: .5rem; margin: 1rem 0 0; padding: 0 .75rem .75rem; }
legend { font-weight: 600; padding: 0 .25rem; }
.choice { display: flex; align-items: center; gap: .5rem; margin: .5rem 0; }
.choice input { width: 1.25rem; height: 1.25rem; margin: 0; }
.choice label { margin: 0; font-weight: 400; }
.alert > p:first-child { margin-top: 0; } .alert ul { margin-bottom: 0; }
.field-hint { color: #4b5563; font-size: .875rem; margin: .25rem 0 0; }
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; padding: 1rem; } }
.row { display: flex; gap: .75rem; } .row > div { flex: 1; }
.field-error { color: #b42318; margin: .25rem 0 0; font-size: .875rem; }
.alert { background: #fef3f2; color: #912018; border: 1px solid #fda29b; border-radius: .375rem; padding: .75rem; margin: 1rem 0 0; }
button { display: block; width: 100%; margin-top: 1.25rem; font: inherit; font-weight: 600; padding: .75rem; border: 0; border-radius: .375rem; background: #635bff; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #912018; border: 1px solid #912018; }
ul { padding-left: 1.25rem; margin: 0; } li { margin: .25rem 0; } code { font-size: .9375rem; }
.hint { color: #4b5563; font-size: .875rem; }
a { color: #4338ca; }
`;

/** A complete page; the nonce lets the inline style through the page's Content-Security-Policy. */
export function page(title: string, body: string, nonce: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function groupDigits(n: string): string {
  return n.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface CheckoutValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutValues, string>>;

function field(id: string, name: keyof CheckoutValues, label: string, value: string, error: string | undefined, attrs: string): string {
  const errorId = `${id}-error`;
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${name === 'cardNumber' ? 'card_number' : name}" value="${escapeHtml(value)}" ${attrs} required${
    error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>${error ? `\n<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

/** The test checkout form (the local stand-in for Stripe's Payment Element). */
export function checkoutPage(opts: {
  pi: PaymentIntent;
  returnUrl: string;
  /** Where "Back to the campaign" leads (a path on the return URL's site), on every step of the form. */
  backUrl?: string | undefined;
  values: CheckoutValues;
  errors?: CheckoutErrors;
  formError?: string;
  nonce: string;
  /** The payer's language, from the page's `locale` (as the Payment Element's); English by default. */
  language?: CheckoutLanguage;
}): string {
  const { pi, values, errors = {}, formError, language = 'en' } = opts;
  const tr = (text: string, v?: Record<string, string>) => checkoutText(language, text, v);
  const amount = checkoutAmount(language, pi.amount, pi.currency);
  const error = (e: string | undefined) => (e === undefined ? undefined : tr(e));
  const cards = TEST_CARDS.filter((c) => c.label)
    .map((c) => `<li><code>${groupDigits(c.number)}</code>: ${escapeHtml(tr(c.label!))}</li>`)
    .join('\n');
  const back = opts.backUrl ? `<p><a href="${escapeHtml(opts.backUrl)}" id="back-to-campaign">${tr('Back to the campaign')}</a></p>` : '';
  const pay = escapeHtml(tr('Pay {amount}', { amount }));
  const body = `<p><span class="badge">${tr('Test mode')}</span></p>
<h1>${pay}</h1>
${pi.description ? `<p id="paid-for">${tr('For:')} <strong>${escapeHtml(pi.description)}</strong></p>` : ''}
<p class="hint">${tr('A local test checkout: no card is charged and no card data leaves this machine.')}</p>
<form method="post" action="/stripe/checkout" novalidate>
<input type="hidden" name="client_secret" value="${escapeHtml(pi.client_secret)}">
<input type="hidden" name="return_url" value="${escapeHtml(opts.returnUrl)}">
${opts.backUrl ? `<input type="hidden" name="back_url" value="${escapeHtml(new URL(opts.backUrl).pathname + new URL(opts.backUrl).search)}">` : ''}
${language === 'en' ? '' : `<input type="hidden" name="locale" value="${language === 'pt' ? 'pt-BR' : language}">`}
${field('card-number', 'cardNumber', tr('Card number'), values.cardNumber, error(errors.cardNumber), 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row">
<div>${field('expiry', 'expiry', tr('Expiration date (MM / YY)'), values.expiry, error(errors.expiry), `inputmode="numeric" autocomplete="cc-exp" placeholder="${tr('MM / YY')}"`)}</div>
<div>${field('cvc', 'cvc', tr('Security code (CVC)'), values.cvc, error(errors.cvc), `inputmode="numeric" autocomplete="cc-csc" placeholder="${tr('CVC')}"`)}</div>
</div>
${formError ? `<div class="alert" role="alert" id="form-error">${escapeHtml(tr(formError))}</div>` : ''}
<button type="submit">${pay}</button>
</form>
${back}
<section aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">${tr('Test cards')}</h2>
<ul>
${cards}
</ul>
<p class="hint">${tr('Use any future expiration date and any 3-digit CVC.')}</p>
</section>`;
  return page(tr('Pay {amount} (test mode)', { amount }), body, opts.nonce, language === 'pt' ? 'pt-BR' : 'en');
}

/** The test 3-D Secure challenge, where the payer completes or fails authentication. */
export function authenticatePage(opts: { pi: PaymentIntent; returnUrl: string | undefined; nonce: string; language?: CheckoutLanguage }): string {
  const language = opts.language ?? 'en';
  const tr = (text: string, v?: Record<string, string>) => checkoutText(language, text, v);
  const amount = checkoutAmount(language, opts.pi.amount, opts.pi.currency);
  const body = `<p><span class="badge">${tr('Test mode')}</span></p>
<h1>${tr('Confirm your payment')}</h1>
<p>${tr('Your bank asks you to confirm a payment of {amount}.', { amount: `<strong>${escapeHtml(amount)}</strong>` })}</p>
<p class="hint">${tr("This page stands in for the bank's 3-D Secure check. Choose how the check ends.")}</p>
<form method="post" action="/stripe/authenticate">
<input type="hidden" name="client_secret" value="${escapeHtml(opts.pi.client_secret)}">
${opts.returnUrl ? `<input type="hidden" name="return_url" value="${escapeHtml(opts.returnUrl)}">` : ''}
${language === 'en' ? '' : '<input type="hidden" name="locale" value="pt-BR">'}
<button type="submit" name="action" value="complete">${tr('Complete authentication')}</button>
<button type="submit" name="action" value="fail" class="secondary">${tr('Fail authentication')}</button>
</form>`;
  return page(tr('Confirm your payment (test mode)'), body, opts.nonce, language === 'pt' ? 'pt-BR' : 'en');
}

/** A page that only tells something, with an optional link onwards. */
export function messagePage(opts: {
  title: string;
  message: string;
  link?: { href: string; text: string };
  nonce: string;
  /** The page's language, its `lang` and its badge: English unless the caller knows the reader's (issue 37). */
  lang?: string;
  testMode?: string;
}): string {
  const body = `<p><span class="badge">${escapeHtml(opts.testMode ?? 'Test mode')}</span></p>
<h1>${escapeHtml(opts.title)}</h1>
<p role="status">${escapeHtml(opts.message)}</p>
${opts.link ? `<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.text)}</a></p>` : ''}`;
  return page(opts.title, body, opts.nonce, opts.lang);
}
