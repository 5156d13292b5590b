import type { LoginInput, RegisterFormValues, RegisterInput } from './auth-schemas';
import { lazyResolver } from './lazy-resolver';

/** The login form's resolver; zod loads with the first validation (see lazy-resolver.ts). */
export const loginResolver = lazyResolver<LoginInput, unknown, LoginInput>(() => import('./auth-resolvers').then((m) => m.loginResolver));

/** The register form's resolver, loaded the same way. */
export const registerResolver = lazyResolver<RegisterFormValues, unknown, RegisterInput>(() => import('./auth-resolvers').then((m) => m.registerResolver));
