import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { drainOutbox } from './drain.ts';
import type { EmailTransport } from './transport.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

export interface EmailsEnv extends FunctionEnv {
  from: string;
  siteUrl: string;
  /** The functions' public base, for List-Unsubscribe (e.g. https://<ref>.supabase.co/functions/v1). */
  functionsUrl: string;
  secret: string;
}

/**
 * The `emails` edge function (verify_jwt = false: unsubscribe links work signed out):
 *   POST /emails/drain                     -> 200 {sent, retrying, failed}   the scheduler (service role key only)
 *   POST /emails/unsubscribe?token=...     -> 200 {category}                 the unsubscribe page, or a mail
 *        (or {token} in a JSON body)                                          client's one-click (RFC 8058)
 * Errors: JSON {code, message}; an invalid token is 400 invalid_unsubscribe_token.
 */
export function createEmailsHandler(env: EmailsEnv, openTransport: () => EmailTransport, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  return jsonHandler(async (req, ctx) => {
    if (ctx.path !== '/emails/drain' && ctx.path !== '/emails/unsubscribe') throw new HttpError(404, 'Not found', 'not_found');
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    if (ctx.path === '/emails/drain') {
      if (ctx.bearerToken !== env.serviceRoleKey) throw new HttpError(403, 'Only the scheduler sends emails', 'not_scheduler');
      // A transport per run: its pooled connections close with the run instead of idling between minutes.
      const transport = openTransport();
      try {
        return { status: 200, body: await drainOutbox(service, transport, { ...env, log, renderDocuments: () => renderDocuments(env) }) };
      } finally {
        transport.close();
      }
    }
    const token = ctx.url.searchParams.get('token') ?? (await tokenFromBody(req, ctx));
    const subscriber = token ? await verifyUnsubscribeToken(env.secret, token) : null;
    if (!subscriber) throw new HttpError(400, 'This unsubscribe link is not valid.', 'invalid_unsubscribe_token');
    const { error } = await service.rpc('email_unsubscribe', { user_id: subscriber.userId, category: subscriber.category });
    if (error) throw new Error(`email_unsubscribe: ${error.message}`);
    return { status: 200, body: { category: subscriber.category } };
  }, { name: 'emails', log });
}

/** Asks the documents function to draw what is pending (as its every-minute job does), with the service role key. */
async function renderDocuments(env: EmailsEnv): Promise<void> {
  const res = await fetch(`${env.supabaseUrl}/functions/v1/documents/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.serviceRoleKey}`, apikey: env.anonKey, 'content-type': 'application/json' },
    body: '{}',
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`documents/render answered ${res.status}`);
}

async function tokenFromBody(req: Request, ctx: { json(): Promise<unknown> }): Promise<string | null> {
  // One-click unsubscribe posts a form (List-Unsubscribe=One-Click) with the token in the URL only.
  if (!(req.headers.get('content-type') ?? '').includes('application/json')) return null;
  const body = await ctx.json();
  const token = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
  return typeof token === 'string' ? token : null;
}
