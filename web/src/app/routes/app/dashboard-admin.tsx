import { ComingSoon } from '@/components/ui/coming-soon';
import { AccessDenied } from '@/lib/authorization';
import { useUser } from '@/lib/auth';

/** /dashboard/admin: non-admins see Access Denied (spec); the user table lands with the admin issue. */
export function Component() {
  const { profile } = useUser();
  if (profile?.role !== 'admin') return <AccessDenied />;
  return <ComingSoon title="Admin Dashboard" />;
}
