import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { checkExposure, isLoopbackHost } from './exposure.ts';
import { LOCAL_STRIPE_SECRET_KEY } from './stripe/config.ts';

const CUSTOM = {
  JWT_SECRET: 'a-secret-of-our-own-at-least-32-characters-long!',
  STRIPE_WEBHOOK_SECRET: 'whsec_our_own',
  STRIPE_SECRET_KEY: 'sk_test_local_a_key_of_our_own',
};
/** Everything of our own but the Stripe double's key (what issue 29 found starting without a word). */
const CUSTOM_BUT_THE_DOUBLES_KEY = { JWT_SECRET: CUSTOM.JWT_SECRET, STRIPE_WEBHOOK_SECRET: CUSTOM.STRIPE_WEBHOOK_SECRET };

function check(env: Record<string, string>) {
  return checkExposure(loadConfig(env), env);
}

describe('where the stack listens', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(check({})).toEqual({});
  });

  it('tells loopback addresses from the others', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '10.0.0.1']) expect(isLoopbackHost(h)).toBe(false);
  });

  it('refuses a non-loopback address while the well-known secrets are in use, naming them', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      const { refusal } = check({ HOST: host });
      expect(refusal).toContain(`refusing to listen on ${host}`);
      expect(refusal).toContain('JWT_SECRET');
      expect(refusal).toContain('STRIPE_WEBHOOK_SECRET');
      expect(refusal).toContain('service_role');
      expect(refusal).toContain('ALLOW_INSECURE_DEFAULTS=true');
    }
    // Only the one left at its default is named.
    const { refusal } = check({ HOST: '0.0.0.0', JWT_SECRET: CUSTOM.JWT_SECRET });
    expect(refusal).not.toContain('- JWT_SECRET');
    expect(refusal).toContain('- STRIPE_WEBHOOK_SECRET');
  });

  it('refuses the well-known service_role key even with a secret of its own', () => {
    const wellKnown = loadConfig({}).serviceRoleKey;
    const { refusal } = check({ HOST: '0.0.0.0', ...CUSTOM, SERVICE_ROLE_KEY: wellKnown });
    expect(refusal).toContain('SERVICE_ROLE_KEY');
  });

  it('refuses the Stripe double\'s published key off loopback, and says how to replace it or switch the double off', () => {
    for (const host of ['0.0.0.0', '192.168.1.10']) {
      const { refusal } = check({ HOST: host, ...CUSTOM_BUT_THE_DOUBLES_KEY });
      expect(refusal).toContain(`refusing to listen on ${host}`);
      expect(refusal).toContain('- STRIPE_SECRET_KEY');
      expect(refusal).not.toContain('- JWT_SECRET');
      expect(refusal).not.toContain('- STRIPE_WEBHOOK_SECRET');
      expect(refusal).toContain('sk_test_local_');
      expect(refusal).toContain('STRIPE_DOUBLE=off');
    }
    // Named explicitly it is just as public.
    const explicit = check({ HOST: '0.0.0.0', ...CUSTOM_BUT_THE_DOUBLES_KEY, STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY });
    expect(explicit.refusal).toContain('- STRIPE_SECRET_KEY');
    // Opening the double to the network does not make its published key any less public.
    expect(check({ HOST: '0.0.0.0', ...CUSTOM_BUT_THE_DOUBLES_KEY, STRIPE_DOUBLE: 'network' }).refusal).toContain('- STRIPE_SECRET_KEY');
    // On loopback the key stays the default it is.
    expect(check({ ...CUSTOM_BUT_THE_DOUBLES_KEY })).toEqual({});
  });

  it('accepts an own key for the double, or the double switched off', () => {
    expect(check({ HOST: '0.0.0.0', ...CUSTOM_BUT_THE_DOUBLES_KEY, STRIPE_SECRET_KEY: 'sk_test_local_a_key_of_our_own' })).toEqual({});
    expect(check({ HOST: '0.0.0.0', ...CUSTOM_BUT_THE_DOUBLES_KEY, STRIPE_DOUBLE: 'off' })).toEqual({});
    // A real Stripe key: the functions go to api.stripe.com, and the double accepts only that key.
    expect(check({ HOST: '0.0.0.0', ...CUSTOM_BUT_THE_DOUBLES_KEY, STRIPE_SECRET_KEY: 'sk_test_51RealAccountKey' })).toEqual({});
  });

  it('accepts a non-loopback address with secrets of its own', () => {
    expect(check({ HOST: '0.0.0.0', ...CUSTOM })).toEqual({});
  });

  it('accepts the defaults on a non-loopback address when explicitly allowed, with a loud warning', () => {
    const result = check({ HOST: '0.0.0.0', ALLOW_INSECURE_DEFAULTS: 'true' });
    expect(result.refusal).toBeUndefined();
    expect(result.warning).toContain('WARNING');
    expect(result.warning).toContain('JWT_SECRET');
    expect(result.warning).toContain('0.0.0.0');
    expect(result.warning).toContain('STRIPE_SECRET_KEY');
  });
});
