import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import type { MyCreatorProfile } from '../api/my-profiles';
import { CREATOR_NICHES, centsToRate, creatorProfileSchema, type CreatorProfileInput, type CreatorProfileValues } from '../api/settings-schemas';
import { useUpdateCreatorProfile } from '../api/update-creator-profile';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText, validationText } from '../messages/settings-text';

/** The Profile tab for creators: niche, location, the three handles and the rate per post in dollars. */
export function CreatorProfileForm({ userId, initial }: { userId: string; initial: MyCreatorProfile | null }) {
  const form = useForm<CreatorProfileInput, unknown, CreatorProfileValues>({
    resolver: zodResolver(creatorProfileSchema),
    defaultValues: {
      niche: (CREATOR_NICHES as readonly string[]).includes(initial?.niche ?? '') ? (initial!.niche as CreatorProfileInput['niche']) : '',
      location: initial?.location ?? '',
      instagramHandle: initial?.instagram_handle ?? '',
      tiktokHandle: initial?.tiktok_handle ?? '',
      youtubeHandle: initial?.youtube_handle ?? '',
      ratePerPost: centsToRate(initial?.rate_per_post_cents),
    },
  });
  const update = useUpdateCreatorProfile(userId);
  const { t } = useT(settingsCatalog);
  const { errors } = form.formState;
  const error = (message: string | undefined) => validationText(t, message);
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ kind: 'settings.profile', title: t('settings.profile.toast.updated'), description: t('settings.creator.toast.updatedText') });
      },
      onError: (e) => toast({ kind: 'settings.profile', title: t('settings.toast.updateFailed'), description: settingsErrorText(t, e), variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('settings.profile.creator')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('settings.creator.niche')} error={error(errors.niche?.message)} {...form.register('niche')}>
          <option value="">{t('settings.creator.niche.placeholder')}</option>
          {/* The value stays the stored (English) niche; only its name is translated. */}
          {CREATOR_NICHES.map((n) => (
            <option key={n} value={n}>
              {t(`settings.creator.niche.${n}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('settings.creator.location')}
          placeholder={t('settings.creator.location.placeholder')}
          error={error(errors.location?.message)}
          {...form.register('location')}
        />
        <TextField
          label={t('settings.creator.instagram')}
          placeholder={t('settings.creator.handle.placeholder')}
          autoCapitalize="none"
          error={error(errors.instagramHandle?.message)}
          {...form.register('instagramHandle')}
        />
        <TextField
          label={t('settings.creator.tiktok')}
          placeholder={t('settings.creator.handle.placeholder')}
          autoCapitalize="none"
          error={error(errors.tiktokHandle?.message)}
          {...form.register('tiktokHandle')}
        />
        <TextField
          label={t('settings.creator.youtube')}
          placeholder={t('settings.creator.youtube.placeholder')}
          autoCapitalize="none"
          error={error(errors.youtubeHandle?.message)}
          {...form.register('youtubeHandle')}
        />
        <TextField
          label={t('settings.creator.rate')}
          type="number"
          inputMode="numeric"
          min={0}
          step={10}
          placeholder={t('settings.creator.rate.placeholder')}
          hint={t('settings.creator.rate.hint')}
          error={error(errors.ratePerPost?.message)}
          {...form.register('ratePerPost')}
        />
      </div>
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? t('settings.saving') : t('settings.profile.save')}
      </Button>
    </form>
  );
}
