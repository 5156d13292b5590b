/**
 * The Supabase CLI's well-known local anon key (secret `super-secret-jwt-token-with-at-least-32-characters-long`).
 * Public knowledge: it only opens a local stack, never a hosted project.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface WebEnv {
  supabaseUrl: string;
  anonKey: string;
  stripePublishableKey: string | undefined;
}

export interface EnvInput {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** True in `vite` dev. */
  DEV?: boolean;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * Reads and checks the VITE_* settings once, at load.
 * - VITE_SUPABASE_URL defaults to the page's origin: the local stack serves the SPA and the API together.
 * - VITE_SUPABASE_ANON_KEY defaults to the local CLI key, but only in dev or when the page is served from
 *   a loopback host. A production build must set both; otherwise this throws and the app shows why.
 * - VITE_STRIPE_PUBLISHABLE_KEY is optional (payments stay disabled without it).
 */
export function readEnv(input: EnvInput, location: { origin: string; hostname: string }): WebEnv {
  const supabaseUrl = (input.VITE_SUPABASE_URL?.trim() || location.origin).replace(/\/+$/, '');
  try {
    new URL(supabaseUrl);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a URL: "${supabaseUrl}"`);
  }
  let anonKey = input.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey) {
    if (input.DEV || LOOPBACK.test(location.hostname)) anonKey = LOCAL_ANON_KEY;
    else throw new Error('VITE_SUPABASE_ANON_KEY is not set: production builds must set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.');
  }
  const stripe = input.VITE_STRIPE_PUBLISHABLE_KEY?.trim();
  if (stripe && !/^pk_(test|live)_/.test(stripe)) throw new Error('VITE_STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_');
  return { supabaseUrl, anonKey, stripePublishableKey: stripe || undefined };
}
