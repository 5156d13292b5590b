import { MessagesScreen } from '@/features/messages/components/messages-screen';
import { useSession } from '@/lib/auth';

/** /messages: the shell's guard guarantees a session here. */
export function Component() {
  const { session } = useSession();
  if (!session) return null;
  return <MessagesScreen me={session.user.id} />;
}
