import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { applySchema, type ApplyInput } from '@contract/application-input';
import { useApplyToCampaign } from '../api/apply-to-campaign';
import { applicationErrorText, applyValidationText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';
import { type Compensation, FeeNote } from './fee-note';

/**
 * A creator's pitch for a campaign, with what they would receive after the platform fee when the
 * campaign's pay is known. The pitch stays in the box if the server refuses it.
 */
export function ApplyForm({ campaignId, compensation }: { campaignId: string; compensation?: Compensation }) {
  const form = useForm<ApplyInput>({ resolver: zodResolver(applySchema), defaultValues: { pitch: '' } });
  const apply = useApplyToCampaign({
    onSuccess: () => toast({ kind: 'applications.apply', title: t('applications.apply.toast.success'), description: t('applications.apply.toast.successText') }),
    onError: (error) => toast({ kind: 'applications.apply', title: t('applications.apply.toast.error'), description: applicationErrorText(t, error), variant: 'destructive' }),
  });
  const { t } = useT(applicationsCatalog);
  return (
    <form noValidate onSubmit={form.handleSubmit(({ pitch }) => apply.mutate({ campaignId, pitch }))} className="space-y-3">
      <TextAreaField
        label={t('applications.apply.pitch')}
        rows={5}
        placeholder={t('applications.apply.pitch.placeholder')}
        error={applyValidationText(t, form.formState.errors.pitch?.message)}
        {...form.register('pitch')}
      />
      {compensation && <FeeNote compensation={compensation} />}
      <Button type="submit" pending={apply.isPending}>
        {t('applications.apply.submit')}
      </Button>
    </form>
  );
}
