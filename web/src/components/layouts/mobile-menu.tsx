import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's title (the brand). */
  title: ReactNode;
  /** The navigation. */
  children: ReactNode;
}

/**
 * The navigation as a slide-in dialog below the `lg` breakpoint (focus trapped, Escape closes, focus goes
 * back to the menu button). Its own module because Headless UI's Dialog is about 12 KB gzip that no screen
 * needs for its first render: DashboardLayout loads it lazily.
 */
export default function MobileMenu({ open, onClose, title, children }: MobileMenuProps) {
  // Runs before Headless UI moves focus into the panel, so it still sees the element that opened the menu.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const { t } = useT(commonCatalog);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40 lg:hidden">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex">
        <DialogPanel transition className="flex w-72 max-w-[85%] flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:-translate-x-full">
          <ReturnFocusOnClose to={opener} />
          <div className="flex items-center justify-between pr-2">
            <DialogTitle as="div">{title}</DialogTitle>
            <button type="button" onClick={onClose} aria-label={t('common.menu.close')} className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
              <span aria-hidden="true" className="text-xl leading-none">×</span>
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * When the panel goes away, focuses the element that opened the menu if focus was lost. Headless UI does
 * this itself from a history of focused elements that it starts keeping when its code runs; loaded by the
 * tap that opens the menu, it has not seen that tap's button.
 */
function ReturnFocusOnClose({ to }: { to: RefObject<HTMLElement | null> }) {
  useEffect(
    () => () => {
      const target = to.current;
      // After Headless UI's own attempt; only where it found nothing to focus.
      setTimeout(() => {
        const active = document.activeElement;
        if (target?.isConnected && (active === null || active === document.body)) target.focus();
      }, 0);
    },
    [to],
  );
  return null;
}
