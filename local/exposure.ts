import net from 'node:net';
import { LOCAL_JWT_SECRET, localKey, type StackConfig } from './config.ts';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from './stripe/config.ts';

/** True for addresses only this machine can reach. Any other name may resolve to a public interface. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** The settings still at a public, well-known value (anyone who reads this repository knows them). */
export function wellKnownSecrets(config: StackConfig, env: NodeJS.ProcessEnv): string[] {
  const found: string[] = [];
  if (config.jwtSecret === LOCAL_JWT_SECRET) {
    found.push('JWT_SECRET (the Supabase CLI demo secret: anyone can sign a service_role token with it)');
  }
  if (config.serviceRoleKey === localKey('service_role', LOCAL_JWT_SECRET)) found.push('SERVICE_ROLE_KEY (the demo key)');
  if (config.anonKey === localKey('anon', LOCAL_JWT_SECRET)) found.push('ANON_KEY (the demo key)');
  if ((env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET) === LOCAL_STRIPE_WEBHOOK_SECRET) {
    found.push('STRIPE_WEBHOOK_SECRET (the test double\'s: anyone can sign a "payment succeeded" event)');
  }
  // The double accepts STRIPE_SECRET_KEY; left at its published value, whoever reaches the double's API can
  // list every payment, refund hires and send payouts. It answers this machine only unless STRIPE_DOUBLE=network,
  // but a tunnel or a proxy on this machine makes every caller look local, so the key must not be public either.
  if (config.stripeDouble !== 'off' && (env.STRIPE_SECRET_KEY || LOCAL_STRIPE_SECRET_KEY) === LOCAL_STRIPE_SECRET_KEY) {
    found.push('STRIPE_SECRET_KEY (the test double\'s published key: anyone who reaches the double can list and refund payments and send payouts)');
  }
  return found;
}

export interface ExposureCheck {
  /** Why the stack must not start as configured. */
  refusal?: string;
  /** Started anyway (ALLOW_INSECURE_DEFAULTS=true): what the banner must shout. */
  warning?: string;
}

/**
 * The well-known secrets are harmless while only this machine can connect; on any other address they
 * let anyone on the network mint a service_role token (issue 12). So a non-loopback HOST needs secrets
 * of its own, or ALLOW_INSECURE_DEFAULTS=true for a trusted network.
 */
export function checkExposure(config: StackConfig, env: NodeJS.ProcessEnv = process.env): ExposureCheck {
  if (isLoopbackHost(config.host)) return {};
  const secrets = wellKnownSecrets(config, env);
  if (secrets.length === 0) return {};
  const list = secrets.map((s) => `  - ${s}`).join('\n');
  if (env.ALLOW_INSECURE_DEFAULTS === 'true') {
    return {
      warning: [
        '!!! WARNING: listening on ' + config.host + ' with well-known secrets (ALLOW_INSECURE_DEFAULTS=true):',
        list,
        '!!! Anyone who can reach this address can act as any user or as service_role. Trusted networks only.',
      ].join('\n'),
    };
  }
  return {
    refusal: [
      `refusing to listen on ${config.host}: it is reachable from other machines and these settings are public, well-known values:`,
      list,
      'Set them to values of your own: JWT_SECRET=$(openssl rand -base64 48) (ANON_KEY and SERVICE_ROLE_KEY are then',
      'derived from it), STRIPE_WEBHOOK_SECRET=whsec_$(openssl rand -hex 24), and for the Stripe test double',
      'STRIPE_SECRET_KEY=sk_test_local_$(openssl rand -hex 24), or STRIPE_DOUBLE=off with your Stripe account\'s keys.',
      'Or keep HOST at 127.0.0.1 (the default), or set ALLOW_INSECURE_DEFAULTS=true to accept the risk on a network',
      'you trust.',
    ].join('\n'),
  };
}
