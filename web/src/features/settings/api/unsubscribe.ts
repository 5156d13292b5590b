import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
import type { EmailCategory } from '../utils/email-categories';

/**
 * Turns off the category an email's unsubscribe link names: the `emails` function checks the token's
 * signature, so this works signed out. A forged or damaged token answers 400 invalid_unsubscribe_token.
 */
export function unsubscribe(token: string): Promise<{ category: EmailCategory }> {
  return invokeFunction<{ category: EmailCategory }>('emails/unsubscribe', { method: 'POST', body: { token } });
}

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
