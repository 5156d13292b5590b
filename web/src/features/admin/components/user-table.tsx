import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/components/ui/cn';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import type { AdminUserRow } from '../api/admin-types';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';
import { ROLE_FILTERS, roleFilterFrom } from '../utils/role-filter';
import { EditUserDialog } from './edit-user-dialog';
import { UserRowMenu } from './user-row-menu';

/** The data columns, in order; the actions column follows them. */
const COLUMNS = ['name', 'email', 'role', 'joined'] as const;

const roleTone = (role: string) => (role === 'admin' ? 'red' : role === 'brand' ? 'blue' : 'green');

/**
 * The user list: role filter buttons, search, page numbers, and a menu of actions per user. A table from
 * 640 px, cards below it (role and actions stay in sight on a phone). The role filter lives in the URL
 * (?role=brand), shared with the sidebar's Users, Brands and Creators links; their #users scrolls here.
 */
export function UserTable({ currentUserId }: { currentUserId: string }) {
  const { t } = useT(adminCatalog);
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const role = roleFilterFrom(params);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The page belongs to one filter: another role starts at page 1.
  const [paging, setPaging] = useState({ role, page: 1 });
  const page = paging.role === role ? paging.page : 1;
  const setPage = (next: (p: number) => number) => setPaging({ role, page: next(page) });
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  // Search as the admin types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPaging((p) => ({ ...p, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  // A sidebar link (…#users) brings the list into view, also when the dashboard is already open.
  useEffect(() => {
    if (location.hash === '#users') document.getElementById('users')?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.key]);

  const { data, error, isPending, isFetching } = useAdminUsers({ role, search, page });
  const remove = useDeleteUser({
    onSuccess: () => {
      toast({
        kind: 'admin.deleteUser',
        title: t('admin.toast.userDeleted'),
        description: deleting ? t('admin.toast.userDeletedText', { name: deleting.full_name }) : t('admin.toast.userDeletedUnnamed'),
      });
      setDeleting(null);
    },
    onError: (error) => {
      // The spec's generic sentence, unless the server named a reason (the last admin, one's own account).
      toast({ kind: 'admin.deleteUser', title: t('admin.toast.deleteFailed'), description: adminErrorText(t, error, 'admin.toast.deleteFailedText'), variant: 'destructive' });
      setDeleting(null);
    },
  });

  return (
    <Card id="users" className="scroll-mt-4 p-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label={t('admin.users.filter')} className="flex flex-wrap gap-2">
          {ROLE_FILTERS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={role === value ? 'primary' : 'secondary'}
              aria-pressed={role === value}
              onClick={() =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('role', value);
                  return next;
                })
              }
            >
              {t(`admin.users.filter.${value}`)}
            </Button>
          ))}
        </div>
        <label className="block text-sm lg:w-72">
          <span className="sr-only">{t('admin.users.search')}</span>
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('admin.users.search.placeholder')}
            className="h-9 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </label>
      </div>

      {isPending ? (
        <Spinner className="mt-6" label={t('admin.users.loading')} />
      ) : error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t('admin.users.loadError', { reason: adminErrorText(t, error) })}
        </p>
      ) : data.users.length === 0 ? (
        <p className="mt-6 text-center text-sm text-slate-600">{t('admin.users.empty')}</p>
      ) : (
        <div className={cn('mt-4', isFetching && 'opacity-70')}>
          <table aria-label={t('admin.users.table')} className="hidden w-full text-left text-sm sm:table">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="py-2 pr-3">
                    {t(`admin.users.column.${c}`)}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right">
                  {t('admin.users.column.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.users.map((u) => (
                <tr key={u.id}>
                  <td className="py-2 pr-3">
                    <UserIdentity user={u} />
                  </td>
                  <td className="break-all py-2 pr-3 text-slate-700">{u.email}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={roleTone(u.role)}>{t(`admin.role.${u.role}`)}</Badge>
                  </td>
                  <td className="py-2 pr-3 text-slate-600">{f.date(u.created_at)}</td>
                  <td className="py-2 text-right">
                    <UserRowMenu user={u} isSelf={u.id === currentUserId} onEdit={() => setEditing(u)} onDelete={() => setDeleting(u)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul aria-label={t('admin.users.table')} className="space-y-3 sm:hidden">
            {data.users.map((u) => (
              <li key={u.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <UserIdentity user={u} className="min-w-0" />
                  <UserRowMenu user={u} isSelf={u.id === currentUserId} onEdit={() => setEditing(u)} onDelete={() => setDeleting(u)} />
                </div>
                <p className="mt-2 break-all text-sm text-slate-700">{u.email}</p>
                <div className="mt-2 flex items-center justify-between gap-3 text-xs text-slate-600">
                  <Badge tone={roleTone(u.role)}>{t(`admin.role.${u.role}`)}</Badge>
                  <span>
                    {t('admin.users.column.joined')}: {f.date(u.created_at)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <nav aria-label={t('admin.users.pages')} className="mt-4 flex items-center justify-between text-sm text-slate-600">
            <span>
              {data.pageCount === null
                ? t('admin.users.pageSummaryMore', { cap: f.number(SEARCH_COUNT_CAP), page })
                : t('admin.users.pageSummary', { total: data.total, page, pageCount: data.pageCount })}
            </span>
            <span className="inline-flex gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('admin.users.previous')}
              </Button>
              <Button size="sm" variant="secondary" disabled={!data.hasNext} onClick={() => setPage((p) => p + 1)}>
                {t('admin.users.next')}
              </Button>
            </span>
          </nav>
        </div>
      )}

      {editing && <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('admin.delete.title')}
        description={deleting ? t('admin.delete.text', { name: deleting.full_name }) : t('admin.delete.textUnnamed')}
        confirmLabel={t('admin.users.delete')}
        cancelLabel={t('admin.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** Picture, name and handle: the first cell of a row at a desk, the head of a card on a phone. */
function UserIdentity({ user, className }: { user: AdminUserRow; className?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Avatar src={user.avatar_url} name={user.full_name} size="sm" decorative />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{user.full_name}</p>
        <p className="text-xs text-slate-500">@{user.username}</p>
      </div>
    </div>
  );
}
