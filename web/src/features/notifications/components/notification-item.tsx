import { Link } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { notificationView } from '../utils/notification-view';
import { notificationsCatalog } from '../messages/catalog';
import type { AppNotification } from '../types';

/**
 * One notification: its sentence as a link to what it is about (following it marks it read), when it
 * happened, and an unread dot. Shared by the bell's list and the notifications page.
 */
export function NotificationItem({ notification: n, onOpen, compact = false }: { notification: AppNotification; onOpen: (n: AppNotification) => void; compact?: boolean }) {
  const f = useFormat();
  const { t } = useT(notificationsCatalog);
  const view = notificationView(t, f, n);
  const unread = n.read_at === null;
  return (
    <div className={cn('flex items-start gap-3', compact ? 'px-3 py-2' : 'p-3', unread && 'bg-brand-50/60')}>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <div className="min-w-0 flex-1">
        <Link to={view.href} onClick={() => onOpen(n)} className={cn('text-sm text-slate-900 hover:underline', unread && 'font-semibold')}>
          {view.text}
          {unread && <span className="sr-only"> ({t('notifications.unread')})</span>}
        </Link>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={n.created_at} title={f.dateTime(n.created_at)}>
            {f.relative(n.created_at)}
          </time>
        </p>
      </div>
    </div>
  );
}
