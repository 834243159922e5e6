import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { Icon } from '../components/Icon';
import { useSession } from '../hooks/useSession';
import { MyAccountDialog } from './MyAccountDialog';

/** Initials for the avatar ('AC' for Ana Cashier). */
function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/**
 * The header's user menu (spec section 2): My Account and Logout. With no profile loaded,
 * opening it signs out (spec section 6).
 */
export function UserMenu() {
  const { displayName, session } = useSession();
  const [accountOpen, setAccountOpen] = useState(false);
  const itemClass =
    'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left font-medium text-slate-800 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800';
  return (
    <>
      <Menu as="div" className="relative">
        <MenuButton
          onClick={() => session.ensureProfile()}
          className="flex min-h-12 items-center gap-2 rounded-xl px-2 font-semibold text-slate-800 hover:bg-slate-100 data-open:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:data-open:bg-slate-800"
        >
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 dark:bg-brand-800 dark:text-brand-100"
          >
            {initialsOf(displayName)}
          </span>
          <span className="max-w-40 truncate max-sm:sr-only">{displayName || 'Account'}</span>
          <Icon name="chevronDown" className="size-4" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-40 mt-1 w-56 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-900/10 focus:outline-none dark:bg-slate-900 dark:ring-white/10"
        >
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => setAccountOpen(true)}>
              <Icon name="user" />
              My Account
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => session.signOut()}>
              <Icon name="logout" />
              Logout
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      <MyAccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </>
  );
}
