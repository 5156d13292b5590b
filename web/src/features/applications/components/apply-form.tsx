import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { applySchema, useApplyToCampaign, type ApplyInput } from '../api/apply-to-campaign';

/** A creator's pitch for a campaign. The pitch stays in the box if the server refuses it. */
export function ApplyForm({ campaignId }: { campaignId: string }) {
  const form = useForm<ApplyInput>({ resolver: zodResolver(applySchema), defaultValues: { pitch: '' } });
  const apply = useApplyToCampaign({
    onSuccess: () => toast({ title: 'Application submitted', description: 'The brand will review your pitch soon.' }),
    onError: (error) => toast({ title: 'Error submitting application', description: error.message, variant: 'destructive' }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ pitch }) => apply.mutate({ campaignId, pitch }))} className="space-y-3">
      <TextAreaField
        label="Your pitch"
        rows={5}
        placeholder="Tell the brand why you're a great fit: your audience, your style, ideas for this campaign."
        error={form.formState.errors.pitch?.message}
        {...form.register('pitch')}
      />
      <Button type="submit" pending={apply.isPending}>
        Submit Application
      </Button>
    </form>
  );
}
