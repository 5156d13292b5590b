import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminDisputeQueue } from '@/features/disputes/components/admin-dispute-queue';
import { AdminReviewModeration } from '@/features/reviews/components/admin-review-moderation';
import { AccessDenied } from '@/lib/authorization';
import { useUser } from '@/lib/auth';

/** /dashboard/admin: non-admins see Access Denied (spec); admins run the platform from here. */
export function Component() {
  const { profile } = useUser();
  if (profile?.role !== 'admin') return <AccessDenied />;
  return <AdminDashboard currentUserId={profile.id} disputes={<AdminDisputeQueue />} reviews={<AdminReviewModeration />} />;
}
