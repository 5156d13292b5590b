import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { createBrandSchema, useCreateBrand, type CreateBrandInput, type CreatedBrand } from '../api/create-brand';

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
      toast({ title: 'Brand account created', description: `${result.user.companyName} can now sign in.` });
    },
    onError: (e) => toast({ title: 'Error creating brand account', description: e.message, variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <Dialog open onClose={() => !create.isPending && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Create brand account</DialogTitle>
          {created ? (
            <div className="mt-4 space-y-3 text-sm text-slate-700">
              <p>
                The account for <strong>{created.user.companyName}</strong> ({created.user.email}) is ready. Send these credentials to the
                brand; they will choose their own password when they first sign in.
              </p>
              <dl className="rounded-md border border-slate-200 bg-slate-50 p-3">
                <dt className="text-xs font-medium uppercase text-slate-500">Email</dt>
                <dd className="font-mono">{created.user.email}</dd>
                <dt className="mt-2 text-xs font-medium uppercase text-slate-500">Temporary password</dt>
                <dd className="font-mono text-base" aria-label="Temporary password">{created.temporaryPassword}</dd>
              </dl>
              <p className="text-xs text-slate-600">This password is shown only once.</p>
              <div className="flex justify-end">
                <Button onClick={onClose}>Done</Button>
              </div>
            </div>
          ) : (
            <form noValidate className="mt-4 space-y-4" onSubmit={form.handleSubmit((input) => create.mutate(input))}>
              <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
              <TextField label="Full name" autoComplete="off" error={errors.fullName?.message} {...form.register('fullName')} />
              <TextField label="Company name" autoComplete="off" error={errors.companyName?.message} {...form.register('companyName')} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
                  Cancel
                </Button>
                <Button type="submit" pending={create.isPending}>
                  Create account
                </Button>
              </div>
            </form>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
