import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { Button } from './button';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question or warning, read out as the dialog's description. */
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for actions that cannot be undone. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal question before an action (Headless UI dialog: focus moves in and is trapped, Escape and the
 * backdrop cancel, focus returns to the button that opened it). Cancel gets the initial focus so a
 * stray Enter never confirms a destructive action. Headless UI moves no focus on touch devices, so the
 * dialog focuses Cancel itself once open (a keyboard may be attached to a tablet too).
 */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, destructive, pending, onConfirm, onClose }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => cancelRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const { t } = useT(commonCatalog);
  return (
    <Dialog open={open} onClose={() => !pending && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">{description}</Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={pending} ref={cancelRef} data-autofocus>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
