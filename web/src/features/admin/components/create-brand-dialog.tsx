import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { createBrandSchema, useCreateBrand, type CreateBrandInput, type CreatedBrand } from '../api/create-brand';
import { adminErrorText, validationText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/**
 * Create brand account: the admin gives email, full name and company name; the function answers with a
 * one-time temporary password, shown here once, which the brand replaces at the first sign-in.
 */
export function CreateBrandDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedBrand | null>(null);
  const form = useForm<CreateBrandInput>({ resolver: zodResolver(createBrandSchema), defaultValues: { email: '', fullName: '', companyName: '' } });
  const create = useCreateBrand({
    onSuccess: (result) => {
      setCreated(result);
      toast({ kind: 'admin.createBrand', title: t('admin.toast.brandCreated'), description: t('admin.toast.brandCreatedText', { company: result.user.companyName }) });
    },
    onError: (e) => toast({ kind: 'admin.createBrand', title: t('admin.toast.createFailed'), description: adminErrorText(t, e), variant: 'destructive' }),
  });
  const { t } = useT(adminCatalog);
  const { errors } = form.formState;
  const title = t('admin.createBrand.title');
  if (created) {
    return (
      <FormDialog open onClose={onClose} title={title}>
        <div className="mt-4 space-y-3 text-sm text-slate-700">
          <p>
            <Trans id="admin.createBrand.ready" values={{ company: created.user.companyName, email: created.user.email }} components={{ 0: <strong /> }} />
          </p>
          <dl className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <dt className="text-xs font-medium uppercase text-slate-500">{t('admin.field.email')}</dt>
            <dd className="font-mono">{created.user.email}</dd>
            <dt className="mt-2 text-xs font-medium uppercase text-slate-500">{t('admin.createBrand.temporaryPassword')}</dt>
            <dd className="font-mono text-base" aria-label={t('admin.createBrand.temporaryPassword')}>
              {created.temporaryPassword}
            </dd>
          </dl>
          <p className="text-xs text-slate-600">{t('admin.createBrand.shownOnce')}</p>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('admin.done')}</Button>
          </div>
        </div>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={create.isPending}
      title={title}
      onSubmit={form.handleSubmit((input) => create.mutate(input))}
      cancelLabel={t('admin.cancel')}
      submitLabel={t('admin.createBrand.submit')}
    >
      <TextField label={t('admin.field.email')} type="email" autoComplete="off" error={validationText(t, errors.email?.message)} {...form.register('email')} />
      <TextField label={t('admin.field.fullName')} autoComplete="off" error={validationText(t, errors.fullName?.message)} {...form.register('fullName')} />
      <TextField label={t('admin.field.companyName')} autoComplete="off" error={validationText(t, errors.companyName?.message)} {...form.register('companyName')} />
    </FormDialog>
  );
}
