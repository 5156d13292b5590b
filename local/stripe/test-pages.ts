import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/io.ts';
import { readCardForm } from './card-form.ts';
import { authenticatePage, checkoutPage, type CheckoutValues } from './checkout-html.ts';
import { type CheckoutLanguage, checkoutLanguage, checkoutText } from './checkout-portuguese.ts';
import type { StripeCore } from './core.ts';
import { paymentIntentIdOfSecret, randomToken } from './ids.ts';
import { buildPaymentMethod, type PaymentIntent } from './objects.ts';
import { createOnboardingPages } from './onboarding-pages.ts';
import { readForm, redirectTo, secretKeyRefused, sendHtml, sendMessage } from './page-responses.ts';
import { addPaymentMethod, confirmWithPaymentMethod, finishAuthentication } from './payment-intents.ts';
import { allowedReturnUrl, redirectUrl, sameSiteBackUrl } from './return-url.ts';
import { StripeApiError } from './stripe-error.ts';

/**
 * The `/stripe/*` pages a browser uses instead of Stripe.js and Stripe-hosted flows (unreachable here):
 * the test checkout, the test 3-D Secure page, the recipient onboarding form of Account Links, and control
 * endpoints for tests (resend an event like the Dashboard's "Resend"; close a recipient's bank account).
 */
export function createTestPagesHandler(core: StripeCore) {
  const stack = core.stack;
  const onboarding = createOnboardingPages(core);
  const html = (res: ServerResponse, status: number, render: (nonce: string) => string, formTarget?: URL) => sendHtml(res, status, render, [formTarget]);
  /** A page that only tells something, in the payer's language (English texts are the keys). */
  const message = (res: ServerResponse, status: number, language: CheckoutLanguage, title: string, text: string) => {
    const tr = (english: string) => checkoutText(language, english);
    sendMessage(res, status, tr(title), tr(text), undefined, { lang: language === 'pt' ? 'pt-BR' : 'en', testMode: tr('Test mode') });
  };
  const redirect = redirectTo;

  function intentOfSecret(secret: string | null): PaymentIntent | undefined {
    const id = secret ? paymentIntentIdOfSecret(secret) : undefined;
    const pi = id ? core.store.state.paymentIntents[id] : undefined;
    return pi && pi.client_secret === secret ? pi : undefined;
  }

  const formBody = (req: IncomingMessage) => readForm(req, stack.maxBodyBytes);

  const request = () => ({ id: `req_${randomToken(14)}`, idempotencyKey: null });

  /** The checks both checkout routes share; answers the refusal itself and returns undefined. */
  function checkoutTarget(
    res: ServerResponse,
    secret: string | null,
    returnUrlText: string | null,
    backPath: string | null,
    language: CheckoutLanguage,
  ): { pi: PaymentIntent; returnUrl: URL; backUrl: string | undefined } | undefined {
    const pi = intentOfSecret(secret);
    if (!pi) {
      message(res, 404, language, 'Payment not found', 'This payment link is not valid. Start the payment again from the site.');
      return undefined;
    }
    // The two refusals below are the integrating developer's mistakes, not the payer's: English, as Stripe's API errors.
    const returnUrl = allowedReturnUrl(returnUrlText ?? undefined, stack);
    if (!returnUrl) {
      message(res, 400, 'en', 'Invalid return address', `The return_url must be an http(s) address on ${stack.publicUrl} or on localhost.`);
      return undefined;
    }
    const backUrl = sameSiteBackUrl(backPath, returnUrl);
    if (backPath && !backUrl) {
      message(res, 400, 'en', 'Invalid back address', 'The back_url must be a path on the site the payment returns to, such as /campaigns/….');
      return undefined;
    }
    if (pi.status === 'succeeded') {
      redirect(res, redirectUrl(returnUrl, pi, 'succeeded'));
      return undefined;
    }
    if (pi.status === 'canceled' || pi.status === 'processing') {
      message(res, 409, language, 'Payment unavailable', language === 'en' ? `This payment can no longer be paid: it is ${pi.status}.` : 'This payment can no longer be paid.');
      return undefined;
    }
    return { pi, returnUrl, backUrl };
  }

  /** `locale` as the Payment Element takes it ("pt-BR"): the pages' language, carried through their forms. */
  async function getCheckout(res: ServerResponse, url: URL): Promise<void> {
    const language = checkoutLanguage(url.searchParams.get('locale'));
    const target = checkoutTarget(res, url.searchParams.get('client_secret'), url.searchParams.get('return_url'), url.searchParams.get('back_url'), language);
    if (!target) return;
    const values = { cardNumber: '', expiry: '', cvc: '' };
    html(res, 200, (nonce) => checkoutPage({ pi: target.pi, returnUrl: target.returnUrl.toString(), backUrl: target.backUrl, values, nonce, language }), target.returnUrl);
  }

  async function postCheckout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await formBody(req);
    const language = checkoutLanguage(form.get('locale'));
    const target = checkoutTarget(res, form.get('client_secret'), form.get('return_url'), form.get('back_url'), language);
    if (!target) return;
    const { pi, returnUrl, backUrl } = target;
    const values: CheckoutValues = { cardNumber: form.get('card_number') ?? '', expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '' };
    const render = (status: number, extra: { errors?: Parameters<typeof checkoutPage>[0]['errors']; formError?: string; values: CheckoutValues }) =>
      html(res, status, (nonce) => checkoutPage({ pi, returnUrl: returnUrl.toString(), backUrl, nonce, language, ...extra }), returnUrl);
    const typed = readCardForm(values);
    if ('errors' in typed) return render(200, { values, errors: typed.errors });
    const pm = buildPaymentMethod(typed.card, { expMonth: typed.expMonth, expYear: typed.expYear, cvcChecked: true });
    addPaymentMethod(core, pm, typed.card.outcome);
    try {
      confirmWithPaymentMethod(core, pi, pm, returnUrl.toString(), request());
    } catch (e) {
      await core.commit();
      if (e instanceof StripeApiError && e.body.type === 'card_error') {
        // As Elements does after a decline: the message, and the fields kept except the security code.
        return render(200, { values: { ...values, cvc: '' }, formError: e.body.message });
      }
      throw e;
    }
    await core.commit();
    if (pi.status === 'requires_action') {
      return redirect(res, `/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret)}${language === 'pt' ? '&locale=pt-BR' : ''}`);
    }
    redirect(res, redirectUrl(returnUrl, pi, 'succeeded'));
  }

  function authReturnUrl(pi: PaymentIntent, fallback: string | null): URL | undefined {
    const fromIntent = pi.next_action?.type === 'redirect_to_url' ? pi.next_action.redirect_to_url.return_url : undefined;
    return allowedReturnUrl(fromIntent ?? fallback ?? undefined, stack);
  }

  async function getAuthenticate(res: ServerResponse, url: URL): Promise<void> {
    const language = checkoutLanguage(url.searchParams.get('locale'));
    const pi = intentOfSecret(url.searchParams.get('client_secret'));
    if (!pi) return message(res, 404, language, 'Payment not found', 'This authentication link is not valid.');
    if (pi.status !== 'requires_action') {
      return message(res, 409, language, 'Nothing to confirm', language === 'en' ? `This payment does not need authentication: it is ${pi.status}.` : 'This payment does not need authentication.');
    }
    const returnUrl = authReturnUrl(pi, null);
    html(res, 200, (nonce) => authenticatePage({ pi, returnUrl: returnUrl?.toString(), nonce, language }), returnUrl);
  }

  async function postAuthenticate(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await formBody(req);
    const language = checkoutLanguage(form.get('locale'));
    const pi = intentOfSecret(form.get('client_secret'));
    if (!pi) return message(res, 404, language, 'Payment not found', 'This authentication link is not valid.');
    const action = form.get('action');
    if (action !== 'complete' && action !== 'fail') return message(res, 400, language, 'Choose an answer', 'Choose Complete or Fail authentication.');
    const returnUrl = authReturnUrl(pi, form.get('return_url'));
    if (pi.status === 'requires_action') {
      finishAuthentication(core, pi, action === 'complete', request());
      await core.commit();
    } else if (pi.status !== 'succeeded') {
      // A second submit after a failure: report the failure again rather than a false success.
      return returnUrl ? redirect(res, redirectUrl(returnUrl, pi, 'failed')) : message(res, 409, language, 'Nothing to confirm', language === 'en' ? `This payment is ${pi.status}.` : 'This payment does not need authentication.');
    }
    const outcome = pi.status === 'succeeded' ? 'succeeded' : 'failed';
    if (returnUrl) return redirect(res, redirectUrl(returnUrl, pi, outcome));
    message(res, 200, language, outcome === 'succeeded' ? 'Payment confirmed' : 'Authentication failed', 'You can close this window.');
  }

  async function resendEvent(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    if (secretKeyRefused(req, res, core.config)) return;
    const event = core.deliveryOf(id);
    if (!event) return sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such event: '${id}'`, param: 'id' } });
    const result = await core.webhooks.resend(event);
    sendJson(res, 200, { event: id, webhook_url: core.config.webhookUrl(), response_status: result.status });
  }

  return async function handleTestPages(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/stripe/checkout' && method === 'GET') return getCheckout(res, url);
    if (path === '/stripe/checkout' && method === 'POST') return postCheckout(req, res);
    if (path === '/stripe/authenticate' && method === 'GET') return getAuthenticate(res, url);
    if (path === '/stripe/authenticate' && method === 'POST') return postAuthenticate(req, res);
    const resend = /^\/stripe\/events\/([A-Za-z0-9_]+)\/resend$/.exec(path);
    if (resend && method === 'POST') return resendEvent(req, res, resend[1]!);
    if (await onboarding(req, res, url)) return;
    message(res, 404, 'en', 'Not found', 'There is no test page at this address.');
  };
}
