import type { IconName } from '../components/Icon';

/** An entry of the navigation. */
export interface NavItem {
  readonly to: string;
  readonly label: string;
  readonly icon: IconName;
}

/** The navigation of spec section 2: one item, Main Page. */
export const NAV_ITEMS: readonly NavItem[] = [{ to: '/main', label: 'Main Page', icon: 'grid' }];
