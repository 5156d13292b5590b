import { zodResolver } from '@hookform/resolvers/zod';
import { brandRegisterSchema, loginSchema, registerSchema } from './auth-schemas';

// Loaded on demand (see lazy-resolver.ts): zod and its resolver are not needed to show the forms.

/** Validates the login form with the Spanish messages of spec section 5. */
export const loginResolver = zodResolver(loginSchema);

/** Validates the register form, cross-field rules included. */
export const registerResolver = zodResolver(registerSchema);

/** Validates the brand's sign-up (issue 32, item 2). */
export const brandRegisterResolver = zodResolver(brandRegisterSchema);
