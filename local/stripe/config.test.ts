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

  it('points them at the stack\'s internal listener once it listens, whatever HOST and PUBLIC_URL say (issue 29)', () => {
    const listening = { ...loadConfig({ PORT: '54321', HOST: '10.1.2.3' }), internalUrl: 'http://127.0.0.1:40123' };
    expect(stripeFunctionEnv(listening, {})).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '40123', STRIPE_API_PROTOCOL: 'http' });
  });

  it('keeps the functions on the double with a key of the operator\'s own for it (sk_test_local_...)', () => {
    const env = stripeFunctionEnv(stack, { STRIPE_SECRET_KEY: 'sk_test_local_our_own' });
    expect(env).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_local_our_own', STRIPE_API_HOST: 'localhost', STRIPE_API_PORT: '54321' });
  });

  it('never points them at a double switched off (STRIPE_DOUBLE=off)', () => {
    expect(stripeFunctionEnv(loadConfig({ STRIPE_DOUBLE: 'off' }), {}).STRIPE_API_HOST).toBeUndefined();
    expect(() => loadConfig({ STRIPE_DOUBLE: 'maybe' })).toThrow('STRIPE_DOUBLE: expected one of loopback, network, off');
  });

  it('passes an explicit host through', () => {
    const env = stripeFunctionEnv(stack, { STRIPE_API_HOST: 'stripe-mock', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(env).toMatchObject({ STRIPE_API_HOST: 'stripe-mock', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
  });
});
