import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { cn } from '@/components/ui/cn';
import { useT } from '@/i18n/use-t';
import type { AdminUserRow } from '../api/admin-types';
import { adminCatalog } from '../messages/catalog';

/**
 * One user's actions behind a "⋯" button (Headless UI menu: arrow keys, Escape, focus back to the
 * button), the same in the table and the phone cards. Delete only opens the confirmation; one's own
 * account cannot be deleted, and the menu says why.
 */
export function UserRowMenu({ user, isSelf, onEdit, onDelete }: { user: AdminUserRow; isSelf: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useT(adminCatalog);
  const item = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';
  return (
    <Menu>
      <MenuButton
        aria-label={t('admin.users.actionsFor', { name: user.full_name })}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <circle cx="4" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="16" cy="10" r="1.6" />
        </svg>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        <MenuItem>
          <button type="button" className={cn(item, 'text-slate-800')} onClick={onEdit}>
            {t('admin.users.edit')}
          </button>
        </MenuItem>
        <MenuItem disabled={isSelf}>
          <button type="button" className={cn(item, 'text-red-700')} onClick={onDelete}>
            {t('admin.users.delete')}
          </button>
        </MenuItem>
        {isSelf && <p className="px-4 pb-2 text-xs text-slate-500">{t('admin.users.cannotDeleteSelf')}</p>}
      </MenuItems>
    </Menu>
  );
}
