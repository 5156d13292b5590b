import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import type { MyBrandProfile } from '../api/my-profiles';
import { brandProfileSchema, type BrandProfileInput, type BrandProfileValues } from '../api/settings-schemas';
import { useUpdateBrandProfile } from '../api/update-brand-profile';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText, validationText } from '../messages/settings-text';

/** The Profile tab for brands: company name, website, industry, contact email and phone. */
export function BrandProfileForm({ userId, initial }: { userId: string; initial: MyBrandProfile | null }) {
  const form = useForm<BrandProfileInput, unknown, BrandProfileValues>({
    resolver: zodResolver(brandProfileSchema),
    defaultValues: {
      companyName: initial?.company_name ?? '',
      website: initial?.website ?? '',
      industry: initial?.industry ?? '',
      contactEmail: initial?.contact_email ?? '',
      contactPhone: initial?.contact_phone ?? '',
    },
  });
  const update = useUpdateBrandProfile(userId);
  const { t } = useT(settingsCatalog);
  const { errors } = form.formState;
  const error = (message: string | undefined) => validationText(t, message);
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ kind: 'settings.profile', title: t('settings.profile.toast.updated'), description: t('settings.brand.toast.updatedText') });
      },
      onError: (e) => toast({ kind: 'settings.profile', title: t('settings.toast.updateFailed'), description: settingsErrorText(t, e), variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('settings.profile.brand')}>
      <TextField label={t('settings.brand.companyName')} autoComplete="organization" error={error(errors.companyName?.message)} {...form.register('companyName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.brand.website')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('settings.brand.website.placeholder')}
          error={error(errors.website?.message)}
          {...form.register('website')}
        />
        <TextField label={t('settings.brand.industry')} error={error(errors.industry?.message)} {...form.register('industry')} />
        <TextField
          label={t('settings.brand.contactEmail')}
          type="email"
          autoComplete="email"
          error={error(errors.contactEmail?.message)}
          {...form.register('contactEmail')}
        />
        <TextField label={t('settings.brand.contactPhone')} type="tel" autoComplete="tel" error={error(errors.contactPhone?.message)} {...form.register('contactPhone')} />
      </div>
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? t('settings.saving') : t('settings.profile.save')}
      </Button>
    </form>
  );
}
