import { readFunctionEnv } from '../_shared/function-env.ts';
import { createEmailsHandler } from './handler.ts';
import { createTransport, readTransportEnv } from './transport.ts';

const env = readFunctionEnv();
const transportEnv = readTransportEnv();
const siteUrl = (Deno.env.get('SITE_URL') || '').replace(/\/$/, '');
if (!siteUrl) throw new Error('SITE_URL is not set (the app the emails link to)');
const from = Deno.env.get('EMAIL_FROM');
if (!from) throw new Error('EMAIL_FROM is not set (e.g. "Marketplace <no-reply@example.com>")');
Deno.serve(
  createEmailsHandler(
    {
      ...env,
      from,
      siteUrl,
      functionsUrl: (Deno.env.get('PUBLIC_FUNCTIONS_URL') || `${Deno.env.get('PUBLIC_SUPABASE_URL') || env.supabaseUrl}/functions/v1`).replace(/\/$/, ''),
      secret: Deno.env.get('EMAIL_UNSUBSCRIBE_SECRET') || env.serviceRoleKey,
    },
    () => createTransport(transportEnv),
  ),
);
