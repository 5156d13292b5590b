import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';

/** /auth/forgot-password: asks for a password-reset email; works signed in or out. */
export function Component() {
  return <ForgotPasswordScreen />;
}
