import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import type { MyBrandProfile } from '../api/my-profiles';
import { brandProfileSchema, type BrandProfileInput, type BrandProfileValues } from '../api/settings-schemas';
import { useUpdateBrandProfile } from '../api/update-brand-profile';

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
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ title: 'Profile updated', description: 'Brand profile updated successfully.' });
      },
      onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Brand profile">
      <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Website" type="url" inputMode="url" autoComplete="url" placeholder="https://example.com" error={errors.website?.message} {...form.register('website')} />
        <TextField label="Industry" error={errors.industry?.message} {...form.register('industry')} />
        <TextField label="Contact email" type="email" autoComplete="email" error={errors.contactEmail?.message} {...form.register('contactEmail')} />
        <TextField label="Contact phone" type="tel" autoComplete="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
      </div>
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
