import { paths } from '@/config/paths';

/** The address an email link sends back to: this app's origin and the given path. */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * Where the sign-up confirmation link comes back to (signUp and resend give it to Auth); with a return path
 * (already checked by safeReturnPath), /auth/confirm goes on there instead of the dashboard.
 */
export function confirmEmailRedirect(returnPath: string | null = null): string {
  const confirm = paths.confirmEmail.getHref();
  return appUrl(returnPath ? `${confirm}?${new URLSearchParams({ next: returnPath })}` : confirm);
}

/** Where the password-reset link comes back to. */
export function resetPasswordRedirect(): string {
  return appUrl(paths.resetPassword.getHref());
}
