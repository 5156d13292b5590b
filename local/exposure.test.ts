import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { checkExposure, isLoopbackHost } from './exposure.ts';

const CUSTOM = {
  JWT_SECRET: 'a-secret-of-our-own-at-least-32-characters-long!',
  STRIPE_WEBHOOK_SECRET: 'whsec_our_own',
};

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

  it('accepts a non-loopback address with secrets of its own', () => {
    expect(check({ HOST: '0.0.0.0', ...CUSTOM })).toEqual({});
  });

  it('accepts the defaults on a non-loopback address when explicitly allowed, with a loud warning', () => {
    const result = check({ HOST: '0.0.0.0', ALLOW_INSECURE_DEFAULTS: 'true' });
    expect(result.refusal).toBeUndefined();
    expect(result.warning).toContain('WARNING');
    expect(result.warning).toContain('JWT_SECRET');
    expect(result.warning).toContain('0.0.0.0');
  });
});
