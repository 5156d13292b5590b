import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import type { MyCreatorProfile } from '../api/my-profiles';
import { CREATOR_NICHES, centsToRate, creatorProfileSchema, type CreatorProfileInput, type CreatorProfileValues } from '../api/settings-schemas';
import { useUpdateCreatorProfile } from '../api/update-creator-profile';

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
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ title: 'Profile updated', description: 'Creator profile updated successfully.' });
      },
      onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Creator profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Niche" error={errors.niche?.message} {...form.register('niche')}>
          <option value="">Select a niche</option>
          {CREATOR_NICHES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <TextField label="Location" placeholder="City, Country" error={errors.location?.message} {...form.register('location')} />
        <TextField label="Instagram handle" placeholder="username" autoCapitalize="none" error={errors.instagramHandle?.message} {...form.register('instagramHandle')} />
        <TextField label="TikTok handle" placeholder="username" autoCapitalize="none" error={errors.tiktokHandle?.message} {...form.register('tiktokHandle')} />
        <TextField label="YouTube handle" placeholder="channel" autoCapitalize="none" error={errors.youtubeHandle?.message} {...form.register('youtubeHandle')} />
        <TextField
          label="Rate per post (USD)"
          type="number"
          inputMode="numeric"
          min={0}
          step={10}
          placeholder="e.g. 150"
          hint="Your starting price per post, in steps of $10. Leave empty if you prefer not to say."
          error={errors.ratePerPost?.message}
          {...form.register('ratePerPost')}
        />
      </div>
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
