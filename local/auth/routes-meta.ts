import { sendJson } from '../http/io.ts';
import { emailSettings } from './email-settings.ts';
import type { AuthRequest } from './request.ts';

/** The GoTrue release the Supabase CLI pins; clients only display it. */
export const GOTRUE_VERSION = 'v2.189.0';

/** GET /health. */
export async function health(r: AuthRequest): Promise<void> {
  sendJson(r.res, 200, {
    version: GOTRUE_VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** The OAuth providers GoTrue knows (all off here). */
export const OAUTH_PROVIDERS = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'keycloak',
  'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch', 'twitter', 'zoom',
];

/** GET /settings: what this server offers (email + password only; confirmations per config.toml). */
export async function settings(r: AuthRequest): Promise<void> {
  const external: Record<string, boolean> = { anonymous_users: false };
  for (const p of OAUTH_PROVIDERS) external[p] = false;
  external.email = true;
  external.phone = false;
  sendJson(r.res, 200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: !emailSettings(r.ctx.config).confirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}
