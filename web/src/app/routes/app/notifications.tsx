import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { useUser } from '@/lib/auth';

/** /notifications: every notification of the signed-in user (the shell guarantees one). */
export function Component() {
  const { session } = useUser();
  return session ? <NotificationsPage userId={session.user.id} /> : null;
}
