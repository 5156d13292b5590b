import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '../cn';
import { dismissToast, getToasts, noteUserInput, subscribeToasts, type Toast } from './toast-store';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';

/**
 * Renders the toasts. Two live regions: default toasts are announced politely, destructive ones
 * assertively (role="alert"), so errors interrupt a screen reader and confirmations do not.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  // The user's clicks and key presses, which tell a toast answering the latest one from older ones when the
  // screen changes (toastsFollowNavigation). Capture phase: seen before the handler that makes the toast.
  useEffect(() => {
    document.addEventListener('pointerdown', noteUserInput, true);
    document.addEventListener('keydown', noteUserInput, true);
    return () => {
      document.removeEventListener('pointerdown', noteUserInput, true);
      document.removeEventListener('keydown', noteUserInput, true);
    };
  }, []);
  const polite = toasts.filter((t) => t.variant !== 'destructive');
  const urgent = toasts.filter((t) => t.variant === 'destructive');
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end">
      <div aria-live="assertive" className="flex w-full flex-col gap-2 sm:w-96">
        {urgent.map((t) => (
          <ToastView key={t.id} toast={t} />
        ))}
      </div>
      <div aria-live="polite" className="flex w-full flex-col gap-2 sm:w-96">
        {polite.map((t) => (
          <ToastView key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useT(commonCatalog);
  const destructive = toast.variant === 'destructive';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg',
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={cn('mt-1 text-sm break-words', destructive ? 'text-red-50' : 'text-slate-700')}>{toast.description}</p>}
        {toast.action && (
          <button
            type="button"
            onClick={() => {
              toast.action!.onClick();
              dismissToast(toast.id);
            }}
            className={cn('mt-2 rounded border px-2 py-1 text-xs font-medium', destructive ? 'border-white/60 hover:bg-red-800' : 'border-slate-300 hover:bg-slate-50')}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label={t('common.toast.close')}
        onClick={() => dismissToast(toast.id)}
        className={cn('rounded p-1 text-lg leading-none', destructive ? 'text-white/80 hover:text-white' : 'text-slate-500 hover:text-slate-800')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
