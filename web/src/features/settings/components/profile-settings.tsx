import { Spinner } from '@/components/ui/spinner';
import type { Profile } from '@/types/api';
import { useMyBrandProfile, useMyCreatorProfile } from '../api/my-profiles';
import { BrandProfileForm } from './brand-profile-form';
import { CreatorProfileForm } from './creator-profile-form';

/** The Profile tab: the brand or creator form by role, prefilled from the api; other roles have none. */
export function ProfileSettings({ profile }: { profile: Profile }) {
  if (profile.role === 'brand') return <BrandProfileLoader userId={profile.id} />;
  if (profile.role === 'creator') return <CreatorProfileLoader userId={profile.id} />;
  return <p className="text-sm text-slate-600">No profile settings available for your account type.</p>;
}

function BrandProfileLoader({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useMyBrandProfile(userId);
  if (isPending) return <Spinner label="Loading your profile..." />;
  if (isError) return <p role="alert" className="text-sm text-red-700">Could not load your profile: {error.message}</p>;
  return <BrandProfileForm userId={userId} initial={data} />;
}

function CreatorProfileLoader({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useMyCreatorProfile(userId);
  if (isPending) return <Spinner label="Loading your profile..." />;
  if (isError) return <p role="alert" className="text-sm text-red-700">Could not load your profile: {error.message}</p>;
  return <CreatorProfileForm userId={userId} initial={data} />;
}
