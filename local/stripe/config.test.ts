import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LOCAL_STRIPE_PUBLISHABLE_KEY, LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, stripeFunctionEnv } from './config.ts';

describe('stripeFunctionEnv', () => {
  const stack = loadConfig({ PORT: '54321' });

  it('points the functions’ SDK at the double with the local keys by default', () => {
    expect(stripeFunctionEnv(stack, {})).toEqual({
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: '54321',
      STRIPE_API_PROTOCOL: 'http',
    });
  });

  it('leaves the SDK on api.stripe.com when a real key is configured without a host', () => {
    const env = stripeFunctionEnv(stack, { STRIPE_SECRET_KEY: 'sk_test_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' });
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_real');
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_real');
    expect(env.STRIPE_API_HOST).toBeUndefined();
  });

  it('passes an explicit host through', () => {
    const env = stripeFunctionEnv(stack, { STRIPE_API_HOST: 'stripe-mock', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(env).toMatchObject({ STRIPE_API_HOST: 'stripe-mock', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
  });
});
