import { readEnv, type WebEnv } from './read-env';

export { LOCAL_ANON_KEY, type WebEnv } from './read-env';

function loadEnv(): WebEnv {
  try {
    return readEnv(
      {
        VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
        VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
        VITE_STRIPE_PUBLISHABLE_KEY: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY,
        DEV: import.meta.env.DEV,
      },
      window.location,
    );
  } catch (e) {
    // React never starts with a broken configuration: say what is wrong instead of a blank page.
    const root = document.getElementById('root');
    if (root) root.textContent = `The app is misconfigured: ${(e as Error).message}`;
    throw e;
  }
}

/** The app's settings, validated when this module loads. */
export const env: WebEnv = loadEnv();
