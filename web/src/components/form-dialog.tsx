import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { XIcon } from './x-icon';

/** The form's part of the dialog: its submit, the server's refusal, and Cancel / submit at its foot. */
interface FormPart {
  /** Called with the submit event, already kept from reaching a form the dialog is opened from. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  cancelLabel: string;
  /** The server's refusal, shown above the buttons (what was typed stays). */
  error?: ReactNode;
  /** Cancel gets the focus, so a stray Enter does not confirm (a dialog without a field to type in). */
  focusCancel?: boolean;
}

export type FormDialogProps = {
  open: boolean;
  /** Escape, the backdrop, Cancel and the close button; not while pending. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** A warning reads on amber (what the action freezes or cannot undo). */
  descriptionTone?: 'plain' | 'warning';
  /** The widest fits a review screen; its panel also reaches the phone's edges. */
  size?: 'lg' | 'xl' | '3xl';
  /** A close button beside the title, named so (a dialog whose body has its own actions). */
  closeLabel?: string;
  /** Submit shows a spinner and is disabled; Cancel and closing wait. */
  pending?: boolean;
  children?: ReactNode;
} & (FormPart | { onSubmit?: undefined });

const widths = { lg: 'max-w-lg', xl: 'max-w-xl', '3xl': 'max-w-3xl' } as const;

/**
 * A modal form (Headless UI dialog: focus moves in and is trapped, Escape and the backdrop close it, focus
 * returns to the button that opened it). The panel scrolls inside the viewport when taller than the phone.
 * Headless UI moves no focus on touch devices, so once open the dialog focuses the element marked
 * `data-autofocus` (or Cancel, with `focusCancel`) itself: a keyboard may be attached to a tablet too.
 */
export function FormDialog(props: FormDialogProps) {
  const { open, onClose, title, description, descriptionTone = 'plain', size = 'lg', closeLabel, pending, children } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const focusCancel = props.onSubmit !== undefined && props.focusCancel;
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const target = focusCancel ? cancelRef.current : panelRef.current?.querySelector<HTMLElement>('[data-autofocus]');
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, focusCancel]);
  const close = () => {
    if (!pending) onClose();
  };
  const wide = size === '3xl';
  const heading = (
    <>
      <DialogTitle className="text-lg font-semibold break-words text-slate-900">{title}</DialogTitle>
      {description !== undefined && (
        <Description
          className={cn(
            'text-sm text-slate-700',
            closeLabel ? 'mt-1 break-words' : 'mt-2',
            descriptionTone === 'warning' && 'rounded-md bg-amber-50 p-3 text-amber-900',
          )}
        >
          {description}
        </Description>
      )}
    </>
  );
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className={cn('flex min-h-full justify-center', wide ? 'items-start p-2 sm:items-center sm:p-4' : 'items-center p-4')}>
          <DialogPanel ref={panelRef} className={cn('w-full rounded-lg bg-white shadow-xl', widths[size], wide ? 'p-4 sm:p-6' : 'p-6')}>
            {closeLabel ? (
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">{heading}</div>
                <Button variant="ghost" size="sm" className="shrink-0" aria-label={closeLabel} onClick={close}>
                  <XIcon className="size-5" />
                </Button>
              </div>
            ) : (
              heading
            )}
            {props.onSubmit ? (
              <form
                noValidate
                className="mt-4 space-y-4"
                onSubmit={(event) => {
                  // React carries a submit through the portal to a form the dialog was opened from.
                  event.stopPropagation();
                  event.preventDefault();
                  props.onSubmit(event);
                }}
              >
                {children}
                {props.error != null && props.error !== false && (
                  <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                    {props.error}
                  </p>
                )}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={close} disabled={pending} ref={cancelRef} data-autofocus={props.focusCancel || undefined}>
                    {props.cancelLabel}
                  </Button>
                  <Button type="submit" variant={props.submitVariant ?? 'primary'} pending={pending}>
                    {props.submitLabel}
                  </Button>
                </div>
              </form>
            ) : (
              children
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
