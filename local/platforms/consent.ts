import type { IncomingMessage, ServerResponse } from 'node:http';
import { consentLanguage, consentPage } from './consent-page.ts';
import { readForm, redirect, sendHtml, sendText } from './http.ts';
import type { AuthorizationCode, OAuthDesk, PendingAuthorization } from './oauth.ts';
import type { Platform, PlatformWorld } from './world.ts';

export interface ConsentFlow {
  platform: Platform;
  /** Reads the platform's authorize parameters; a string is the refusal shown instead of the consent page. */
  parse(url: URL): Omit<PendingAuthorization, 'id' | 'expiresAtMs' | 'platform'> | string;
  /** Where Allow sends the browser. */
  allowed(pending: PendingAuthorization, code: AuthorizationCode): string;
  /** Where Deny sends the browser: each platform's error=access_denied redirect. */
  denied(pending: PendingAuthorization): string;
}

/**
 * GET shows the consent page for an authorize request; POST (its form) answers it. The refusals of a
 * request that cannot be redirected (no or bad client id or redirect_uri) are shown, never redirected, as
 * OAuth 2.0 requires (RFC 6749 §4.1.2.1).
 */
export async function handleConsent(flow: ConsentFlow, world: PlatformWorld, desk: OAuthDesk, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'GET') {
    const parsed = flow.parse(url);
    if (typeof parsed === 'string') return sendText(res, 400, parsed);
    const pending = desk.begin({ ...parsed, platform: flow.platform });
    const language = consentLanguage(req, url);
    return sendHtml(res, 200, (nonce) =>
      consentPage({
        platform: flow.platform, language, appName: parsed.clientId, scopes: parsed.scopes,
        accounts: world.accountsOf(flow.platform), pendingId: pending.id, nonce,
      }),
    );
  }
  if (req.method !== 'POST') return sendText(res, 405, 'Method Not Allowed');
  const form = await readForm(req);
  const pending = desk.take(form.get('pending') ?? '', flow.platform);
  if (!pending) return sendText(res, 400, 'This authorization request has expired or was already answered. Start again from the app.');
  if (form.get('decision') !== 'allow') return redirect(res, flow.denied(pending));
  const account = world.accounts.get(form.get('account') ?? '');
  if (!account || account.platform !== flow.platform) return sendText(res, 400, 'Choose one of the listed accounts.');
  return redirect(res, flow.allowed(pending, desk.issueCode(pending, account.id)));
}
