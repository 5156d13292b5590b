import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/io.ts';
import { linkUseCase, ONBOARDING_PATH } from './account-links.ts';
import { readBankForm } from './bank-form-checks.ts';
import { bankFormSpec } from './bank-form-fields.ts';
import type { StripeCore } from './core.ts';
import { randomToken } from './ids.ts';
import { onboardingPage } from './onboarding-html.ts';
import { htmlLang, inLanguage, onboardingLanguage } from './onboarding-spanish.ts';
import { readForm, redirectTo, secretKeyRefused, sendHtml, sendMessage } from './page-responses.ts';
import { completeOnboarding, defaultPayoutMethod } from './recipient-onboarding.ts';
import { allowedReturnUrl } from './return-url.ts';
import { accountCountry } from './v2-accounts.ts';
import type { StoredAccountLink } from './v2-objects.ts';

/**
 * The hosted recipient onboarding behind Account Links (`/stripe/onboarding?link=…`) and test controls to
 * close a recipient's bank account and to refuse its payouts as if the platform's balance were short. A link opens once, while it has not expired; its form then works until
 * it is submitted with valid details. A second visit, an expired link and a used one go to refresh_url,
 * where the platform makes a new link, as with Stripe's.
 */
export function createOnboardingPages(core: StripeCore) {
  const stack = core.stack;

  /**
   * Where to send the recipient, when the URL is one the double may redirect to (not an open redirect);
   * else a page saying so, in the account's language like the form.
   */
  function leave(res: ServerResponse, stored: StoredAccountLink, target: string | undefined, title: string, text: string): void {
    const url = allowedReturnUrl(target, stack);
    if (url) return redirectTo(res, url.toString());
    const lang = onboardingLanguage(core.store.state.accounts[stored.link.account]?.defaults?.locales);
    const tr = (english: string) => inLanguage(lang, english);
    sendMessage(res, 200, tr(title), tr(text), undefined, { lang: htmlLang(lang), testMode: tr('Test mode') });
  }

  function toRefresh(res: ServerResponse, stored: StoredAccountLink): void {
    leave(res, stored, linkUseCase(stored).refresh_url, 'Link expired', 'This link has expired or was already used. Go back to the site to get a new one.');
  }

  function render(res: ServerResponse, stored: StoredAccountLink, values: Record<string, string>, errors?: Record<string, string>): void {
    const account = core.store.state.accounts[stored.link.account]!;
    const country = accountCountry(account)!;
    const targets = [allowedReturnUrl(linkUseCase(stored).return_url, stack), allowedReturnUrl(linkUseCase(stored).refresh_url, stack)];
    sendHtml(
      res, 200,
      (nonce) => onboardingPage({
        country, language: onboardingLanguage(account.defaults?.locales), displayName: account.display_name, update: stored.link.use_case.type === 'account_update',
        token: stored.token, session: stored.session!, values, errors, nonce,
      }),
      targets,
    );
  }

  function linkOf(token: string | null): StoredAccountLink | undefined {
    const stored = token ? core.store.state.accountLinks[token] : undefined;
    return stored && core.store.state.accounts[stored.link.account] && accountCountry(core.store.state.accounts[stored.link.account]!) ? stored : undefined;
  }

  async function getForm(res: ServerResponse, url: URL): Promise<void> {
    const stored = linkOf(url.searchParams.get('link'));
    if (!stored) return sendMessage(res, 404, 'Link not valid', 'This onboarding link is not valid. Go back to the site to get a new one.');
    if (stored.completed || stored.session !== null || Date.parse(stored.link.expires_at) <= Date.now()) return toRefresh(res, stored);
    stored.session = randomToken(24);
    await core.commit();
    render(res, stored, {});
  }

  async function postForm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req, stack.maxBodyBytes);
    const stored = linkOf(form.get('link'));
    if (!stored) return sendMessage(res, 404, 'Link not valid', 'This onboarding link is not valid. Go back to the site to get a new one.');
    if (stored.completed || !stored.session || form.get('session') !== stored.session) return toRefresh(res, stored);
    const account = core.store.state.accounts[stored.link.account]!;
    const country = accountCountry(account)!;
    const values: Record<string, string> = {};
    for (const field of bankFormSpec(country).fields) values[field.name] = form.get(field.name) ?? '';
    const result = readBankForm(country, values);
    if ('errors' in result) return render(res, stored, values, result.errors);
    completeOnboarding(core, account, country, result.details, stored);
    await core.commit();
    leave(res, stored, linkUseCase(stored).return_url, 'Bank account saved', 'Your payouts will go to this bank account. You can close this window.');
  }

  /** Test control: the bank closes the recipient's account, so its next payout comes back (`returned`). */
  async function closeBankAccount(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    if (secretKeyRefused(req, res, core.config)) return;
    const account = core.store.state.accounts[accountId];
    const methodId = account ? defaultPayoutMethod(core, account) : undefined;
    if (!account || !methodId) {
      return sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No recipient with a payout method: '${accountId}'` } });
    }
    core.store.state.payoutMethods[methodId]!.outcome = 'closed';
    await core.commit();
    sendJson(res, 200, { account: accountId, payout_method: methodId, outcome: 'closed' });
  }

  /** Test control: payouts to the recipient's bank account find the platform's balance short (insufficient_funds). */
  async function shortPlatformBalance(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    if (secretKeyRefused(req, res, core.config)) return;
    const account = core.store.state.accounts[accountId];
    const methodId = account ? defaultPayoutMethod(core, account) : undefined;
    if (!account || !methodId) {
      return sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No recipient with a payout method: '${accountId}'` } });
    }
    core.store.state.payoutMethods[methodId]!.platformBalanceShort = true;
    await core.commit();
    sendJson(res, 200, { account: accountId, payout_method: methodId, platform_balance_short: true });
  }

  return async function handleOnboarding(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = req.method ?? 'GET';
    if (url.pathname === ONBOARDING_PATH && method === 'GET') {
      await getForm(res, url);
      return true;
    }
    if (url.pathname === ONBOARDING_PATH && method === 'POST') {
      await postForm(req, res);
      return true;
    }
    const close = /^\/stripe\/test\/accounts\/([A-Za-z0-9_]+)\/close_bank_account$/.exec(url.pathname);
    if (close && method === 'POST') {
      await closeBankAccount(req, res, close[1]!);
      return true;
    }
    const short = /^\/stripe\/test\/accounts\/([A-Za-z0-9_]+)\/short_platform_balance$/.exec(url.pathname);
    if (short && method === 'POST') {
      await shortPlatformBalance(req, res, short[1]!);
      return true;
    }
    return false;
  };
}
