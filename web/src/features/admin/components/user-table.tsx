import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/format';
import type { AdminUserRow } from '../api/admin-types';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers, type RoleFilter } from '../api/get-admin-users';
import { EditUserDialog } from './edit-user-dialog';

const filters: Array<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All Users' },
  { value: 'brand', label: 'Brands' },
  { value: 'creator', label: 'Creators' },
  { value: 'admin', label: 'Admins' },
];

/** The user table: role filter buttons, search, page numbers, edit and delete per user. */
export function UserTable({ currentUserId }: { currentUserId: string }) {
  const [role, setRole] = useState<RoleFilter>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  // Search as the admin types, once they pause.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);

  const { data, error, isPending, isFetching } = useAdminUsers({ role, search, page });
  const remove = useDeleteUser({
    onSuccess: () => {
      toast({ title: 'User deleted', description: `${deleting?.full_name ?? 'The user'} was deleted.` });
      setDeleting(null);
    },
    onError: () => {
      toast({ title: 'Error deleting user', description: 'There was an error deleting the user.', variant: 'destructive' });
      setDeleting(null);
    },
  });

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label="Filter by role" className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={role === f.value ? 'primary' : 'secondary'}
              aria-pressed={role === f.value}
              onClick={() => {
                setRole(f.value);
                setPage(1);
              }}
            >
              {f.label}
            </Button>
          ))}
        </div>
        <label className="block text-sm lg:w-72">
          <span className="sr-only">Search users</span>
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search by name, username or email"
            className="h-9 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </label>
      </div>

      {isPending ? (
        <Spinner className="mt-6" label="Loading users..." />
      ) : error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">Could not load users: {error.message}</p>
      ) : data.users.length === 0 ? (
        <p className="mt-6 text-center text-sm text-slate-600">No users found matching the selected criteria.</p>
      ) : (
        <div className={cn('mt-4 overflow-x-auto', isFetching && 'opacity-70')}>
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">Name</th>
                <th scope="col" className="py-2 pr-3">Email</th>
                <th scope="col" className="py-2 pr-3">Role</th>
                <th scope="col" className="py-2 pr-3">Joined</th>
                <th scope="col" className="py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.users.map((u) => (
                <tr key={u.id}>
                  <td className="py-2 pr-3">
                    <p className="font-medium text-slate-900">{u.full_name}</p>
                    <p className="text-xs text-slate-500">@{u.username}</p>
                  </td>
                  <td className="py-2 pr-3 text-slate-700">{u.email}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={u.role === 'admin' ? 'red' : u.role === 'brand' ? 'blue' : 'green'}>{u.role}</Badge>
                  </td>
                  <td className="py-2 pr-3 text-slate-600">{formatDate(u.created_at)}</td>
                  <td className="py-2 text-right">
                    <div className="inline-flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(u)} aria-label={`Edit ${u.full_name}`}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setDeleting(u)}
                        disabled={u.id === currentUserId}
                        title={u.id === currentUserId ? 'You cannot delete your own account' : undefined}
                        aria-label={`Delete ${u.full_name}`}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
            <span>
              {data.total} user{data.total === 1 ? '' : 's'} · page {page} of {data.pageCount}
            </span>
            <span className="inline-flex gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button size="sm" variant="secondary" disabled={page >= data.pageCount} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </span>
          </nav>
        </div>
      )}

      {editing && <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Are you sure?"
        description={`This will permanently delete ${deleting?.full_name ?? 'this user'}'s account and everything they own. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
