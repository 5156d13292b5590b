import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotificationCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { notificationsCatalog } from '../messages/catalog';
import type { AppNotification } from '../types';
import { NotificationItem } from './notification-item';

const LATEST = 6;

/**
 * The header's bell: the unread count, live (the user's private Realtime channel), and a panel with the
 * latest notifications, Mark all as read, and the way to all of them. `userId` is unset until the shell
 * wants it (nothing is read or joined before).
 */
export function NotificationBell({ userId, className }: { userId: string | undefined; className?: string }) {
  useLiveNotifications(userId);
  const unread = useUnreadNotificationCount(userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const { t } = useT(notificationsCatalog);
  return (
    <div ref={root} className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread > 0 ? t('notifications.bell.unread', { count: unread }) : t('notifications.bell')}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <BellIcon />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && userId && <BellPanel id={panelId} userId={userId} unread={unread} onClose={() => setOpen(false)} />}
    </div>
  );
}

function BellPanel({ id, userId, unread, onClose }: { id: string; userId: string; unread: number; onClose: () => void }) {
  const list = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const { t } = useT(notificationsCatalog);
  const latest = (list.data?.pages[0] ?? []).slice(0, LATEST);
  const open = (n: AppNotification) => {
    if (n.read_at === null) markRead.mutate(n.id);
    onClose();
  };
  return (
    <section
      id={id}
      aria-label={t('notifications.title')}
      // Under the phone's top bar, full width; under the bell from lg.
      className="fixed inset-x-2 top-14 z-40 rounded-lg border border-slate-200 bg-white shadow-lg lg:absolute lg:inset-x-auto lg:top-auto lg:right-0 lg:mt-2 lg:w-[22rem]"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{t('notifications.title')}</h2>
        {unread > 0 && (
          <button type="button" onClick={() => markAll.mutate()} disabled={markAll.isPending} className="text-xs font-medium text-brand-700 hover:underline disabled:opacity-60">
            {t('notifications.markAll')}
          </button>
        )}
      </div>
      {list.isPending ? (
        <div className="p-4">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : list.isError ? (
        <p role="alert" className="p-3 text-sm text-red-800">
          {t('notifications.error')}
        </p>
      ) : latest.length === 0 ? (
        <p className="p-3 text-sm text-slate-600">{t('notifications.empty')}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {latest.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={open} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 px-3 py-2 text-center">
        <Link to={paths.notifications.getHref()} onClick={onClose} className="text-sm font-medium text-brand-700 hover:underline">
          {t('notifications.seeAll')}
        </Link>
      </div>
    </section>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
