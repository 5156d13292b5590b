import { useParams } from 'react-router-dom';
import { CreatorProfile } from '@/features/creators/components/creator-profile';
import { UserReviews } from '@/features/reviews/components/user-reviews';
import { useUser } from '@/lib/auth';

/**
 * /creators/{id}: any signed-in user may look at a creator. Brands may invite; brands and admins may
 * message a creator (creators cannot message each other, so they get no Message button).
 */
export function Component() {
  const { id = '' } = useParams();
  const { profile } = useUser();
  const role = profile?.role;
  const isOwnProfile = profile?.id === id;
  return (
    <CreatorProfile
      key={id}
      creatorId={id}
      canInvite={role === 'brand'}
      canMessage={!isOwnProfile && (role === 'brand' || role === 'admin')}
      isOwnProfile={isOwnProfile}
      reviews={<UserReviews userId={id} />}
    />
  );
}
