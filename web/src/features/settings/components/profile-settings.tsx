import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import { useMyBrandProfile, useMyCreatorProfile } from '../api/my-profiles';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { BrandProfileForm } from './brand-profile-form';
import { CreatorProfileForm } from './creator-profile-form';
import { PictureSettings } from './picture-settings';

/** The picture card of the Profile tab: a brand's logo (from its company details), anyone else's photo. */
export function ProfilePicture({ profile }: { profile: Profile }) {
  if (profile.role === 'brand') return <BrandLogo userId={profile.id} fallbackName={profile.full_name} />;
  return <PictureSettings userId={profile.id} name={profile.full_name} bucket="avatars" currentUrl={profile.avatar_url} />;
}

function BrandLogo({ userId, fallbackName }: { userId: string; fallbackName: string }) {
  const { data, isPending, isError, error } = useMyBrandProfile(userId);
  const { t } = useT(settingsCatalog);
  if (isPending) return <Spinner label={t('settings.profile.loading')} />;
  if (isError) return <LoadError error={error} />;
  return <PictureSettings userId={userId} name={data?.company_name || fallbackName} bucket="logos" currentUrl={data?.logo_url ?? null} />;
}

/** The Profile tab: the brand or creator form by role, prefilled from the api; other roles have none. */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const { t } = useT(settingsCatalog);
  if (profile.role === 'brand') return <BrandProfileLoader userId={profile.id} />;
  if (profile.role === 'creator') return <CreatorProfileLoader userId={profile.id} />;
  return <p className="text-sm text-slate-600">{t('settings.profile.none')}</p>;
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useT(settingsCatalog);
  return (
    <p role="alert" className="text-sm text-red-700">
      {t('settings.profile.loadError', { reason: settingsErrorText(t, error) })}
    </p>
  );
}

function BrandProfileLoader({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useMyBrandProfile(userId);
  const { t } = useT(settingsCatalog);
  if (isPending) return <Spinner label={t('settings.profile.loading')} />;
  if (isError) return <LoadError error={error} />;
  return <BrandProfileForm userId={userId} initial={data} />;
}

function CreatorProfileLoader({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useMyCreatorProfile(userId);
  const { t } = useT(settingsCatalog);
  if (isPending) return <Spinner label={t('settings.profile.loading')} />;
  if (isError) return <LoadError error={error} />;
  return <CreatorProfileForm userId={userId} initial={data} />;
}
