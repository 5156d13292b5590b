import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** Marks one notification read (api.mark_notification_read), then refreshes the bell and the list. */
export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc<boolean>('mark_notification_read', { notification_id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}

/** Marks every notification read (api.mark_all_notifications_read). */
export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rpc<number>('mark_all_notifications_read'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
