import { NavLink } from 'react-router';
import { Icon } from '../components/Icon';
import { NAV_ITEMS } from './navItems';

/** How the links are laid out: a column with labels, an icon rail, or a row in the header. */
export type NavLinksLayout = 'column' | 'rail' | 'row';

/** The navigation items as links; the current page is marked (`aria-current`). */
export function NavLinks({ layout, onNavigate }: { layout: NavLinksLayout; onNavigate?: () => void }) {
  return (
    <ul className={layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            onClick={onNavigate}
            title={layout === 'rail' ? item.label : undefined}
            className={({ isActive }) =>
              `flex min-h-12 items-center gap-3 rounded-xl font-semibold transition-colors ${
                layout === 'rail' ? 'justify-center px-2' : 'px-3'
              } ${
                isActive
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800'
              }`
            }
          >
            <Icon name={item.icon} />
            <span className={layout === 'rail' ? 'sr-only' : ''}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
