import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotificationCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { notificationsCatalog } from '../messages/catalog';
import type { AppNotification } from '../types';
import { NotificationItem } from './notification-item';

/** /notifications: every notification of the user, newest first, a page at a time; mark one or all read. */
export function NotificationsPage({ userId }: { userId: string }) {
  const list = useNotifications(userId);
  const unread = useUnreadNotificationCount(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const { t } = useT(notificationsCatalog);
  const failed = () => toast({ title: t('notifications.markFailed'), variant: 'destructive' });
  const open = (n: AppNotification) => {
    if (n.read_at === null) markRead.mutate(n.id, { onError: failed });
  };
  const rows = list.data?.pages.flat() ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('notifications.title')}</h1>
        {unread > 0 && (
          <Button variant="secondary" size="sm" pending={markAll.isPending} onClick={() => markAll.mutate(undefined, { onError: failed })}>
            {t('notifications.markAll')}
          </Button>
        )}
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <div className="p-6">
            <Spinner label={t('notifications.loading')} />
          </div>
        ) : list.isError ? (
          <div role="alert" className="space-y-3 p-6 text-sm text-red-800">
            <p>{t('notifications.error')}</p>
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              {t('notifications.retry')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">{t('notifications.empty')}</p>
        ) : (
          <ul aria-label={t('notifications.title')} className="divide-y divide-slate-100">
            {rows.map((n) => (
              <li key={n.id} className="flex items-center justify-between gap-2 pr-3">
                <div className="min-w-0 flex-1">
                  <NotificationItem notification={n} onOpen={open} />
                </div>
                {n.read_at === null && (
                  <Button size="sm" variant="secondary" onClick={() => open(n)} disabled={markRead.isPending && markRead.variables === n.id}>
                    {t('notifications.markRead')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {list.hasNextPage && (
        <div className="text-center">
          <Button variant="secondary" pending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
