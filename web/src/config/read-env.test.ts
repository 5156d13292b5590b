import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, readEnv } from './read-env';

const local = { origin: 'http://127.0.0.1:54321', hostname: '127.0.0.1' };
const hosted = { origin: 'https://app.example.com', hostname: 'app.example.com' };

describe('readEnv', () => {
  it('defaults to the page origin and the local anon key on a loopback host', () => {
    expect(readEnv({}, local)).toEqual({ supabaseUrl: 'http://127.0.0.1:54321', anonKey: LOCAL_ANON_KEY, stripePublishableKey: undefined });
  });

  it('uses the local key in dev whatever the host', () => {
    expect(readEnv({ DEV: true }, hosted).anonKey).toBe(LOCAL_ANON_KEY);
  });

  it('refuses a production page on a real host without an anon key', () => {
    expect(() => readEnv({}, hosted)).toThrow(/VITE_SUPABASE_ANON_KEY/);
  });

  it('takes the configured values, without a trailing slash', () => {
    const e = readEnv({ VITE_SUPABASE_URL: 'https://x.supabase.co/', VITE_SUPABASE_ANON_KEY: 'key', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, hosted);
    expect(e).toEqual({ supabaseUrl: 'https://x.supabase.co', anonKey: 'key', stripePublishableKey: 'pk_test_1' });
  });

  it('refuses a malformed URL and a secret Stripe key', () => {
    expect(() => readEnv({ VITE_SUPABASE_URL: 'not a url' }, local)).toThrow(/not a URL/);
    expect(() => readEnv({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' }, local)).toThrow(/pk_test_/);
  });
});
