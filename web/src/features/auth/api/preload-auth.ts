import { loadSupabase } from '@/lib/supabase-loader';
import { loginResolver, registerResolver } from './form-resolvers';

/**
 * Starts loading what a submit needs (supabase-js and the validation code) as soon as the visitor
 * interacts with the forms, so the first submit does not wait for it; a visitor who only looks at /auth
 * downloads neither.
 */
export function preloadAuthSubmit(): void {
  loadSupabase().catch(() => undefined);
  loginResolver.preload();
  registerResolver.preload();
}
