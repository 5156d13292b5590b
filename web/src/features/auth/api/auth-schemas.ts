// The rules live in the contract shared with the /api facade (supabase/functions/_shared/contract).
export { brandRegisterSchema, loginSchema, registerSchema } from '@contract/sign-up';
export type { BrandRegisterFormValues, BrandRegisterInput, LoginInput, RegisterFormValues, RegisterInput } from '@contract/sign-up';
export { signUpMessages as authMessages } from '@contract/sign-up-messages';
export { pickUsername, type SocialField } from '@contract/social-username';
