/** Light or dark colours (URL option `theme`). */
export type Theme = 'light' | 'dark';

/**
 * How the navigation is shown on wide screens (URL option `nav-style`); below 992 px it is
 * always a drawer. `fixed`: a sidebar with labels; `mini`: a narrow icon rail; `drawer`: a drawer
 * behind the menu button; `horizontal`: the items sit in the header.
 */
export type NavStyle = 'fixed' | 'mini' | 'drawer' | 'horizontal';

/** The page frame (URL option `layout-type`): edge to edge, a centred box, or a framed page. */
export type LayoutType = 'full' | 'boxed' | 'framed';

/** The appearance the URL options choose. */
export interface Appearance {
  readonly theme: Theme;
  readonly navStyle: NavStyle;
  readonly layoutType: LayoutType;
}

/** What the app looks like without options. */
export const DEFAULT_APPEARANCE: Appearance = { theme: 'light', navStyle: 'fixed', layoutType: 'full' };

/** Where the last chosen options are kept, so they survive navigation and reloads. */
export const APPEARANCE_STORAGE_KEY = 'pos-react.appearance';

// The UI template's long names are accepted too (`mini_sidebar`, `boxed_layout`...).
const THEMES: Record<string, Theme> = { light: 'light', dark: 'dark' };
const NAV_STYLES: Record<string, NavStyle> = {
  fixed: 'fixed',
  vertical: 'fixed',
  mini: 'mini',
  mini_sidebar: 'mini',
  drawer: 'drawer',
  horizontal: 'horizontal',
  inside_header_horizontal: 'horizontal',
};
const LAYOUT_TYPES: Record<string, LayoutType> = {
  full: 'full',
  full_layout: 'full',
  boxed: 'boxed',
  boxed_layout: 'boxed',
  framed: 'framed',
  framed_layout: 'framed',
};

/** One option's value, when the query string names a known one. */
function pick<T>(table: Record<string, T>, value: string | null): T | undefined {
  return value === null ? undefined : table[value.trim().toLowerCase().replaceAll('-', '_')];
}

/**
 * The appearance a query string asks for, on top of `base` (options it does not name, or names
 * with an unknown value, keep their `base` value).
 *
 * @example appearanceFromSearch('?theme=dark&layout-type=boxed', DEFAULT_APPEARANCE)
 */
export function appearanceFromSearch(search: string, base: Appearance): Appearance {
  const params = new URLSearchParams(search);
  return {
    theme: pick(THEMES, params.get('theme')) ?? base.theme,
    navStyle: pick(NAV_STYLES, params.get('nav-style')) ?? base.navStyle,
    layoutType: pick(LAYOUT_TYPES, params.get('layout-type')) ?? base.layoutType,
  };
}

/** The appearance kept from an earlier visit, or the default. */
export function readStoredAppearance(storage: Pick<Storage, 'getItem'>): Appearance {
  try {
    const stored = storage.getItem(APPEARANCE_STORAGE_KEY);
    if (stored === null) return DEFAULT_APPEARANCE;
    const value = JSON.parse(stored) as Partial<Record<keyof Appearance, string>>;
    return {
      theme: pick(THEMES, value.theme ?? null) ?? DEFAULT_APPEARANCE.theme,
      navStyle: pick(NAV_STYLES, value.navStyle ?? null) ?? DEFAULT_APPEARANCE.navStyle,
      layoutType: pick(LAYOUT_TYPES, value.layoutType ?? null) ?? DEFAULT_APPEARANCE.layoutType,
    };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

/** Keeps the appearance for later visits (ignores a full or disabled storage). */
export function storeAppearance(storage: Pick<Storage, 'setItem'>, appearance: Appearance): void {
  try {
    storage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify(appearance));
  } catch {
    // The options still apply to this page.
  }
}
