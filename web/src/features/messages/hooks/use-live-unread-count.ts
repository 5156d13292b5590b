import { useUnreadCount } from '../api/get-unread-count';
import { useLiveMessages } from './use-live-messages';

/**
 * For the app shell: keeps the signed-in user's messages channel open for as long as they are signed in
 * and returns the unread count for the Messages badge (live; polled every 60 s only while offline).
 */
export function useLiveUnreadCount(userId: string | undefined): number {
  useLiveMessages(userId);
  return useUnreadCount(userId);
}
