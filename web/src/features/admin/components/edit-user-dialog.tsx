import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@contract/admin-users';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import type { AdminUserRow } from '../api/admin-types';
import { editUserSchema, useUpdateUser, type EditUserFormValues, type EditUserInput } from '../api/update-user';
import { adminErrorText, validationText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/** The Edit User form (fullName, email, username, role, bio) in a dialog; toasts as the spec names them. */
export function EditUserDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const form = useForm<EditUserFormValues, unknown, EditUserInput>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { fullName: user.full_name, email: user.email, username: user.username, role: user.role, bio: user.bio ?? '' },
  });
  const update = useUpdateUser({
    onSuccess: () => {
      toast({ kind: 'admin.editUser', title: t('admin.toast.userUpdated'), description: t('admin.toast.userUpdatedText', { name: form.getValues('fullName') }) });
      onClose();
    },
    onError: (e) => toast({ kind: 'admin.editUser', title: t('admin.toast.updateFailed'), description: adminErrorText(t, e), variant: 'destructive' }),
  });
  const { t } = useT(adminCatalog);
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }));
  const { errors } = form.formState;
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={update.isPending}
      title={t('admin.editUser.title')}
      onSubmit={form.handleSubmit((input) => update.mutate({ id: user.id, input }))}
      cancelLabel={t('admin.cancel')}
      submitLabel={t('admin.editUser.submit')}
    >
      <TextField label={t('admin.field.fullName')} autoComplete="off" error={validationText(t, errors.fullName?.message)} {...form.register('fullName')} />
      <TextField label={t('admin.field.email')} type="email" autoComplete="off" error={validationText(t, errors.email?.message)} {...form.register('email')} />
      <TextField label={t('admin.field.username')} autoComplete="off" error={validationText(t, errors.username?.message)} {...form.register('username')} />
      <SelectField label={t('admin.field.role')} options={roleOptions} error={validationText(t, errors.role?.message)} {...form.register('role')} />
      <TextAreaField label={t('admin.field.bio')} rows={3} error={validationText(t, errors.bio?.message)} {...form.register('bio')} />
    </FormDialog>
  );
}
