import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import { useMyBrandProfile, useMyCreatorProfile } from '../api/my-profiles';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { BrandProfileForm } from './brand-profile-form';
import { CreatorProfileForm } from './creator-profile-form';

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
