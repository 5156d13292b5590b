import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import type { AdminUserRow } from '../api/admin-types';
import { editUserSchema, useUpdateUser, type EditUserFormValues, type EditUserInput } from '../api/update-user';

const roleOptions = [
  { value: 'brand', label: 'Brand' },
  { value: 'creator', label: 'Creator' },
  { value: 'admin', label: 'Admin' },
];

/** The Edit User form (fullName, email, username, role, bio) in a dialog; toasts as the spec names them. */
export function EditUserDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const form = useForm<EditUserFormValues, unknown, EditUserInput>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { fullName: user.full_name, email: user.email, username: user.username, role: user.role, bio: user.bio ?? '' },
  });
  const update = useUpdateUser({
    onSuccess: () => {
      toast({ title: 'User updated', description: `${form.getValues('fullName')} was saved.` });
      onClose();
    },
    onError: (e) => toast({ title: 'Error updating user', description: e.message, variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <Dialog open onClose={() => !update.isPending && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Edit User</DialogTitle>
          <form noValidate className="mt-4 space-y-4" onSubmit={form.handleSubmit((input) => update.mutate({ id: user.id, input }))}>
            <TextField label="Full name" autoComplete="off" error={errors.fullName?.message} {...form.register('fullName')} />
            <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
            <TextField label="Username" autoComplete="off" error={errors.username?.message} {...form.register('username')} />
            <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...form.register('role')} />
            <TextAreaField label="Bio" rows={3} error={errors.bio?.message} {...form.register('bio')} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" pending={update.isPending}>
                Save changes
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
